import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { envSchema } from '../src/config';
import { repoRoot } from './server-process';

const read = (file: string) => readFileSync(path.join(repoRoot, file), 'utf8');
const docs = ['README.md', ...readdirSync(path.join(repoRoot, 'docs')).map((f) => `docs/${f}`)];

/** The README and docs/ are what a newcomer has: they must not lean on anything outside the repository. */
describe('README and docs', () => {
  it('opens with the two commands that start and test everything', () => {
    const quickStart = read('README.md').split('\n## ')[1] ?? '';
    expect(quickStart.startsWith('Quick start')).toBe(true);
    const commands =
      quickStart
        .match(/```sh\n([\s\S]*?)```/)?.[1]
        ?.split('\n')
        .filter(Boolean) ?? [];
    expect(commands.map((c) => c.split('#')[0]?.trim())).toEqual([
      'npm ci && npm start',
      'npm ci && npm test',
    ]);
  });

  it.each(docs)('%s links only to files inside the repository, and each exists', (file) => {
    const text = read(file);
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
    for (const link of links.filter((l) => !/^(https?:|mailto:|#)/.test(l))) {
      const target = path.resolve(repoRoot, path.dirname(file), link.split('#')[0] ?? '');
      expect(target.startsWith(`${repoRoot}${path.sep}`), `${file} -> ${link} leaves the repository`).toBe(
        true,
      );
      expect(existsSync(target), `${file} -> ${link} does not exist`).toBe(true);
    }
    // Plain-text mentions of a path outside the repository count too (the old `../shared/...`).
    expect(text).not.toMatch(/`\.\.\/[^`]*`/);
  });

  it('lists every environment variable the server reads in the configuration table', () => {
    const table = read('README.md').split('## Configuration')[1]?.split('\n## ')[0] ?? '';
    const documented = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)`/gm)].map((m) => m[1]).sort();
    // NODE_ENV is Node's own; it only picks LOG_PRETTY's default, which that row explains.
    const fromServer = Object.keys(envSchema.shape)
      .filter((k) => k !== 'NODE_ENV')
      .sort();
    expect(documented).toEqual(fromServer);
  });
});
