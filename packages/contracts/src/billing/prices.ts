// Apart from credits.schema.ts so that pages quoting the prices (the home page) do not load zod.
/** Prices (part 1 section 9). */
export const STORAGE_DOLLARS_PER_GB_MONTH = 0.2;
export const TRANSFER_DOLLARS_PER_GB = 0.1;
