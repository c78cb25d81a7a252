import { GroupCommit } from '../../../lib/group-commit';
import type { NewUsageRow } from './providers.repository';

export interface UsageLogWriter {
  logUsage(row: NewUsageRow): Promise<void>;
  logUsageRows(rows: NewUsageRow[]): Promise<void>;
}

/**
 * Group commit for the AI usage log (`lib/group-commit`, as billing's DeductionBatcher): the rows
 * of one event-loop turn, and those that arrive while an insert is in flight, go together in one
 * multi-row insert, at most 256 at a time. Every caller's promise settles only once its own row is
 * written, so a reply still waits for its usage row and none is lost. When a batch fails, its rows
 * are retried one by one, so one bad row (its user deleted meanwhile) fails only its own call.
 */
export class UsageLogBatcher {
  private readonly group: GroupCommit<null, NewUsageRow, void>;

  constructor(writer: UsageLogWriter) {
    this.group = new GroupCommit(
      {
        one: (_key, row) => writer.logUsage(row),
        many: async (_key, rows) => {
          await writer.logUsageRows(rows);
          return rows.map(() => undefined);
        },
      },
      { maxBatch: 256, retryOneByOne: true },
    );
  }

  write(row: NewUsageRow): Promise<void> {
    return this.group.submit(null, row);
  }
}
