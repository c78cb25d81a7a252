import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SEED_TABLES, type SeedProgress } from '@stratos/contracts/ai/seeding.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../test/test-app';
import { parseCommand } from '../cli';
import { seedCounts } from '../modules/ai/seeding/seed-generator';
import { listenOperatorChannel, operatorSocketPath, sendOperatorRequest } from './operator-channel';
import { type OperatorTarget, operatorHandler, runOperatorCommand } from './operator-commands';
import { CliError } from './superadmin';

describe('npm run cli -- seed', () => {
  it('reads the action, the scale and the confirmation', () => {
    expect(parseCommand(['seed'])).toEqual({ name: 'seed', action: 'smart' });
    expect(parseCommand(['seed', '--real', '--scale', '0.5'])).toEqual({
      name: 'seed',
      action: 'real',
      scale: 0.5,
    });
    expect(parseCommand(['seed', '--check'])).toEqual({ name: 'seed', action: 'check' });
    expect(parseCommand(['seed', '--clear', '--yes'])).toEqual({ name: 'seed', action: 'clear' });
    expect(() => parseCommand(['seed', '--clear'])).toThrow(/add --yes to confirm/);
    expect(() => parseCommand(['seed', '--smart', '--real'])).toThrow(CliError);
    expect(() => parseCommand(['seed', '--scale', '2'])).toThrow(/from 0.01 to 1/);
    expect(() => parseCommand(['seed', '--scale', 'many'])).toThrow(/from 0.01 to 1/);
    expect(() => parseCommand(['seed', '--check', '--scale', '0.1'])).toThrow(CliError);
    expect(() => parseCommand(['seed', '--force'])).toThrow(/Unknown option '--force'/);
  });

  describe('on an opened database (the CLI’s own connection, or the server’s through its channel)', () => {
    let opened: TestDatabase;
    let target: OperatorTarget;
    const counts = seedCounts(0.02);
    const total = SEED_TABLES.reduce((n, t) => n + counts[t], 0);
    beforeAll(async () => {
      opened = await openTestDatabase();
      target = { database: opened.database, migrationsDir: '', storage: {} as never, dataDir: '' };
    });
    afterAll(async () => opened?.dispose());

    it('seeds with progress, checks, skips what is there and clears', async () => {
      const seen: SeedProgress[] = [];
      const lines = await runOperatorCommand(target, { command: 'seed', action: 'smart', scale: 0.02 }, (p) =>
        seen.push(p as SeedProgress),
      );
      expect(lines.at(-1)).toMatch(new RegExp(`^Smart seed: ${total} inserted, 0 skipped in`));
      expect(seen.map((p) => p.tablesCompleted).at(-1)).toBe(8);
      expect(seen.some((p) => p.currentTable === 'ai_performance_metrics')).toBe(true);

      const check = await runOperatorCommand(target, { command: 'seed', action: 'check' });
      expect(check.at(-1)).toBe(
        `${total} records in 8 of 8 tables; ${counts.ai_knowledge_embeddings} embeddings pending.`,
      );
      const again = await runOperatorCommand(target, { command: 'seed', action: 'real', scale: 0.02 });
      expect(again.at(-1)).toMatch(new RegExp(`^Seeded ${total} records in`));
      expect(again[0]).toMatch(/ai_knowledge_base +0 inserted, 240 already there/);

      const cleared = await runOperatorCommand(target, { command: 'seed', action: 'clear' });
      expect(cleared).toEqual([`Deleted ${total} records from 8 tables.`]);
    });

    it('streams progress lines through the operator channel before the reply', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'stratos-seed-channel-'));
      const socket = operatorSocketPath(dir);
      const log = { info: () => {}, error: () => {} };
      let server: Server | undefined;
      try {
        server = await listenOperatorChannel(socket, operatorHandler(target, log));
        const seen: SeedProgress[] = [];
        const reply = await sendOperatorRequest(
          socket,
          { command: 'seed', action: 'smart', scale: 0.02 },
          60_000,
          (p) => seen.push(p as SeedProgress),
        );
        expect(reply.ok).toBe(true);
        expect(reply.ok && reply.lines.at(-1)).toMatch(new RegExp(`^Smart seed: ${total} inserted`));
        expect(seen.length).toBeGreaterThan(8);
        expect(seen.at(-1)).toMatchObject({ status: 'succeeded', recordsCreated: total });
        // A bad scale is the operator's mistake, in the CLI's words.
        const bad = await sendOperatorRequest(socket, { command: 'seed', action: 'smart', scale: 7 });
        expect(bad).toEqual({
          ok: false,
          error: '--scale must be a number from 0.01 to 1.',
          operatorError: true,
        });
      } finally {
        await new Promise((done) => (server ? server.close(done) : done(undefined)));
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
