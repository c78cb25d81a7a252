import { spawnSync } from 'node:child_process';
import { cpSync } from 'node:fs';
import path from 'node:path';
import { type RunningServer, repoRoot, runCli, startServer } from '../../apps/server/test/server-process';
import type { JourneyBuild } from './journey-build';

// The server and CLI processes are started as the server's own operator tests start them.
export {
  freePort,
  type RunningServer,
  repoRoot,
  runCli,
  serverLogFile,
  startServer,
} from '../../apps/server/test/server-process';

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
 * Makes `dataDir` ready for a server of its own, as an operator would with the CLI: the run's
 * migrated database copied in (a fraction of a second, where migrating a new one takes ~7 s),
 * then the superadmin created.
 */
export function prepareDataDir(
  build: JourneyBuild,
  dataDir: string,
  superadmin: { email: string; password: string },
): void {
  cpSync(build.dataTemplate, path.join(dataDir, 'pglite'), { recursive: true });
  runCli(['create-superadmin', '--email', superadmin.email, '--password', superadmin.password], {
    DATA_DIR: dataDir,
  });
}

/** The run's compiled server on `dataDir` (as `npm start` runs it), serving the run's web app. */
export function startBuiltServer(
  build: JourneyBuild,
  env: Record<string, string>,
  dataDir: string,
  alsoLogTo?: string,
): Promise<RunningServer> {
  return startServer({ WEB_DIST_DIR: build.webDist, ...env }, dataDir, alsoLogTo, build.serverDist);
}
