import { USAGE_CSV_COLUMNS } from '@stratos/contracts/ai/analytics.schema';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A text starting with = + - @ (or a tab/CR) gets a leading apostrophe so a spreadsheet does not
 * run it as a formula (model and operation names come from callers).
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export const csvLine = (fields: Array<string | number | null>) => `${fields.map(csvField).join(',')}\r\n`;

export const CSV_HEADER = csvLine([...USAGE_CSV_COLUMNS]);
