import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from '../../scripts/build-server.mjs';
import { buildWeb, repoRoot, runCli } from './server';

/**
 * What the run's journey servers start from, made once by the first global setup: every server
 * serves the web app; a server a journey starts for itself also runs the compiled server on a copy
 * of the migrated database (see prepareDataDir and startBuiltServer in ./server).
 */
export interface JourneyBuild {
  /** The web app, built as `npm start` builds it. */
  webDist: string;
  /** The server compiled as `npm start` compiles it: its `server.js` is what the servers run. */
  serverDist: string;
  /** A migrated PGlite database directory, without accounts: copied into each new data directory. */
  dataTemplate: string;
}

/** What a global setup provides when the journeys are skipped (no Chromium): nothing was built. */
export const NO_JOURNEY_BUILD: JourneyBuild = { webDist: '', serverDist: '', dataTemplate: '' };

interface SharedBuild {
  ready: Promise<JourneyBuild>;
  holders: number;
}

/** The run's build, kept on globalThis: each project loads its global setup in a module runner of its own. */
const shared = globalThis as typeof globalThis & { stratosJourneyBuild?: SharedBuild };

/**
 * The run's build: the e2e and e2e-cluster global setups run in the same vitest process, and the
 * servers only read it. The web app takes ~10 s of CPU, the server ~1 s, the migrated database
 * ~7 s (once, instead of in every journey that starts a server of its own). The last holder to
 * release it removes it.
 */
export async function acquireJourneyBuild(): Promise<{ build: JourneyBuild; release(): void }> {
  let held = shared.stratosJourneyBuild;
  if (!held) {
    // The promise is shared, not its result: a second setup arriving mid-build waits for this one.
    held = { ready: makeJourneyBuild(), holders: 0 };
    shared.stratosJourneyBuild = held;
  }
  held.holders += 1;
  const mine = held;
  const build = await mine.ready;
  let released = false;
  return {
    build,
    release() {
      if (released) return;
      released = true;
      mine.holders -= 1;
      if (mine.holders > 0) return;
      removeJourneyBuild(build);
      if (shared.stratosJourneyBuild === mine) shared.stratosJourneyBuild = undefined;
    },
  };
}

async function makeJourneyBuild(): Promise<JourneyBuild> {
  const build: JourneyBuild = {
    webDist: mkdtempSync(path.join(tmpdir(), 'stratos-e2e-web-')),
    // Inside the repository, two levels below it as apps/server/dist is: the compiled server finds
    // its packages in node_modules and its migrations relative to where it lies.
    serverDist: path.join(repoRoot, 'apps/server', `.dist-e2e-${randomBytes(4).toString('hex')}`),
    dataTemplate: path.join(mkdtempSync(path.join(tmpdir(), 'stratos-e2e-template-')), 'pglite'),
  };
  try {
    buildWeb(build.webDist);
    await buildServer(repoRoot, build.serverDist);
    runCli(['migrate'], { DATA_DIR: path.dirname(build.dataTemplate) });
    return build;
  } catch (err) {
    removeJourneyBuild(build);
    throw err;
  }
}

function removeJourneyBuild({ webDist, serverDist, dataTemplate }: JourneyBuild): void {
  for (const dir of [webDist, serverDist, path.dirname(dataTemplate)])
    rmSync(dir, { recursive: true, force: true });
}
