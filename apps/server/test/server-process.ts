import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The real server and CLI as separate processes, as a person runs them (`npm start`, then
 * `npm run cli` in another terminal). Used by the operator tests and by the browser journeys.
 */
export const repoRoot = path.resolve(import.meta.dirname, '../../..');

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

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI against a data directory, whether or not a server holds it; gives up after a minute. */
export function cliResult(args: string[], env: Record<string, string>): CliResult {
  const res = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** cliResult that throws unless the command succeeded; returns what it printed. */
export function runCli(args: string[], env: Record<string, string>): string {
  const res = cliResult(args, env);
  if (res.status !== 0) throw new Error(`cli ${args[0]} failed (${res.status}): ${res.stderr}${res.stdout}`);
  return res.stdout;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
  /** Ends it at once, as a crash or `kill -9` would: nothing is cleaned up. */
  kill(): Promise<void>;
}

/**
 * What a spawned server runs: the sources through tsx's loader (by default), or the `server.js` of
 * a compiled build in `compiled` (scripts/build-server.mjs), as `npm start` runs it. A compiled
 * server answers its first health check in about half the time (~2 s against ~4 s here).
 */
function serverArgs(compiled?: string): string[] {
  return compiled ? [path.join(compiled, 'server.js')] : ['--import', 'tsx', 'apps/server/src/server.ts'];
}

/** Spawns the server; resolves once it answers /api/health, or with its output when it exits first. */
export function spawnServer(
  env: Record<string, string>,
  dataDir: string,
  compiled?: string,
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let log = '';
  // Node itself, not `npx tsx`: the child is the server, so its exit is the server's.
  const child: ChildProcess = spawn(process.execPath, serverArgs(compiled), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_PRETTY: 'false',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stop() and kill() also reach anything it started.
    detached: true,
  });
  child.stdout?.on('data', (d) => {
    log += d.toString();
  });
  child.stderr?.on('data', (d) => {
    log += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => log, exited };
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

/** Starts the real server (API + built web app) on a free port with a fresh data directory. */
export async function startServer(
  env: Record<string, string> = {},
  dataDir?: string,
  /** Another log file that also gets its output (a load balancer's address, for the journeys behind it). */
  alsoLogTo?: string,
  /** A compiled build to run instead of the sources (see spawnServer). */
  compiled?: string,
): Promise<RunningServer> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'stratos-e2e-'));
  const port = await freePort();
  const { child, output, exited } = spawnServer({ PORT: String(port), ...env }, dir, compiled);
  const url = `http://127.0.0.1:${port}`;
  const logFile = serverLogFile(url);
  mkdirSync(path.dirname(logFile), { recursive: true });
  writeFileSync(logFile, '');
  const copy = (d: Buffer) => {
    appendFileSync(logFile, d);
    if (alsoLogTo) appendFileSync(alsoLogTo, d);
  };
  child.stdout?.on('data', copy);
  child.stderr?.on('data', copy);
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const signal = async (sig: NodeJS.Signals, graceMs: number) => {
    if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
    process.kill(-child.pid, sig);
    const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  };
  return {
    url,
    dataDir: dir,
    output,
    exited,
    stop: async () => {
      await signal('SIGTERM', 15_000);
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
      rmSync(logFile, { force: true });
    },
    kill: () => signal('SIGKILL', 0),
  };
}
