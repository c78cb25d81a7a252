import type { NewUsageRow } from './providers.repository';

/** Rows queued behind one insert in flight are written together, at most this many at a time. */
const MAX_BATCH = 256;

interface Queued {
  row: NewUsageRow;
  resolve(): void;
  reject(err: unknown): void;
}

export interface UsageLogWriter {
  logUsage(row: NewUsageRow): Promise<void>;
  logUsageRows(rows: NewUsageRow[]): Promise<void>;
}

/**
 * Group commit for the AI usage log (the pattern of billing's DeductionBatcher): a row alone is
 * inserted at once (one prepared statement, no timer, no added wait); rows that arrive while an
 * insert is in flight queue and go together in one multi-row insert. Every caller's promise settles
 * only once its own row is written, so a reply still waits for its usage row and none is lost.
 * When a batch fails, its rows are retried one by one, so one bad row (its user deleted meanwhile)
 * fails only its own call.
 */
export class UsageLogBatcher {
  private queue: Queued[] | null = null;

  constructor(private readonly writer: UsageLogWriter) {}

  write(row: NewUsageRow): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (this.queue) {
        this.queue.push({ row, resolve, reject });
        return;
      }
      this.queue = [];
      this.writer
        .logUsage(row)
        .then(resolve, reject)
        .finally(() => this.drain());
    });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const queue = this.queue ?? [];
      if (queue.length === 0) {
        this.queue = null;
        return;
      }
      const batch = queue.splice(0, MAX_BATCH);
      try {
        if (batch.length === 1) await this.writer.logUsage((batch[0] as Queued).row);
        else await this.writer.logUsageRows(batch.map((q) => q.row));
        for (const q of batch) q.resolve();
      } catch (err) {
        if (batch.length === 1) (batch[0] as Queued).reject(err);
        else await this.oneByOne(batch);
      }
    }
  }

  private async oneByOne(batch: Queued[]): Promise<void> {
    for (const q of batch) {
      try {
        await this.writer.logUsage(q.row);
        q.resolve();
      } catch (err) {
        q.reject(err);
      }
    }
  }
}
