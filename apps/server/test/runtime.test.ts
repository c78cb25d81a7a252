import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './server-process';

const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

/** [major, minor] of "22.12.0", "v22.12" or ">=22.12". */
function majorMinor(version: string): [number, number] {
  const [major = 0, minor = 0] = version
    .replace(/^[^\d]*/, '')
    .split('.')
    .map(Number);
  return [major, minor];
}

const atLeast = (have: [number, number], want: [number, number]) =>
  have[0] > want[0] || (have[0] === want[0] && have[1] >= want[1]);

/**
 * The suite runs on a maintained Node.js LTS even where the machine's own node is older: npm puts
 * node_modules/.bin first on a script's PATH, and the `node` devDependency puts Node 22 there.
 */
describe('runtime', () => {
  it('package.json asks for Node 22.12 or later', () => {
    expect(pkg.engines.node).toMatch(/^>=\d+\.\d+$/);
    expect(atLeast(majorMinor(pkg.engines.node), [22, 12])).toBe(true);
  });

  it('the pinned node devDependency is an exact version that satisfies engines', () => {
    const pinned = pkg.devDependencies.node ?? '';
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(atLeast(majorMinor(pinned), majorMinor(pkg.engines.node))).toBe(true);
  });

  it('the tests themselves run on Node 22 or later, satisfying engines', () => {
    expect(majorMinor(process.version)[0]).toBeGreaterThanOrEqual(22);
    expect(atLeast(majorMinor(process.version), majorMinor(pkg.engines.node))).toBe(true);
  });
});
