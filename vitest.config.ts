import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * The web tests that replace modules with `vi.mock`. They run as before, each file with a module
 * graph of its own: in a shared one, a module another file had already imported stays unmocked.
 */
const webRoot = path.join(import.meta.dirname, 'apps/web');
const webTestsThatMock = readdirSync(path.join(webRoot, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file.split(path.sep).join('/')}`)
  .filter((file) => /\bvi\.mock\(/.test(readFileSync(path.join(webRoot, file), 'utf8')));

/**
 * One `npm test` runs every suite: contracts and server on PGlite, the server again on PostgreSQL
 * when TEST_DATABASE_URL is set, the web app's unit tests, and the browser journeys.
 */
export default defineConfig({
  test: {
    // Every core for the unit and API files (Vitest leaves one free: on CI's two cores that meant
    // one file at a time, 605 s, against 369 s with two). The journeys still run one at a time.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'contracts',
          root: './packages/contracts',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'scripts',
          root: './scripts',
          include: ['**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          env: { STRATOS_TEST_DB: 'pglite' },
          globalSetup: ['./test/pglite-template.global.ts'],
          // One module graph per worker instead of one per file: importing the app took about as
          // long as the tests. Files share nothing else: each builds its own app and database, and
          // restores its spies (vi.restoreAllMocks).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'server-postgres',
                root: './apps/server',
                include: ['src/**/*.api.test.ts', 'test/**/*.api.test.ts'],
                env: { STRATOS_TEST_DB: 'postgres' },
                // As the server project: one module graph per worker (each file makes its own schema).
                isolate: false,
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: webTestsThatMock,
          environment: 'happy-dom',
          // One module graph per worker, as the server project: importing antd and the app's modules
          // in every file took longer than the tests (all web tests: 182 s, against 96-111 s with
          // the files that mock in a project of their own). A worker's files then also share the
          // DOM, storage and globals, which the setup file resets after each file.
          isolate: false,
          setupFiles: ['./src/test/shared-graph-reset.ts'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web-mocks',
          root: './apps/web',
          include: webTestsThatMock,
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.e2e.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          globalSetup: ['./global-setup.ts'],
        },
      },
      // The same journeys on two server processes, PostgreSQL and an S3-protocol store, behind a
      // load balancer (e2e/cluster-setup.ts). Left out: the journeys that start servers of their own
      // (they never reach the cluster), and the accessibility sweep (the pages are the same whichever
      // process serves them).
      ...(withPostgres
        ? [
            {
              test: {
                name: 'e2e-cluster',
                root: './e2e',
                include: ['**/*.e2e.test.ts'],
                exclude: [
                  'unreadable-keys.e2e.test.ts',
                  'accessibility.e2e.test.ts',
                  // Journeys on a server of their own (one process, PGlite, the AI stand-ins): here
                  // they would only run again exactly as in the e2e project.
                  'ai-*.e2e.test.ts',
                  'rag.e2e.test.ts',
                  'workflows.e2e.test.ts',
                ],
                // What a person does, not the screenshots of it (the single-process run takes those).
                testNamePattern: /^((?!saves screenshots).)*$/,
                testTimeout: 120_000,
                hookTimeout: 240_000,
                fileParallelism: false,
                globalSetup: ['./cluster-setup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
