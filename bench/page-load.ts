/**
 * `npx tsx page-load.ts [path ...]`: a signed-in page's first visit in Chromium, request by request.
 * Serves the built app (`npm run build` first) as `npm start` does, on PGlite in a fresh data
 * directory with one superadmin, signs in once, then opens each path (default /dashboard, /billing,
 * /files, /settings) PAGE_LOAD_ROUNDS times (3 by default) in a fresh browser context that keeps
 * the session but not the HTTP cache. Prints per path the median time from navigation to the
 * page's first heading in <main>, how many scripts and styles were fetched, when the last of them
 * and `/api/auth/me` started, and when the first other API request started. A measuring tool, not
 * a figure with a goal: Chromium's timings on a shared machine vary too much for one.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, runCli } from '../apps/server/test/server-process';
import { launchBrowser } from '../e2e/support/browser';

const root = path.resolve(import.meta.dirname, '..');
const paths = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/dashboard', '/billing', '/files', '/settings'];
const rounds = Number(process.env.PAGE_LOAD_ROUNDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const dataDir = mkdtempSync(path.join(tmpdir(), 'stratos-page-load-'));
const admin = { email: 'page-load@stratos.test', password: 'PageLoadPassw0rd' };
runCli(['create-superadmin', '--email', admin.email, '--password', admin.password], { DATA_DIR: dataDir });
const port = await freePort();
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir },
  stdio: 'ignore',
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i++) {
  if (i > 200) throw new Error('server did not start');
  if (
    await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((r) => setTimeout(r, 100));
}
const browser = await launchBrowser();
try {
  const login = await browser.newContext();
  const page = await login.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const session = await login.storageState();
  await login.close();

  for (const route of paths) {
    const heading: number[] = [];
    const assets: number[] = [];
    const lastAsset: number[] = [];
    const me: number[] = [];
    const firstData: number[] = [];
    for (let r = 0; r < rounds; r++) {
      const context = await browser.newContext({ storageState: session });
      const tab = await context.newPage();
      const starts: { url: string; at: number }[] = [];
      let t0 = 0;
      tab.on('request', (req) => starts.push({ url: new URL(req.url()).pathname, at: Date.now() - t0 }));
      t0 = Date.now();
      await tab.goto(`${base}${route}`);
      await tab.locator('main h1, main h2, main h3').first().waitFor({ timeout: 30_000 });
      heading.push(Date.now() - t0);
      const scripts = starts.filter((s) => /\.(js|css)$/.test(s.url));
      assets.push(scripts.length);
      lastAsset.push(Math.max(...scripts.map((s) => s.at)));
      me.push(starts.find((s) => s.url === '/api/auth/me')?.at ?? Number.NaN);
      firstData.push(
        starts.find((s) => s.url.startsWith('/api/') && !/auth\/(me|refresh)|alerts|preferences/.test(s.url))
          ?.at ?? Number.NaN,
      );
      await context.close();
    }
    console.log(
      `${route}: heading ${median(heading)} ms (${Math.min(...heading)}-${Math.max(...heading)}), ${median(assets)} scripts and styles, last asked at ${median(lastAsset)} ms, /api/auth/me at ${median(me)} ms, first page data request at ${median(firstData)} ms`,
    );
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
