import type { Role } from '@stratos/contracts/access/roles';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { confirmedUser, signIn } from './support/accounts';
import { api, loginToken } from './support/api';
import { axeFindings, describeFindings, visibleH1Count } from './support/axe';
import { hasChromium, launchBrowser, showTheme } from './support/browser';
import { networkQuiet, trackRequests } from './support/network-quiet';
import {
  loadRouteTable,
  planTour,
  type RouteTable,
  type TourStop,
  VISITORS,
  type Visitor,
} from './support/page-tour';

const baseURL = inject('baseURL');
const superadmin = inject('admin');

type Theme = 'light' | 'dark';
type Account = { email: string; password: string; firstName: string; lastName: string };

/** A guest order's page opened without its signed link: what a visitor sees who has only the number. */
const GUEST_ORDER_NUMBER = 'STR-20260101-TOUR01';

/** Public routes whose page asks a visitor to sign in first: seen as the user they are for. */
const SIGNED_IN_FLOWS: Readonly<Record<string, Visitor>> = { upgrade: 'user' };

/** The route table's stops with the pages below added, each with the visitor who opens it. */
function allStops(table: RouteTable, params: Record<string, string>): TourStop[] {
  const planned = planTour(table, params).stops.map((s) => ({
    ...s,
    as: SIGNED_IN_FLOWS[s.routeId] ?? s.as,
  }));
  return [...planned, ...EXTRA_STOPS];
}

/** Pages outside the route table: what an unknown address and a refused role show. */
const EXTRA_STOPS: readonly TourStop[] = [
  { routeId: 'not-found', path: '/no-such-page', as: 'visitor' },
  { routeId: 'forbidden', path: '/admin-dashboard', as: 'user' },
];
/** A few pages at phone width, where the header, menus and bottom navigation change. */
const PHONE_STOPS: readonly TourStop[] = [
  { routeId: 'home', path: '/', as: 'visitor' },
  { routeId: 'pricing', path: '/pricing', as: 'visitor' },
  { routeId: 'merch-store', path: '/merch-store', as: 'visitor' },
  { routeId: 'login', path: '/login', as: 'visitor' },
  { routeId: 'dashboard', path: '/dashboard', as: 'user' },
  { routeId: 'files', path: '/files', as: 'user' },
  { routeId: 'settings', path: '/settings', as: 'user' },
  { routeId: 'ai-chat', path: '/ai-chat', as: 'user' },
];

/**
 * Waits until the page has loaded its code and data: its heading is there (every page has one; a
 * page without it is reported after the wait), no request is in flight (the live streams aside),
 * no skeleton or spinner is left.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForSelector('h1', { timeout: 15_000 }).catch(() => undefined);
  await networkQuiet(page);
  await page
    .waitForFunction(
      () => !document.querySelector('.ant-skeleton, .ant-spin-spinning, [aria-busy="true"]'),
      null,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
}

/**
 * Checks the page as it stands in both themes, starting with the one it shows (switching the
 * emulated preference re-themes it in place), and returns the theme it is left in.
 */
async function checkBothThemes(page: Page, where: string, first: Theme, out: string[]): Promise<Theme> {
  const order: Theme[] = first === 'light' ? ['light', 'dark'] : ['dark', 'light'];
  for (const theme of order) {
    await showTheme(page, theme);
    out.push(...describeFindings(`${where} [${theme}]`, await axeFindings(page)));
    const h1 = await visibleH1Count(page);
    if (h1 !== 1) out.push(`${where} [${theme}]: has ${h1} first-level headings, a page has exactly one`);
  }
  return order[1] as Theme;
}

/** Opens each tab of the page's tab lists in turn (settings, admin) and checks it too. */
async function checkTabs(page: Page, where: string, theme: Theme, out: string[]): Promise<Theme> {
  const tabs = page.locator('main [role="tab"]');
  const count = await tabs.count();
  let current = theme;
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    if ((await tab.getAttribute('aria-selected')) === 'true' || !(await tab.isVisible())) continue;
    const name = ((await tab.textContent()) ?? '').trim();
    await tab.click();
    await settle(page);
    current = await checkBothThemes(page, `${where} > tab "${name}"`, current, out);
  }
  return current;
}

