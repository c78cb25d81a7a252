import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

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

/**
 * Builds the web app as `npm start` does, into `outDir`: a directory of the journeys' own, so a
 * build someone else starts in apps/web/dist meanwhile cannot swap the files under the running
 * server (it lists the assets it serves when it starts).
 */
export function buildWeb(outDir: string): void {
  const res = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    cwd: path.join(repoRoot, 'apps/web'),
    // Vitest sets NODE_ENV=test, which would make Vite bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error('web build failed');
}

/**
 * Where a server started by `startServer` copies its console output, named by its address so any
 * test process (the journeys run apart from the global setup that starts the shared server) can
 * read the mail it printed: without SMTP the console is where codes go (the outbox hides them).
 */
export function serverLogFile(baseURL: string): string {
  const { hostname, port } = new URL(baseURL);
  return path.join(tmpdir(), 'stratos-e2e-logs', `${hostname}-${port}.log`);
}

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

/** Runs the CLI against a data directory (before the server opens it: PGlite is single-process). */
export function runCli(args: string[], env: Record<string, string>): string {
  const res = spawnSync('npx', ['tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${res.stderr}${res.stdout}`);
  return res.stdout;
}

/** Starts the real server (API + built web app) on a free port with a fresh data directory. */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<RunningServer> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'stratos-e2e-'));
  const port = await freePort();
  let log = '';
  const url = `http://127.0.0.1:${port}`;
  const logFile = serverLogFile(url);
  mkdirSync(path.dirname(logFile), { recursive: true });
  writeFileSync(logFile, '');
  const capture = (d: Buffer) => {
    log += d.toString();
    appendFileSync(logFile, d);
  };
  const child: ChildProcess = spawn('npx', ['tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      LOG_PRETTY: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', capture);
  child.stderr?.on('data', capture);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir: dir,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null && child.pid) {
        process.kill(-child.pid, 'SIGTERM');
        await new Promise<void>((resolve) => {
          const t = setTimeout(() => {
            if (child.pid) process.kill(-child.pid, 'SIGKILL');
            resolve();
          }, 15_000);
          child.once('exit', () => {
            clearTimeout(t);
            resolve();
          });
        });
      }
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
      rmSync(logFile, { force: true });
    },
  };
}
