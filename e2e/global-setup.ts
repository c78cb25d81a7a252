import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { hasChromium } from './support/browser';
import { type RunningServer, runCli, startServer } from './support/server';
import { acquireWebBuild } from './support/web-build';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    admin: { email: string; password: string };
    /** The web app built for the journeys, for a journey that starts a server of its own. */
    webDist: string;
  }
}

let server: RunningServer | undefined;

/** One real server for the journeys: the web app built for them and the API, on a fresh data directory. */
export default async function setup(project: TestProject) {
  if (!hasChromium) {
    console.warn(
      'e2e: /usr/bin/chromium is missing, browser journeys are skipped (apt-get install chromium).',
    );
    project.provide('baseURL', '');
    project.provide('admin', { email: '', password: '' });
    project.provide('webDist', '');
    return;
  }
  const web = acquireWebBuild();
  const webDist = web.dir;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stratos-e2e-'));
  const admin = { email: 'ops-admin@stratos.test', password: 'AdminPassw0rd' };
  runCli(['create-superadmin', '--email', admin.email, '--password', admin.password], { DATA_DIR: dataDir });
  server = await startServer({ WEB_DIST_DIR: webDist }, dataDir);
  project.provide('baseURL', server.url);
  project.provide('admin', admin);
  project.provide('webDist', webDist);
  return async () => {
    await server?.stop();
    web.release();
  };
}
