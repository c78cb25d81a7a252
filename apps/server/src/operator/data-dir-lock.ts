import {
  closeSync,
  linkSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';

/**
 * PGlite is a database inside one process: two processes opening the same directory corrupt it
 * or freeze. The process that opens DATA_DIR/pglite first writes DATA_DIR/stratos.lock (created
 * exclusively) naming itself; everyone else reads it to learn who holds the database and, for a
 * server, where its operator channel listens.
 */
export type LockRole = 'server' | 'cli';

export interface LockHolder {
  pid: number;
  role: LockRole;
  /** The server's operator channel, once it listens. */
  socket?: string;
  startedAt: string;
}

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const who =
      holder.role === 'server'
        ? `a running Stratos server (pid ${holder.pid})`
        : `\`npm run cli\` (pid ${holder.pid})`;
    super(
      `The database in ${path.join(dataDir, 'pglite')} is in use by ${who}. PGlite lets one process open it at a ` +
        (holder.role === 'server'
          ? 'time: stop that server first, or start this one with another DATA_DIR.'
          : 'time: try again when the command has finished.'),
    );
  }
}

export const lockPath = (dataDir: string) => path.join(dataDir, 'stratos.lock');

/** True while a process with this id exists (EPERM: it exists but belongs to someone else). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Who holds the directory: null when nobody does, `stale` when the holder died without releasing it. */
export function readLock(dataDir: string): { holder: LockHolder; stale: boolean } | null {
  let text: string;
  try {
    text = readFileSync(lockPath(dataDir), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  let holder: LockHolder;
  try {
    holder = JSON.parse(text) as LockHolder;
  } catch {
    // Cut short while being written: treat as held by nobody we can name, hence stale.
    return { holder: { pid: 0, role: 'cli', startedAt: '' }, stale: true };
  }
  const stale = !Number.isInteger(holder.pid) || holder.pid <= 0 || !processAlive(holder.pid);
  return { holder, stale };
}

export interface DataDirLock {
  readonly holder: LockHolder;
  /** The holder that was found dead and replaced, if any. */
  readonly replacedStale: LockHolder | null;
  /** Records where the operator channel listens. */
  announceSocket(socket: string): void;
  release(): void;
}

/**
 * Takes the directory for this process, replacing a lock whose process has died. Throws
 * DataDirBusyError when a live process holds it.
 */
export function acquireDataDirLock(dataDir: string, role: LockRole): DataDirLock {
  const file = lockPath(dataDir);
  let replacedStale: LockHolder | null = null;
  let holder: LockHolder = { pid: process.pid, role, startedAt: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, JSON.stringify(holder));
      } finally {
        closeSync(fd);
      }
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 3) throw err;
      const found = readLock(dataDir);
      if (!found) continue;
      if (!found.stale) throw new DataDirBusyError(dataDir, found.holder);
      if (removeStale(found.holder, file)) replacedStale = found.holder;
    }
  }
  let released = false;
  return {
    get holder() {
      return holder;
    },
    replacedStale,
    announceSocket(socket) {
      holder = { ...holder, socket };
      // Written aside and renamed, so a reader never sees half a file.
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(holder), { mode: 0o600 });
      renameSync(tmp, file);
    },
    release() {
      if (released) return;
      released = true;
      // Only our own lock: never remove one another process took after ours was judged stale.
      if (readLock(dataDir)?.holder.pid === process.pid) rmSync(file, { force: true });
    },
  };
}

/**
 * Moves a dead holder's lock aside. If another process replaced it in between, the file moved is
 * that process's fresh lock: it goes back, and the caller finds a live holder on its next try.
 */
function removeStale(stale: LockHolder, file: string): boolean {
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  let moved: LockHolder | null = null;
  try {
    moved = JSON.parse(readFileSync(aside, 'utf8')) as LockHolder;
  } catch {
    // Unreadable: the stale, half-written lock itself.
  }
  if (moved && moved.pid !== stale.pid && processAlive(moved.pid)) {
    try {
      linkSync(aside, file);
    } catch {
      // Someone holds the name again; they are the holder now.
    }
    rmSync(aside, { force: true });
    return false;
  }
  rmSync(aside, { force: true });
  if (stale.socket) rmSync(stale.socket, { force: true });
  return true;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * acquireDataDirLock for a server: an operator command holds the directory for a few seconds, so
 * wait for it; another live server is an error at once.
 */
export async function acquireServerLock(dataDir: string, waitMs = 30_000): Promise<DataDirLock> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      return acquireDataDirLock(dataDir, 'server');
    } catch (err) {
      if (!(err instanceof DataDirBusyError) || err.holder.role === 'server' || Date.now() > deadline)
        throw err;
    }
    await sleep(200);
  }
}

export type DataDirRoute =
  | { kind: 'server'; socket: string; pid: number }
  | { kind: 'local'; lock: DataDirLock };

/**
 * How an operator command reaches DATA_DIR's PGlite database: through the running server's
 * channel, or by opening it in this process (holding the lock). A server still starting, or
 * another command in progress, is waited for.
 */
export async function reachDataDir(dataDir: string, waitMs = 30_000): Promise<DataDirRoute> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    const found = readLock(dataDir);
    let busy: DataDirBusyError | null = null;
    if (found && !found.stale) {
      const { holder } = found;
      if (holder.role === 'server' && holder.socket)
        return { kind: 'server', socket: holder.socket, pid: holder.pid };
      busy = new DataDirBusyError(dataDir, holder);
    } else {
      try {
        return { kind: 'local', lock: acquireDataDirLock(dataDir, 'cli') };
      } catch (err) {
        if (!(err instanceof DataDirBusyError)) throw err;
        busy = err;
      }
    }
    if (Date.now() > deadline) throw busy;
    await sleep(200);
  }
}
