const DAY = 24 * 3600 * 1000;

/** "in 30 days", "tomorrow", "today": how long until the retention job removes an item for good. */
export function purgeIn(purgeAt: string, now = Date.now()): string {
  const ms = Date.parse(purgeAt) - now;
  if (Number.isNaN(ms)) return '—';
  const days = Math.ceil(ms / DAY);
  if (days <= 0) return 'today';
  if (days === 1) return 'tomorrow';
  return `in ${days} days`;
}
