import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from '../../apps/server/test/server-process';

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
