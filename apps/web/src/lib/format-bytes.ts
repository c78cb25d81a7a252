/** Byte sizes in words, base 1024 (part 1 section 9: files B to GB, the dashboard B to TB). */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;
export type ByteUnit = (typeof UNITS)[number];

export interface FormatBytesOptions {
  /** The largest unit to use; bigger values stay in it ("2048 GB"). Default TB. */
  maxUnit?: ByteUnit;
}

/** Built once: long lists format thousands of sizes. */
const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** "0 B", "512 B", "1.5 KB", "12.3 MB", "120 MB", "2 GB". One decimal under 100, none above. */
export function formatBytes(bytes: number, options: FormatBytesOptions = {}): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const last = UNITS.indexOf(options.maxUnit ?? 'TB');
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < last) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  // Round first, so 1023.96 KB reads "1024 KB" rather than "1024.0 KB".
  const rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${NUMBER.format(rounded)} ${UNITS[unit]}`;
}

/** Transfer speed: "3.2 MB/s". */
export function formatSpeed(bytesPerSecond: number): string {
  return `${formatBytes(bytesPerSecond)}/s`;
}
