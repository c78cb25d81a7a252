import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildWeb } from './server';

interface SharedBuild {
  dir: string;
  holders: number;
}

/** The run's build, kept on globalThis: each project loads its global setup in a module runner of its own. */
const shared = globalThis as typeof globalThis & { stratosE2eWebBuild?: SharedBuild };

/**
 * The web app built once per test run for every journey server: the e2e and e2e-cluster global
 * setups run in the same vitest process, one after the other, and the servers only read the files.
 * A build takes ~10 s of CPU; the last holder to release it removes it.
 */
export function acquireWebBuild(): { dir: string; release(): void } {
  let build = shared.stratosE2eWebBuild;
  if (!build) {
    const dir = mkdtempSync(path.join(tmpdir(), 'stratos-e2e-web-'));
    buildWeb(dir);
    build = { dir, holders: 0 };
    shared.stratosE2eWebBuild = build;
  }
  build.holders += 1;
  const held = build;
  let released = false;
  return {
    dir: held.dir,
    release() {
      if (released) return;
      released = true;
      held.holders -= 1;
      if (held.holders > 0) return;
      rmSync(held.dir, { recursive: true, force: true });
      if (shared.stratosE2eWebBuild === held) shared.stratosE2eWebBuild = undefined;
    },
  };
}
