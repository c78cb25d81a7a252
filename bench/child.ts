/** Child processes of the bench: the clients and servers it runs apart from itself. Light on imports: the clients load it. */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

export const benchDir = import.meta.dirname;
export const repoRoot = path.resolve(benchDir, '..');

const TASKSET = '/usr/bin/taskset';
const cores = availableParallelism();
let clientsPinned = false;

/**
 * Core budgets. `split`: the load generators get the last core to themselves, and this process
 * (the app and the limit it is measured against, and the servers it starts from now on) the
 * others, so that a client's work (parsing a reply's headers, say) never takes CPU from the side
 * being measured. Otherwise (figures without a load generator, such as a cold start) everything
 * may use every core. Without taskset, or with one core, everything shares. Says what it did.
 */
export function budgetCores(split: boolean): string {
  if (cores < 2 || !existsSync(TASKSET)) return `load generators share the ${cores} core(s) with the servers`;
  const mine = split ? `0-${cores - 2}` : `0-${cores - 1}`;
  // -a: every thread of this process (libuv's pool, V8's helpers), not just the main one.
  execFileSync(TASKSET, ['-a', '-cp', mine, String(process.pid)], { stdio: 'ignore' });
  clientsPinned = split;
  return split
    ? `servers on cores ${mine}, load generators on core ${cores - 1}`
    : `all ${cores} cores shared`;
}

/** The line a client prints the moment its clock starts, when the job asks it to (see `onStarted`). */
export const STARTED_LINE = 'started';

/**
 * Runs `node <args>` and parses what it prints as JSON; `what` names it in the error when it fails.
 * `onStarted` is called when the child prints STARTED_LINE before its JSON.
 */
export function jsonFromNode<T>(
  args: string[],
  what: string,
  input?: string,
  onStarted?: () => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const [command, argv] = clientsPinned
      ? [TASKSET, ['-c', String(cores - 1), process.execPath, ...args]]
      : [process.execPath, args];
    const child = spawn(command, argv, {
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'inherit'],
    });
    if (input !== undefined) child.stdin?.end(input);
    let out = '';
    const started = `${STARTED_LINE}\n`;
    child.stdout?.on('data', (d) => {
      out += d;
      if (onStarted && out.startsWith(started)) {
        out = out.slice(started.length);
        onStarted();
        onStarted = undefined;
      }
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`${what} exited with ${code}`);
        resolve(JSON.parse(out) as T);
      } catch (err) {
        reject(err);
      }
    });
  });
}

/**
 * Runs one of the bench's TypeScript client scripts in a process of its own, the JSON job on its
 * standard input (thousands of tokens do not fit in an argument).
 */
export function runClient<T>(script: string, job: unknown, onStarted?: () => void): Promise<T> {
  return jsonFromNode<T>(
    ['--import', 'tsx', path.join(benchDir, script)],
    script,
    JSON.stringify(job),
    onStarted,
  );
}

/** The job a client script was given (see runClient). */
export async function readJob<T>(): Promise<T> {
  let text = '';
  for await (const chunk of process.stdin) text += chunk;
  return JSON.parse(text) as T;
}

const running = new Map<number, boolean>();
let hooked = false;

/**
 * Kills a child (its whole process group when `group`) if this process exits while it runs: a
 * bench that fails half-way must not leave servers behind. `forget` once it has been stopped.
 */
export function killOnExit(pid: number, group = false): { forget(): void } {
  running.set(pid, group);
  if (!hooked) {
    hooked = true;
    process.on('exit', () => {
      for (const [p, g] of running) {
        try {
          process.kill(g ? -p : p, 'SIGKILL');
        } catch {
          // already gone
        }
      }
    });
  }
  return { forget: () => running.delete(pid) };
}
