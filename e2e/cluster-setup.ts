import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type RoundRobinProxy, roundRobin } from '../apps/server/test/round-robin-proxy';
import { startTestS3, type TestS3Server } from '../apps/server/test/s3-server.fixture';
import { hasChromium } from './support/browser';
import { acquireJourneyBuild, NO_JOURNEY_BUILD } from './support/journey-build';
import { type RunningServer, runCli, serverLogFile, startServer } from './support/server';

/**
 * The journeys again, on the production shape (issue 15 "Two processes, one database, one object
 * store"): two server processes on one fresh PostgreSQL database and one S3-protocol store, behind
 * a round-robin load balancer whose address the journeys get as their base URL. Whatever a journey
 * does reaches both processes in turn: sign-in on one, the next page's API calls on the other,
 * upload chunks and live events crossing between them.
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!hasChromium || !baseUrl) {
    project.provide('baseURL', '');
    project.provide('admin', { email: '', password: '' });
    project.provide('build', NO_JOURNEY_BUILD);
    return;
  }
  const dbName = `stratos_cluster_${randomBytes(4).toString('hex')}`;
  const admin0 = new pg.Client({ connectionString: baseUrl });
  await admin0.connect();
  await admin0.query(`create database ${dbName}`);
  await admin0.end();
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;

  let journeyBuild: Awaited<ReturnType<typeof acquireJourneyBuild>> | undefined;
  const dirs = [0, 1].map((i) => mkdtempSync(path.join(tmpdir(), `stratos-cluster-${i}-`)));
  let s3: TestS3Server | undefined;
  let servers: RunningServer[] = [];
  let proxy: RoundRobinProxy | undefined;
  let proxyLog: string | undefined;

  const teardown = async () => {
    await proxy?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await s3?.close();
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    journeyBuild?.release();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    if (proxyLog) rmSync(proxyLog, { force: true });
  };

  try {
    journeyBuild = await acquireJourneyBuild();
    const { build } = journeyBuild;
    s3 = await startTestS3('standin');
    const env = {
      ...s3.env,
      DATABASE_URL: url.href,
      JWT_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      WEB_DIST_DIR: build.webDist,
    };
    const admin = { email: 'ops-admin@stratos.test', password: 'AdminPassw0rd' };
    runCli(['create-superadmin', '--email', admin.email, '--password', admin.password], env);
    // The balancer's port is known only once it listens, and the servers' addresses only once they
    // do: start the balancer on the servers' future addresses through a late-bound list.
    const targets: string[] = [];
    proxy = await roundRobin(targets);
    // Codes are printed by whichever process sent the mail; the journeys read them by base URL.
    proxyLog = serverLogFile(proxy.url);
    mkdirSync(path.dirname(proxyLog), { recursive: true });
    writeFileSync(proxyLog, '');
    servers = await Promise.all(dirs.map((dir) => startServer(env, dir, proxyLog)));
    targets.push(...servers.map((s) => s.url));
    project.provide('baseURL', proxy.url);
    project.provide('admin', admin);
    project.provide('build', build);
  } catch (err) {
    await teardown();
    throw err;
  }
  return async () => {
    const served = proxy?.served ?? [];
    await teardown();
    // Both processes must have had a real share of the journeys' requests.
    if (served.length !== 2 || served.some((n) => n < 20)) {
      throw new Error(`the load balancer did not spread the journeys over both processes: ${served}`);
    }
  };
}
