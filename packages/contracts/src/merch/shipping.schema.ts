import { z } from 'zod';
import { singleLineText } from '../common/text.schema';

/** ISO 3166-1 alpha-2 codes the store ships to (every assigned country code). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV ' +
  'BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ' +
  'ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE ' +
  'IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY ' +
  'MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU ' +
  'NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM ' +
  'SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE ' +
  'VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

export const SHIPPING_MESSAGES = {
  name: 'Please enter the recipient name',
  line1: 'Please enter the street address',
  city: 'Please enter the city',
  postalCode: 'Please enter a valid postal code',
  country: 'Please choose a country',
} as const;

const field = (max: number, message: string) => singleLineText({ trim: true }).min(1, message).max(max);

/** Where a store order goes; every checkout (guest or signed in) gives one. */
export const shippingAddressSchema = z.strictObject({
  name: field(100, SHIPPING_MESSAGES.name),
  line1: field(200, SHIPPING_MESSAGES.line1),
  line2: singleLineText({ trim: true })
    .max(200)
    .optional()
    .transform((v) => (v ? v : undefined)),
  city: field(100, SHIPPING_MESSAGES.city),
  /** Letters, digits, spaces and hyphens: every country's format fits (UK "SW1A 1AA", "10115", "K1A-0B1"). */
  postalCode: singleLineText({ trim: true })
    .min(2, SHIPPING_MESSAGES.postalCode)
    .max(12, SHIPPING_MESSAGES.postalCode)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*[A-Za-z0-9]$/, SHIPPING_MESSAGES.postalCode)
    .transform((v) => v.toUpperCase()),
  country: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => COUNTRY_CODES.includes(v), SHIPPING_MESSAGES.country),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/** The address as an order shows it. */
export const shippingAddressViewSchema = z.object({
  name: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
});
export type ShippingAddressView = z.infer<typeof shippingAddressViewSchema>;
export type ShippingAddressInput = z.input<typeof shippingAddressSchema>;
