import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { CHROMIUM, launchBrowser } from '../e2e/support/browser';
import { repoRoot } from './child';
import { prepareServerData } from './engine';
import { budget, type Figure, spread } from './figure';
import { type Loaded, measure } from './home-page.bench';
import { startServer } from './server-process';

const BUDGET_KB = 200;

/**
 * What a browser loads for `/merch-store`, measured as the home page is (home-page.bench.ts): the
 * real server, Chromium with an empty cache, until the store's heading and product grid are shown
 * and the network has been idle for 500 ms. Every script and style fetched until then counts (the
 * store's lazy route chunk included; product pictures are images and do not), at its gzip size.
 * Budget 200 KB (KiB), issue 18.
 */
export async function merchStoreBench(): Promise<Figure[]> {
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
    const res = await page.goto(`${server.url}/merch-store`, { waitUntil: 'networkidle' });
    if (res?.status() !== 200) throw new Error(`/merch-store answered ${res?.status()}`);
    await page.getByRole('heading', { level: 1, name: 'Stratos Merch Store' }).waitFor({ state: 'visible' });
    await page.getByTestId('product-grid').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    const loaded = (await Promise.all(pending)).filter((l): l is Loaded => l !== null);
    await context.close();
    if (!loaded.some((l) => /\/merch-store-page-[^/]*\.js$/.test(l.url)))
      throw new Error(`the store's chunk was not among what loaded: ${loaded.map((l) => l.url).join(', ')}`);
    const gzipKb = loaded.reduce((n, l) => n + l.gzip, 0) / 1024;
    const scripts = loaded.filter((l) => /\.m?js(\?|$)/.test(l.url)).length;
    return [
      budget({
        name: `merch store as Chromium loads it: ${scripts} scripts and ${loaded.length - scripts} styles until interactive, gzip`,
        unit: 'KB',
        value: spread([gzipKb]),
        budget: BUDGET_KB,
        digits: 1,
      }),
    ];
  } finally {
    await browser?.close();
    await server.stop();
    await data.remove();
  }
}
