/** A shipping address as an order carries it (the contract's ShippingAddressView). */
export interface AddressLike {
  name: string;
  line1: string;
  line2: string | null;
  city: string;
  postalCode: string;
  country: string;
}

let regions: Intl.DisplayNames | null = null;

/** "GB" -> "United Kingdom", in English (the app's language); the code itself when unknown. */
export function countryName(code: string): string {
  regions ??= new Intl.DisplayNames(['en'], { type: 'region' });
  try {
    return regions.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The address as lines for a label: name, street, optional second line, "postcode city", country. */
export function addressLines(a: AddressLike): string[] {
  return [a.name, a.line1, a.line2 ?? '', `${a.postalCode} ${a.city}`, countryName(a.country)].filter(
    (l) => l.trim() !== '',
  );
}
