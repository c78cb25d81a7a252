import { SEED_TABLES, type SeedProgress } from '@stratos/contracts/ai/seeding.schema';
import { AppError } from '../lib/app-error';
import { SeedingService } from '../modules/ai/seeding/seeding.service';
import type { OperatorProgress, OperatorRequest } from './operator-channel';
import type { OperatorTarget } from './operator-commands';
import { CliError } from './superadmin';

type SeedRequest = Extract<OperatorRequest, { command: 'seed' }>;
const ACTIONS = ['smart', 'real', 'check', 'clear'] as const;

/**
 * `npm run cli -- seed`: the seeding tool of the API, on the server's own seeding service when a
 * running server carries it out (its progress stream sees the run), else on the CLI's connection.
 */
export async function runSeedCommand(
  target: OperatorTarget,
  request: SeedRequest,
  progress?: OperatorProgress,
): Promise<string[]> {
  if (!ACTIONS.includes(request.action))
    throw new CliError(`Unknown seed action "${String(request.action)}".`);
  if (
    request.scale !== undefined &&
    !(typeof request.scale === 'number' && request.scale >= 0.01 && request.scale <= 1)
  )
    throw new CliError('--scale must be a number from 0.01 to 1.');
  const seeding =
    target.seeding ??
    new SeedingService({ db: target.database.db, log: { error: (obj, msg) => console.error(msg, obj) } });
  const unsubscribe = seeding.subscribe((p: SeedProgress) => progress?.(p));
  try {
    switch (request.action) {
      case 'check': {
        const c = await seeding.check();
        return [
          ...SEED_TABLES.map((t) => `${t.padEnd(26)} ${String(c.tables[t] ?? 0).padStart(7)}`),
          `${c.totalRecords} records in ${c.tablesWithData} of ${c.totalTables} tables; ${c.pendingEmbeddings} embeddings pending.`,
        ];
      }
      case 'clear': {
        const c = await seeding.clear();
        return [`Deleted ${c.totalDeleted} records from ${c.clearedTables.length} tables.`];
      }
      case 'smart': {
        const r = await seeding.smart(request.scale);
        return [
          ...SEED_TABLES.map(
            (t) =>
              `${t.padEnd(26)} ${String(r.tables[t].inserted).padStart(7)} inserted, ${r.tables[t].skipped} already there`,
          ),
          `Smart seed: ${r.totalInserted} inserted, ${r.totalSkipped} skipped in ${(r.duration / 1000).toFixed(1)} s (${r.recordsPerSecond} records/s).`,
        ];
      }
      case 'real': {
        const r = await seeding.real(request.scale);
        return [
          ...SEED_TABLES.map(
            (t) =>
              `${t.padEnd(26)} ${String(r.tables[t].inserted).padStart(7)} inserted, ${r.tables[t].skipped} already there`,
          ),
          `Seeded ${r.totalRecords} records in ${(r.duration / 1000).toFixed(1)} s (${r.recordsPerSecond} records/s).`,
        ];
      }
    }
  } catch (err) {
    // A refusal (another run in progress) or a failure with the API's message: the operator's words.
    if (err instanceof AppError) throw new CliError(err.message);
    throw err;
  } finally {
    unsubscribe();
  }
}
