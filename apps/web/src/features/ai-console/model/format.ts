/** Number formatting of the console: figures as measured, a dash where nothing was measured. */

const int = new Intl.NumberFormat('en-US');

export const NO_DATA = '—';

export function count(n: number | null | undefined): string {
  return n === null || n === undefined ? NO_DATA : int.format(n);
}

export function percent(ratio: number | null | undefined, digits = 1): string {
  return ratio === null || ratio === undefined ? NO_DATA : `${(ratio * 100).toFixed(digits)}%`;
}

export function ms(value: number | null | undefined): string {
  if (value === null || value === undefined) return NO_DATA;
  return value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`;
}

/** Dollars: small AI costs keep their significant digits. */
export function dollars(value: number | null | undefined): string {
  if (value === null || value === undefined) return NO_DATA;
  if (value === 0) return '$0.00';
  return value < 0.01 ? `$${value.toPrecision(2)}` : `$${value.toFixed(2)}`;
}

export function factor(value: number | null | undefined): string {
  return value === null || value === undefined ? NO_DATA : `×${value.toFixed(3)}`;
}

export function when(iso: string | null | undefined): string {
  if (!iso) return NO_DATA;
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
}

/** `ai_knowledge_base` -> `Knowledge base`. */
export function tableLabel(table: string): string {
  const words = table.replace(/^ai_/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** `best_practices` or `responseTime` -> `Best practices`, `Response time`. */
export function words(id: string): string {
  const w = id
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** `1 cycle`, `2 cycles`. */
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
