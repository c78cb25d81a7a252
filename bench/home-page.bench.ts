import { existsSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { CHROMIUM, launchBrowser } from '../e2e/support/browser';
import { repoRoot } from './child';
import { prepareServerData } from './engine';
import { budget, type Figure, spread } from './figure';
import { startServer } from './server-process';
import { debug } from './support';

const BUDGET_KB = 200;

export interface Loaded {
  url: string;
  /** Bytes as counted: the gzip bytes on the wire, or the body gzipped here. */
  gzip: number;
  /** Bytes on the wire (after any content encoding). */
  wire: number;
  encoding: string;
}

/**
 * What a browser really loads for `/`: the real server (started as `npm start` starts it, serving
 * the built web app) and Chromium (playwright-core, the journeys' flags) with an empty cache open
 * the home page and wait until it is interactive: the home route's heading is shown and the network
 * has been idle for 500 ms. Every script and style fetched until then counts (the lazy home route's
 * chunks included), at its gzip size: the bytes on the wire when the server sent it gzip, else
 * the body gzipped here (level 9). Budget 200 KB (KiB).
 */
export async function homePageBench(): Promise<Figure[]> {
  const dist = path.join(repoRoot, 'apps/web/dist/index.html');
  if (!existsSync(dist)) throw new Error('the web app is not built: npm run build (npm run bench builds it)');
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM} (Debian: apt-get install chromium)`);
  const data = await prepareServerData({ name: 'pglite' });
  const server = await startServer(data);
  let browser: Browser | undefined;
  try {
    browser = await launchBrowser();
    const context = await browser.newContext();
    const page = await context.newPage();
    const pending: Promise<Loaded | null>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') pending.push(measure(response));
    });
    const res = await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    if (res?.status() !== 200) throw new Error(`/ answered ${res?.status()}`);
    await page.locator('h1').first().waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    const loaded = (await Promise.all(pending)).filter((l): l is Loaded => l !== null);
    await context.close();
    if (!loaded.some((l) => /\/home-page-[^/]*\.js$/.test(l.url)))
      throw new Error(
        `the home route's chunk was not among what loaded: ${loaded.map((l) => l.url).join(', ')}`,
      );
    // BENCH_DEBUG=1: what the budget is spent on, largest first.
    for (const l of [...loaded].sort((a, b) => b.gzip - a.gzip))
      debug(`home: ${(l.gzip / 1024).toFixed(1)} KB gzip ${new URL(l.url).pathname}`);
    const gzipKb = loaded.reduce((n, l) => n + l.gzip, 0) / 1024;
    const wireKb = loaded.reduce((n, l) => n + l.wire, 0) / 1024;
    const scripts = loaded.filter((l) => /\.m?js(\?|$)/.test(l.url)).length;
    const encodings = [...new Set(loaded.map((l) => l.encoding))].join(', ');
    return [
      budget({
        name: `home page as Chromium loads it: ${scripts} scripts and ${loaded.length - scripts} styles until interactive, gzip`,
        unit: 'KB',
        value: spread([gzipKb]),
        budget: BUDGET_KB,
        digits: 1,
      }),
      {
        ...budget({
          name: `the same scripts and styles as the server sent them (content encoding: ${encodings})`,
          unit: 'KB',
          value: spread([wireKb]),
          budget: BUDGET_KB,
          digits: 1,
        }),
        informational: true,
        pass: true,
        goal: 'none: reported',
      },
    ];
  } finally {
    await browser?.close();
    await server.stop();
    await data.remove();
  }
}

export async function measure(response: Response): Promise<Loaded | null> {
  if (response.status() !== 200) return null;
  const encoding = response.headers()['content-encoding'] ?? 'none';
  const body = await response.body();
  const wire = (await response.request().sizes()).responseBodySize;
  return {
    url: response.url(),
    gzip: encoding === 'gzip' ? wire : gzipSync(body, { level: 9 }).length,
    wire,
    encoding,
  };
}
