import { addDays, DAY_MS, dayStart } from './pricing';
import type { UsageFigures } from './usage.repository';

export interface DayUsage {
  day: string;
  /** Stored bytes at the end of the day (or at `until`, for the day it falls in). */
  endBytes: bigint;
  /** Stored bytes integrated over the day up to `until` (bytes x ms). */
  byteMs: bigint;
  transferBytes: bigint;
}

/**
 * Folds the per-day figures into one entry per UTC day from `fromDay` up to the instant `until`
 * (a day cut by `until` counts only its elapsed part). Bytes stored in a day integrate to
 * bytes-before x elapsed + sum(delta x (elapsed - offset of the event)).
 */
export function daySeries(figures: UsageFigures, fromDay: string, until: Date): DayUsage[] {
  const out: DayUsage[] = [];
  let bytes = figures.beforeBytes;
  for (let day = fromDay; dayStart(day).getTime() < until.getTime(); day = addDays(day, 1)) {
    const elapsed = BigInt(Math.min(DAY_MS, until.getTime() - dayStart(day).getTime()));
    const f = figures.days.get(day);
    const delta = f?.deltaBytes ?? 0n;
    const byteMs = bytes * elapsed + delta * elapsed - (f?.deltaMsIntoDay ?? 0n);
    bytes += delta;
    out.push({
      day,
      endBytes: bytes > 0n ? bytes : 0n,
      byteMs: byteMs > 0n ? byteMs : 0n,
      transferBytes: f?.transferBytes ?? 0n,
    });
  }
  return out;
}
