import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireDataDirLock,
  acquireServerLock,
  DataDirBusyError,
  lockPath,
  reachDataDir,
  readLock,
} from './data-dir-lock';

/** The id of a process that has already ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid;

describe('data directory lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'stratos-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('names its holder, refuses a second holder while it lives, and goes away on release', () => {
    const lock = acquireDataDirLock(dir, 'server');
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8'))).toMatchObject({
      pid: process.pid,
      role: 'server',
    });
    expect(() => acquireDataDirLock(dir, 'cli')).toThrow(DataDirBusyError);
    expect(() => acquireDataDirLock(dir, 'cli')).toThrow(/in use by a running Stratos server \(pid \d+\)/);
    lock.announceSocket('/tmp/x.sock');
    expect(readLock(dir)).toEqual({
      holder: expect.objectContaining({ socket: '/tmp/x.sock' }),
      stale: false,
    });
    lock.release();
    lock.release();
    expect(existsSync(lockPath(dir))).toBe(false);
  });

  it('replaces the lock of a process that died, and the socket it left', () => {
    const socket = path.join(dir, 'stratos.sock');
    writeFileSync(socket, '');
    const pid = deadPid();
    writeFileSync(lockPath(dir), JSON.stringify({ pid, role: 'server', socket, startedAt: '' }));
    expect(readLock(dir)?.stale).toBe(true);
    const lock = acquireDataDirLock(dir, 'cli');
    expect(lock.replacedStale?.pid).toBe(pid);
    expect(existsSync(socket)).toBe(false);
    expect(readLock(dir)).toMatchObject({ holder: { pid: process.pid, role: 'cli' }, stale: false });
    lock.release();
  });

  it('treats a half-written lock as stale', () => {
    writeFileSync(lockPath(dir), '{"pid": 12');
    const lock = acquireDataDirLock(dir, 'server');
    expect(lock.holder.pid).toBe(process.pid);
    lock.release();
  });

  it('sends a command to a live server that announced its socket', async () => {
    const lock = acquireDataDirLock(dir, 'server');
    lock.announceSocket('/tmp/server.sock');
    expect(await reachDataDir(dir, 0)).toEqual({
      kind: 'server',
      socket: '/tmp/server.sock',
      pid: process.pid,
    });
    lock.release();
    const route = await reachDataDir(dir, 0);
    expect(route.kind).toBe('local');
    if (route.kind === 'local') route.lock.release();
  });

  it('waits for a command in progress, then gives up with the holder named', async () => {
    const lock = acquireDataDirLock(dir, 'cli');
    await expect(reachDataDir(dir, 300)).rejects.toThrow(/in use by `npm run cli`/);
    setTimeout(() => lock.release(), 200);
    const route = await reachDataDir(dir, 5_000);
    expect(route.kind).toBe('local');
    if (route.kind === 'local') route.lock.release();
  });

  it('lets a server wait for a command to finish, never for another server', async () => {
    const command = acquireDataDirLock(dir, 'cli');
    setTimeout(() => command.release(), 200);
    const server = await acquireServerLock(dir, 5_000);
    expect(server.holder.role).toBe('server');
    // Refused at once: were it waiting out the minute, the test would time out.
    await expect(acquireServerLock(dir, 60_000)).rejects.toThrow(DataDirBusyError);
    server.release();
  });
});
