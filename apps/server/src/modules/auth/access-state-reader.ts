import { GroupCommit } from '../../lib/group-commit';
import type { AccessState, AccessStateLoader } from './access-state-cache';

interface AccessRow {
  tokenVersion: number;
  status: string;
}

/** Where account states are read: one account, or many in one query. */
export interface AccessStateSource {
  accessState(id: string): Promise<AccessRow | undefined>;
  accessStates(ids: string[]): Promise<Array<AccessRow & { id: string }>>;
}

const toState = (row: AccessRow | undefined): AccessState | null =>
  row ? { tokenVersion: row.tokenVersion, active: row.status === 'active' } : null;

/**
 * The access-state cache's loader. Reads due in the same turn of the event loop, or while one is
 * in flight, go in one query (`lib/group-commit`): when many entries expire or are renewed
 * together, their accounts cost a few queries, not one each; on PGlite every query holds the only
 * thread. A read alone keeps the single-account statement. Should a batch fail, each of its
 * accounts is read on its own, so one failure reaches only its own request.
 */
export function batchedAccessStateLoader(source: AccessStateSource, maxBatch = 512): AccessStateLoader {
  const group = new GroupCommit<'read', string, AccessState | null>(
    {
      one: async (_key, id) => toState(await source.accessState(id)),
      many: async (_key, ids) => {
        const rows = new Map((await source.accessStates(ids)).map((row) => [row.id, row]));
        return ids.map((id) => toState(rows.get(id)));
      },
    },
    { maxBatch, retryOneByOne: true },
  );
  return (userId) => group.submit('read', userId);
}
