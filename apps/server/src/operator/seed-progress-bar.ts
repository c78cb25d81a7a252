import type { SeedProgress } from '@stratos/contracts/ai/seeding.schema';
import cliProgress from 'cli-progress';

/**
 * The terminal's view of a seed: one bar over all records, with the current table, tables done
 * of 8 and the rate. Drawn on stderr when it is a terminal (cli-progress stays silent otherwise),
 * so the summary on stdout stays clean for scripts.
 */
export function seedProgressBar(): { update(progress: unknown): void; stop(): void } {
  const bar = new cliProgress.SingleBar(
    {
      format:
        'Seeding [{bar}] {percentage}% | {value}/{total} records | {tables}/8 tables | {table} | {rate} records/s',
      hideCursor: true,
      stream: process.stderr,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(raw) {
      const p = raw as SeedProgress;
      if (typeof p?.totalRecords !== 'number' || p.operation === 'clear') return;
      const payload = {
        tables: p.tablesCompleted,
        table: p.currentTable ?? p.currentOperation,
        rate: p.recordsPerSecond,
      };
      if (!started) {
        started = true;
        bar.start(p.totalRecords, p.recordsProcessed, payload);
      } else bar.update(p.recordsProcessed, payload);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
