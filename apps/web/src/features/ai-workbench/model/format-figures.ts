/** Dollars as the usage log records them: tiny amounts keep two significant digits. */
export function formatCost(dollars: number): string {
  if (dollars === 0) return '$0 (free)';
  if (dollars >= 0.01) return `$${dollars.toFixed(4)}`;
  const decimals = Math.min(12, 2 - Math.floor(Math.log10(dollars)));
  return `$${dollars.toFixed(decimals).replace(/0+$/, '')}`;
}

export function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms} ms`;
}
