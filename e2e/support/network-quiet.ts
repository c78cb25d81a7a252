import type { Page, Request } from 'playwright-core';

/**
 * Requests that stay open while a page is shown: the live events stream of every signed-in page
 * and the console's progress streams. Playwright's 'networkidle' never comes while one is open, so
 * a wait for it always ran into its timeout on signed-in pages.
 */
const LONG_LIVED = /\/api\/(events|[a-z0-9/-]+\/progress)(\?|$)/;

const inFlight = new WeakMap<Page, Set<Request>>();

/** Starts counting the page's requests (all but the long-lived ones); call once per page. */
export function trackRequests(page: Page): void {
  const open = new Set<Request>();
  inFlight.set(page, open);
  page.on('request', (r) => {
    if (!LONG_LIVED.test(new URL(r.url()).pathname)) open.add(r);
  });
  const done = (r: Request) => open.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Resolves once no tracked request has been in flight for `quietMs` (as 'networkidle' does with
 * 500 ms, but leaving the long-lived streams out), or after `timeoutMs`.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 10_000): Promise<void> {
  const open = inFlight.get(page);
  if (!open) throw new Error('trackRequests(page) was not called');
  const end = Date.now() + timeoutMs;
  let quietSince = open.size === 0 ? Date.now() : Number.POSITIVE_INFINITY;
  while (Date.now() < end) {
    await page.waitForTimeout(50);
    if (open.size > 0) quietSince = Number.POSITIVE_INFINITY;
    else if (quietSince === Number.POSITIVE_INFINITY) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
  }
}
