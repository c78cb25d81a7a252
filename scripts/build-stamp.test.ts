import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isFresh, stampOf, writeStamp } from './build-stamp.mjs';
import { TARGETS } from './build-targets.mjs';

let root: string;
const write = (rel: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
};
/** A build: its artifacts written, then stamped with the inputs as they were before it. */
const build = (name: keyof typeof TARGETS) => {
  const target = TARGETS[name];
  const stamp = stampOf(root, target.inputs);
  for (const a of target.artifacts) write(path.join(target.output, a), 'built');
  writeStamp(root, target, stamp);
};
const fresh = (name: keyof typeof TARGETS) => isFresh(root, TARGETS[name]);

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'stratos-stamp-'));
  write('package-lock.json', '{"lockfileVersion":3}');
  write('packages/contracts/src/user.schema.ts', 'export const a = 1;');
  write('apps/web/src/main.tsx', 'render();');
  write('apps/web/index.html', '<div id="root"></div>');
  write('apps/server/src/server.ts', 'listen();');
  write('apps/server/package.json', '{"dependencies":{}}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build stamps', () => {
  it('a target never built, or whose output is gone, is built', () => {
    expect(fresh('web')).toBe(false);
    build('web');
    expect(fresh('web')).toBe(true);
    rmSync(path.join(root, 'apps/web/dist/index.html'));
    expect(fresh('web')).toBe(false);
  });

  it('nothing changed: nothing is rebuilt', () => {
    build('web');
    build('server');
    // Rewriting a file with the same bytes is no change: the stamp is of contents, not times.
    write('apps/server/src/server.ts', 'listen();');
    expect(fresh('web')).toBe(true);
    expect(fresh('server')).toBe(true);
  });

  it('a source edited, added or removed rebuilds only the targets it is an input of', () => {
    build('web');
    build('server');
    write('apps/server/src/server.ts', 'listen(3000);');
    expect(fresh('server')).toBe(false);
    expect(fresh('web')).toBe(true);
    build('server');

    write('apps/web/src/home.tsx', 'home();');
    expect(fresh('web')).toBe(false);
    expect(fresh('server')).toBe(true);
    build('web');

    rmSync(path.join(root, 'apps/web/src/home.tsx'));
    expect(fresh('web')).toBe(false);
  });

  it('the shared contracts and the lock file rebuild both', () => {
    build('web');
    build('server');
    write('packages/contracts/src/user.schema.ts', 'export const a = 2;');
    expect([fresh('web'), fresh('server')]).toEqual([false, false]);
    build('web');
    build('server');
    write('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
    expect([fresh('web'), fresh('server')]).toEqual([false, false]);
  });

  it('tests and build output are not inputs', () => {
    build('web');
    build('server');
    write('apps/server/src/server.test.ts', 'test();');
    write('apps/web/src/main.test.tsx', 'test();');
    write('apps/web/node_modules/x/index.js', 'x');
    expect([fresh('web'), fresh('server')]).toEqual([true, true]);
  });

  it('a rename changes the stamp even when the bytes are the same', () => {
    const before = stampOf(root, ['apps/web/src']);
    rmSync(path.join(root, 'apps/web/src/main.tsx'));
    write('apps/web/src/index.tsx', 'render();');
    expect(stampOf(root, ['apps/web/src'])).not.toBe(before);
  });
});
