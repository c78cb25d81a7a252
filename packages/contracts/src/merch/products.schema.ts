import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.schema';
import { multiLineText, singleLineText } from '../common/text.schema';
import { MERCH_CATEGORY_IDS } from './merch-constants';

/**
 * The merchandise catalogue (part 2 sections 2, 3, 9; DECISIONS.md section 7). Prices are served in
 * dollars as the spec's client reads them (`price`), and in cents (`priceCents`) for exact sums.
 */
export { MERCH_MESSAGES, MERCH_PRICING } from './merch-constants';

export const MERCH_CATEGORIES = MERCH_CATEGORY_IDS;
export const merchCategorySchema = z.enum(MERCH_CATEGORIES);
export type MerchCategory = z.infer<typeof merchCategorySchema>;

/** Product ids are slugs ("logo-t-shirt"); they name the image files too. */
export const productIdSchema = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Invalid product id');

export const merchProductSchema = z.object({
  id: productIdSchema,
  name: z.string(),
  description: z.string(),
  /** Dollars, e.g. 24.99 (the spec's `price`). */
  price: z.number(),
  priceCents: z.number().int(),
  category: merchCategorySchema,
  /** The first colour's picture. */
  image: z.string(),
  /** A picture per colour: `images[color]`. */
  images: z.record(z.string(), z.string()),
  colors: z.array(z.string()),
  sizes: z.array(z.string()),
  featured: z.boolean(),
  inStock: z.boolean(),
  stock: z.number().int(),
  sku: z.string(),
});
export type MerchProduct = z.infer<typeof merchProductSchema>;

export const merchProductsReplySchema = dataEnvelope(z.array(merchProductSchema));
export const merchProductReplySchema = dataEnvelope(merchProductSchema);

export const merchProductsQuerySchema = z.object({
  category: merchCategorySchema.optional(),
  featured: z.enum(['true', 'false']).optional(),
});

export const productParamsSchema = z.object({ id: productIdSchema });

const optionList = z
  .array(singleLineText().min(1).max(30))
  .min(1)
  .max(12)
  .refine((l) => new Set(l).size === l.length, 'Options must be unique');

/** The superadmin's edit: any subset of the editable fields. */
export const updateMerchProductBodySchema = z
  .strictObject({
    name: singleLineText().trim().min(1).max(80),
    description: multiLineText().trim().max(1000),
    priceCents: z.number().int().min(1).max(1_000_000),
    category: merchCategorySchema,
    colors: optionList,
    sizes: optionList,
    featured: z.boolean(),
    stock: z.number().int().min(0).max(1_000_000),
    sku: singleLineText().trim().min(1).max(40),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'Nothing to update');
export type UpdateMerchProductBody = z.infer<typeof updateMerchProductBodySchema>;