async function uploadFile(token: string, name: string, text: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/plain' }), name);
  const res = await fetch(`${baseURL}/api/files/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { file?: { id: string } };
  if (res.status !== 201 || !body.file)
    throw new Error(`upload failed: ${res.status} ${JSON.stringify(body)}`);
  return body.file.id;
}

describe.skipIf(!hasChromium)('every page is accessible (axe-core, light and dark)', () => {
  let browser: Browser;
  const stamp = Date.now();
  const accounts: Record<Role, Pick<Account, 'email' | 'password'>> = {
    user: { email: `a11y-user-${stamp}@stratos.test`, password: 'Access1bleUser' },
    admin: { email: `a11y-admin-${stamp}@stratos.test`, password: 'Access1bleAdmin' },
    superadmin,
  };
  let shareToken = '';
  let table: RouteTable;

  beforeAll(async () => {
    browser = await launchBrowser();
    table = await loadRouteTable();
    const rootToken = await loginToken(baseURL, superadmin.email, superadmin.password);
    await confirmedUser(baseURL, rootToken, { ...accounts.user, firstName: 'Ada', lastName: 'Access' });
    await confirmedUser(baseURL, rootToken, { ...accounts.admin, firstName: 'Abe', lastName: 'Admin' });
    const adminToken = await loginToken(baseURL, accounts.admin.email, accounts.admin.password);
    const me = await api<{ user: { id: string } }>(baseURL, '/auth/me', { token: adminToken });
    const promoted = await api(baseURL, `/admin/users/${me.body.user.id}`, {
      method: 'PATCH',
      token: rootToken,
      body: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);

    // The user's pages show real content: a file in Files, one in the recycle bin, a share link.
    const userToken = await loginToken(baseURL, accounts.user.email, accounts.user.password);
    const kept = await uploadFile(userToken, 'quarterly-report.txt', 'Revenue grew in every region.\n');
    const binned = await uploadFile(userToken, 'old-draft.txt', 'An early draft.\n');
    expect((await api(baseURL, `/files/${binned}`, { method: 'DELETE', token: userToken })).status).toBe(200);
    const share = await api<{ share: { url: string } }>(baseURL, `/files/${kept}/shares`, {
      method: 'POST',
      token: userToken,
      body: {},
    });
    shareToken = share.body.share.url.split('/s/')[1] ?? '';
    expect(shareToken).not.toBe('');
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('tours every route of the table, skipping only aliases of a page already seen and redirects', () => {
    const { stops, skipped } = planTour(table, { token: shareToken, orderNumber: GUEST_ORDER_NUMBER });
    for (const route of table.routes) {
      const seen = stops.some((s) => s.routeId === route.id);
      if (route.source.kind === 'redirect') expect(seen, route.id).toBe(false);
      else expect(seen, `route ${route.id} is never opened`).toBe(true);
      for (const path of route.paths) {
        const stop = stops.find((s) => s.routeId === route.id && (s.path === path || path.includes(':')));
        const skip = skipped.find((s) => s.routeId === route.id && s.path === path);
        expect(Boolean(stop) || Boolean(skip), `${path} is neither opened nor skipped with a reason`).toBe(
          true,
        );
      }
    }
    // Each role sees the pages made for it.
    expect(stops.find((s) => s.routeId === 'home')?.as).toBe('visitor');
    expect(stops.find((s) => s.routeId === 'files')?.as).toBe('user');
    expect(stops.find((s) => s.routeId === 'admin-dashboard')?.as).toBe('admin');
    expect(stops.find((s) => s.routeId === 'superadmin-panel')?.as).toBe('superadmin');
  });

  /** Opens the stops as one visitor in one context and page, reporting every finding at the end. */
  async function tour(as: Visitor, stops: readonly TourStop[], width: number): Promise<void> {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
    const page = await context.newPage();
    trackRequests(page);
    const out: string[] = [];
    try {
      if (as !== 'visitor') await signIn(page, baseURL, accounts[as].email, accounts[as].password);
      let theme: Theme = 'light';
      await page.emulateMedia({ colorScheme: theme });
      for (const stop of stops) {
        const where = `${stop.path} as ${as}${width < 600 ? ` at ${width}px` : ''}`;
        await page.goto(`${baseURL}${stop.path}`);
        await settle(page);
        const landed = new URL(page.url()).pathname;
        const planned = new URL(stop.path, baseURL).pathname;
        if (landed !== planned) out.push(`${where}: landed on ${landed} instead`);
        theme = await checkBothThemes(page, where, theme, out);
        if (width >= 600) theme = await checkTabs(page, where, theme, out);
      }
    } finally {
      await context.close();
    }
    expect(out, `\n${out.join('\n')}`).toEqual([]);
  }

  // The tours run side by side, each in its own context of the one browser: most of a page's time
  // is spent waiting for it to settle.
  for (const as of VISITORS) {
    it.concurrent(`every page ${as === 'visitor' ? 'a signed-out visitor' : `the ${as}`} opens`, async () => {
      const stops = allStops(table, { token: shareToken, orderNumber: GUEST_ORDER_NUMBER }).filter(
        (s) => s.as === as,
      );
      expect(stops.length).toBeGreaterThan(0);
      await tour(as, stops, 1280);
    }, 600_000);
  }

  it.concurrent('pages at phone width (390 px)', async () => {
    for (const as of VISITORS) {
      const stops = PHONE_STOPS.filter((s) => s.as === as);
      if (stops.length > 0) await tour(as, stops, 390);
    }
  }, 300_000);
});
