/** Child processes of the bench: the clients and servers it runs apart from itself. Light on imports: the clients load it. */
import { spawn } from 'node:child_process';
import path from 'node:path';

export const benchDir = import.meta.dirname;
export const repoRoot = path.resolve(benchDir, '..');

/** Runs `node <args>` and parses what it prints as JSON; `what` names it in the error when it fails. */
export function jsonFromNode<T>(args: string[], what: string, input?: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'inherit'],
    });
    if (input !== undefined) child.stdin?.end(input);
    let out = '';
    child.stdout?.on('data', (d) => {
      out += d;
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
export function runClient<T>(script: string, job: unknown): Promise<T> {
  return jsonFromNode<T>(['--import', 'tsx', path.join(benchDir, script)], script, JSON.stringify(job));
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
