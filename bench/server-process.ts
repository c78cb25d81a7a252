/**
 * The real server in a process of its own, started the way `npm start` starts it once the build is
 * done: the last command of the root package.json's `start` script (today `node
 * apps/server/dist/server.js`; BENCH_SERVER_COMMAND overrides), with node_modules/.bin on the PATH
 * as npm puts it there (so `node` is the project's Node 22). Also reads the memory of the process
 * tree it started.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { killOnExit, repoRoot } from './child';
import type { ServerData } from './engine';
import { sleep } from './support';

export function serverCommand(): string {
  if (process.env.BENCH_SERVER_COMMAND) return process.env.BENCH_SERVER_COMMAND;
  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const start = pkg.scripts.start ?? '';
  // "build && serve": what runs once the build step has nothing left to do.
  return (start.split('&&').at(-1) ?? start).trim();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  /** Milliseconds from spawning the command to the first 200 of /api/health. */
  readyMs: number;
  output(): string;
  /** Resident memory of the server's process tree now, in bytes. */
  rss(): number;
  /** Forgets the tree's peak resident memory (Linux clear_refs); false where not allowed. */
  resetPeak(): boolean;
  /** Peak resident memory of the tree since the last reset, in bytes. */
  peak(): number;
  stop(): Promise<void>;
}

/** Starts the server on `data` (or another `command`) and waits for its first healthy /api/health. */
export async function startServer(
  data: ServerData,
  env: Record<string, string> = {},
  command = serverCommand(),
): Promise<ServerProcess> {
  const port = await freePort();
  let log = '';
  const started = performance.now();
  const child: ChildProcess = spawn('sh', ['-c', command], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PATH: `${path.join(repoRoot, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: data.dataDir,
      ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}),
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const guard = killOnExit(child.pid as number, true);
  child.once('exit', () => guard.forget());
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  let readyMs = 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      await res.arrayBuffer();
      if (res.status === 200) {
        readyMs = performance.now() - started;
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      process.kill(-(child.pid as number), 'SIGKILL');
      throw new Error(`the server did not start in time:\n${log}`);
    }
    await sleep(5);
  }
  const pid = child.pid as number;
  return {
    url,
    readyMs,
    output: () => log,
    rss: () => sumStatus(tree(pid), 'VmRSS'),
    resetPeak: () => {
      try {
        for (const p of tree(pid)) writeFileSync(`/proc/${p}/clear_refs`, '5');
        return true;
      } catch {
        return false;
      }
    },
    peak: () => sumStatus(tree(pid), 'VmHWM'),
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      process.kill(-pid, 'SIGTERM');
      const timer = setTimeout(() => process.kill(-pid, 'SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** `pid` and its descendants (Linux /proc). */
function tree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    const p = out[i] as number;
    let tasks: string[] = [];
    try {
      tasks = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    } catch {
      // gone
    }
    for (const c of tasks) out.push(Number(c));
  }
  return out;
}

/** Sum of a /proc/<pid>/status field (kB) over `pids`, in bytes. */
function sumStatus(pids: number[], field: 'VmRSS' | 'VmHWM'): number {
  let kb = 0;
  for (const p of pids) {
    try {
      const m = readFileSync(`/proc/${p}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
      kb += Number(m?.[1] ?? 0);
    } catch {
      // gone
    }
  }
  return kb * 1024;
}
