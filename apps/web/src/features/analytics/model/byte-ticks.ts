const STEPS = [0.25, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000] as const;

/**
 * Y-axis ticks for a byte chart in round binary units (0, 1 MB, 2 MB, 3 MB, 4 MB), so the labels
 * read as formatBytes writes them instead of "977 KB, 1.9 MB, 2.9 MB" (round decimal numbers shown
 * in base 1024). About `count` steps from 0 to at least `max`.
 */
export function byteTicks(max: number, count = 4): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1024];
  let unit = 1;
  while (max / unit >= 1024 && unit < 1024 ** 4) unit *= 1024;
  const rough = max / unit / count;
  const step = (STEPS.find((s) => s >= rough) ?? STEPS[STEPS.length - 1]) * unit;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let t = 0; t <= top + step / 2; t += step) ticks.push(t);
  return ticks;
}
