import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../src/config';
import { repoRoot } from './server-process';

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');

/** The variables a compose service sets (`KEY: value` under its `environment:`). */
function serviceEnv(compose: string, service: string): string[] {
  const start = compose.indexOf(`\n  ${service}:\n`);
  if (start < 0) throw new Error(`no service ${service}`);
  const rest = compose.slice(start + 1);
  const end = rest.slice(1).search(/\n {2}[a-z][a-z0-9_-]*:\n|\n[a-z]/);
  const block = end < 0 ? rest : rest.slice(0, end + 1);
  const env = block.split(/\n {4}environment:\n/)[1]?.split(/\n {4}[a-z_]+:/)[0] ?? '';
  return [...env.matchAll(/^ {6}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] as string);
}

/** Docker cannot be run here: these check that the files say what the app reads. */
describe('Dockerfile and compose file', () => {
  it('give the app only variables config.ts reads, and the ones a cluster needs', () => {
    const env = serviceEnv(read('compose.yaml'), 'app');
    const known = Object.keys(envSchema.shape);
    expect(env.filter((k) => !known.includes(k))).toEqual([]);
    for (const needed of [
      'DATABASE_URL',
      'JWT_SECRET',
      'ENCRYPTION_KEY',
      'STORAGE_DRIVER',
      'S3_BUCKET',
      'S3_ENDPOINT',
    ]) {
      expect(env).toContain(needed);
    }
  });

  it('starts the server the way npm start does once built, probes readiness, and waits longer than the drain', () => {
    const dockerfile = read('Dockerfile');
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)?.[1] ?? '[]') as string[];
    const start = (JSON.parse(read('package.json')) as { scripts: { start: string } }).scripts.start;
    // "build && VAR=value serve": the image builds at build time, sets the variables as ENV and
    // runs only the serve half.
    const serve = start.split('&&').at(-1)?.trim() ?? '';
    const assignments = serve.match(/^(\w+=\S+\s+)*/)?.[0] ?? '';
    expect(cmd.join(' ')).toBe(serve.slice(assignments.length));
    for (const pair of assignments.trim().split(/\s+/).filter(Boolean)) {
      const [name, value] = pair.split('=');
      expect(dockerfile).toMatch(new RegExp(`^\\s*${name}=${value}\\b`, 'm'));
    }
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    expect(dockerfile).toContain('/api/health/ready');
    const compose = read('compose.yaml');
    const grace = Number(/stop_grace_period: (\d+)s/.exec(compose)?.[1]);
    const drain = Number(/SHUTDOWN_TIMEOUT_SECONDS: "(\d+)"/.exec(compose)?.[1]);
    expect(grace).toBeGreaterThan(drain);
  });
});
