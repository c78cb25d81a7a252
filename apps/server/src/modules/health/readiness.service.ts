import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReadinessReply } from '@stratos/contracts/health/health.schema';
import type { StorageDriver } from '../../storage/storage-driver';
import type { ReadinessRepository } from './readiness.repository';

/** A dependency that does not answer in this long counts as down: a probe must answer quickly. */
const CHECK_TIMEOUT_MS = 3_000;

type Check = { status: 'ok' | 'error'; message?: string };

export interface ReadinessDeps {
  repository: ReadinessRepository;
  storage: StorageDriver;
  migrationsDir: string;
  log: { warn(obj: object, msg: string): void };
}

/**
 * Whether this process can serve: the database answers a query, the file store takes a write
 * (local directory) or knows the bucket (S3), and every migration of this build is applied.
 * Liveness (/api/health) stays separate: a process whose database is down is alive but not ready.
 */
export class ReadinessService {
  private journal: number[] | null = null;

  constructor(private readonly deps: ReadinessDeps) {}

  async check(): Promise<ReadinessReply> {
    const [database, storage, migrations] = await Promise.all([
      this.run('database', () => this.deps.repository.ping()),
      this.run('storage', () => this.deps.storage.probe()),
      this.migrations(),
    ]);
    const checks = {
      database,
      storage: { ...storage, driver: this.deps.storage.backend as 'local' | 's3' },
      migrations,
    };
    const ready = [database, storage, migrations].every((c) => c.status === 'ok');
    return { status: ready ? 'ready' : 'not_ready', checks };
  }

  private async migrations(): Promise<Check & { pending?: number }> {
    let last: number | null = null;
    const failed = await this.run('migrations', async () => {
      last = await this.deps.repository.lastAppliedMigration();
    });
    if (failed.status === 'error') return failed;
    const pending = this.journalTimes().filter((when) => last === null || when > last).length;
    if (pending === 0) return { status: 'ok', pending };
    return {
      status: 'error',
      pending,
      message: `${pending} migration${pending === 1 ? '' : 's'} not applied (npm run cli -- migrate)`,
    };
  }

  /** The build's migrations (drizzle's journal), read once: they do not change while it runs. */
  private journalTimes(): number[] {
    if (!this.journal) {
      const file = path.join(this.deps.migrationsDir, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(file, 'utf8')) as { entries: { when: number }[] };
      this.journal = journal.entries.map((e) => e.when);
    }
    return this.journal;
  }

  private async run(name: string, probe: () => Promise<void>): Promise<Check> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
    });
    try {
      await Promise.race([probe(), timeout]);
      return { status: 'ok' };
    } catch (err) {
      this.deps.log.warn({ err, check: name }, 'readiness check failed');
      return { status: 'error', message: describe(err) };
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A short reason for an operator; no stack, no connection string. */
function describe(err: unknown): string {
  const e = err as { code?: string; name?: string; message?: string };
  const text = e?.message || e?.name || String(err);
  const first = text.split('\n')[0] ?? text;
  return e?.code && !first.includes(e.code) ? `${e.code}: ${first}` : first;
}
