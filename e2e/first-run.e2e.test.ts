import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { confirmedUser, signIn } from './support/accounts';
import { api, loginToken } from './support/api';
import { hasChromium, launchBrowser, screenshotBothThemes } from './support/browser';

const baseURL = inject('baseURL');
const admin = inject('admin');
const stamp = Date.now();
const password = 'FirstRun2026pw';
const people = {
  themer: `themer-${stamp}@stratos.test`,
  free: `free-${stamp}@stratos.test`,
  subscriber: `basic-${stamp}@stratos.test`,
};

type Prefs = { data: { theme: string; dark_mode: boolean } };

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();
const themeOf = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);

/** Pays for the Basic plan through the API with the sandbox's 4242 card, as the payment step does. */
async function subscribeToBasic(email: string) {
  const token = await loginToken(baseURL, email, password);
  const intent = await api<{ payment_intent_id: string; client_secret: string }>(
    baseURL,
    '/payments/create-payment-intent',
    { method: 'POST', token, body: { plan_id: 'basic' } },
  );
  expect(intent.status).toBe(200);
  const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
  const paid = await api(baseURL, '/payments/sandbox/confirm', {
    method: 'POST',
    token,
    body: {
      payment_intent_id: intent.body.payment_intent_id,
      client_secret: intent.body.client_secret,
      card,
    },
  });
  expect(paid.status).toBe(200);
  const granted = await api(baseURL, '/payments/confirm-payment', {
    method: 'POST',
    token,
    body: { payment_intent_id: intent.body.payment_intent_id, plan_id: 'basic' },
  });
  expect(granted.status).toBe(200);
}

describe.skipIf(!hasChromium)('a first run, as a new user meets it', () => {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  /** A fresh browser profile: nothing stored, light system theme. */
  const freshBrowser = async (width = 1280) => {
    const context = await browser.newContext({
      viewport: { width, height: width > 500 ? 860 : 844 },
      colorScheme: 'light',
      reducedMotion: 'reduce',
    });
    contexts.push(context);
    return context;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    const adminToken = await loginToken(baseURL, admin.email, admin.password);
    for (const [key, email] of Object.entries(people))
      await confirmedUser(baseURL, adminToken, { email, password, firstName: 'Fay', lastName: key });
    await subscribeToBasic(people.subscriber);
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });

  it('keeps one theme: switched in one browser, it is the theme of the next sign-in anywhere', async () => {
    const a = await (await freshBrowser()).newPage();
    await signIn(a, baseURL, people.themer, password);
    expect(await themeOf(a)).toBe('light');
    await a.getByRole('button', { name: 'Switch to dark theme' }).first().click();
    await expect.poll(() => themeOf(a)).toBe('dark');
    const token = await loginToken(baseURL, people.themer, password);
    await expect
      .poll(async () => (await api<Prefs>(baseURL, '/user-preferences', { token })).body.data)
      .toEqual(expect.objectContaining({ theme: 'dark', dark_mode: true }));

    // Browser B has never seen this account: the sign-in brings the dark UI, and Settings says Dark.
    const b = await (await freshBrowser()).newPage();
    await signIn(b, baseURL, people.themer, password);
    await expect.poll(() => themeOf(b), { timeout: 15_000 }).toBe('dark');
    await b.goto(`${baseURL}/settings`);
    await expect
      .poll(() => b.getByRole('radio', { name: 'Dark' }).isChecked(), { timeout: 15_000 })
      .toBe(true);
    expect(await themeOf(b)).toBe('dark');

    // Light chosen in Settings in B is what A shows after a reload.
    await b.getByText('Light', { exact: true }).click();
    await expect.poll(() => themeOf(b)).toBe('light');
    await expect
      .poll(async () => (await api<Prefs>(baseURL, '/user-preferences', { token })).body.data)
      .toEqual(expect.objectContaining({ theme: 'light', dark_mode: false }));
    await a.reload();
    await expect.poll(() => themeOf(a), { timeout: 15_000 }).toBe('light');
  });

  it('shows /subscription-success as it is: sign in when signed out, no subscription when there is none', async () => {
    const page = await (await freshBrowser()).newPage();
    await page.goto(`${baseURL}/subscription-success?plan=pro&upgrade=true`);
    await expect.poll(visible(page, 'Sign in to see your subscription'), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText(/Upgrade complete|Subscription confirmed|plan is active/).count()).toBe(0);

    await signIn(page, baseURL, people.free, password);
    await page.goto(`${baseURL}/subscription-success?plan=pro&upgrade=true`);
    await expect.poll(visible(page, 'You have no paid subscription'), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText(/Upgrade complete|Taking you to your dashboard/).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Subscribe to Pro' }).getAttribute('href')).toBe(
      '/upgrade?plan=pro',
    );
  });

  it("shows a subscriber the plan they pay for, switches to Pro straight to payment, and keeps /billing's figures true", async () => {
    const page = await (await freshBrowser()).newPage();
    await signIn(page, baseURL, people.subscriber, password);

    await page.goto(`${baseURL}/subscription-success?plan=pro`);
    await expect.poll(visible(page, 'Your subscription is Basic, not Pro'), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('region', { name: 'Your plan' }).textContent()).toMatch(/Basic.*\$9\.99/);

    await page.goto(`${baseURL}/settings?tab=subscription`);
    await page.getByRole('link', { name: 'Switch to Pro' }).click();
    await page.waitForURL(/\/subscribe\?plan=pro&switch=true/);
    await expect.poll(visible(page, 'Complete Your Subscription'), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('heading', { name: 'Switch to Pro' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Pay $19.99' }).isVisible()).toBe(true);
    expect(await page.getByText('Active Subscription').count()).toBe(0);

    await page.goto(`${baseURL}/billing`);
    await expect
      .poll(() => page.getByRole('region', { name: 'Next payment' }).textContent(), { timeout: 15_000 })
      .toContain('$9.99');
    expect(await page.getByRole('region', { name: 'Daily cost' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Credit lasts' }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Cost over time' }).count()).toBe(0);
  });

  it('gives /auth/subscribe the app frame and names the plan as the catalogue does', async () => {
    const page = await (await freshBrowser()).newPage();
    await page.goto(`${baseURL}/auth/subscribe?plan=professional`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Subscribe to Pro' }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(
      await page
        .getByRole('banner')
        .getByRole('link', { name: /^Stratos.*home$/ })
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    expect(await page.locator('body').textContent()).not.toMatch(/Professional/);
  });

  it("answers an invalid email at registration with the spec's message, not a browser tooltip", async () => {
    const page = await (await freshBrowser()).newPage();
    await page.goto(`${baseURL}/register`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    for (const address of ['ada', 'ada@', 'ada@example']) {
      await page.getByLabel('Email').fill(address);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(visible(page, 'Please enter a valid email')).toBe(true);
      expect(await page.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    }
  });

  it('names one plan at onboarding with a plan not yet paid for, and a built page in the menu without a Soon mark', async () => {
    const page = await (await freshBrowser()).newPage();
    await signIn(page, baseURL, people.free, password);
    await page.goto(`${baseURL}/onboarding?plan=basic`);
    await expect.poll(visible(page, /until you pay for Basic/), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('The plan you chose').count()).toBe(0);

    await page.goto(`${baseURL}/dashboard?onboarding=completed&plan=basic`);
    await expect
      .poll(visible(page, 'Plan: Free. The Basic plan you chose starts once you pay for it.'), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await page.getByText('Plan: Basic', { exact: true }).count()).toBe(0);

    const nav = page.getByRole('navigation', { name: 'Main' });
    // Workflows is built (issue 18): its link carries no Soon mark any more.
    expect(await nav.getByRole('link', { name: 'Workflows', exact: true }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Files', exact: true }).isVisible()).toBe(true);
  });

  it('saves screenshots of the first-run pages (light, dark, 390 px)', async () => {
    const shots: { who: keyof typeof people | null; name: string; path: string; ready: string | RegExp }[] = [
      { who: null, name: 'home', path: '/', ready: 'AI providers' },
      { who: null, name: 'integrations', path: '/integrations', ready: 'Hugging Face' },
      { who: null, name: 'auth-subscribe', path: '/auth/subscribe', ready: 'Subscribe to Pro' },
      {
        who: null,
        name: 'success-signed-out',
        path: '/subscription-success',
        ready: 'Sign in to see your subscription',
      },
      {
        who: 'free',
        name: 'success-none',
        path: '/subscription-success?plan=pro',
        ready: 'You have no paid subscription',
      },
      {
        who: 'free',
        name: 'onboarding-unpaid',
        path: '/onboarding?plan=basic',
        ready: /until you pay for Basic/,
      },
      {
        who: 'free',
        name: 'dashboard-unpaid',
        path: '/dashboard?onboarding=completed&plan=basic',
        ready: /starts once you pay/,
      },
      {
        who: 'free',
        name: 'settings-notifications',
        path: '/settings?tab=notifications',
        ready: 'Saved, not in use yet',
      },
      {
        who: 'subscriber',
        name: 'success-active',
        path: '/subscription-success',
        ready: 'Go to Dashboard Now',
      },
      { who: 'subscriber', name: 'billing-subscriber', path: '/billing', ready: 'Next payment' },
      {
        who: 'subscriber',
        name: 'switch-to-pro',
        path: '/subscribe?plan=pro&switch=true',
        ready: 'Complete Your Subscription',
      },
    ];
    for (const width of [1280, 390]) {
      for (const who of [null, 'free', 'subscriber'] as const) {
        const context = await freshBrowser(width);
        const page = await context.newPage();
        if (who) {
          await signIn(page, baseURL, people[who], password);
        }
        for (const shot of shots.filter((s) => s.who === who)) {
          await page.goto(`${baseURL}${shot.path}`);
          await page.getByText(shot.ready).first().waitFor({ timeout: 20_000 });
          await page.waitForTimeout(300);
          await screenshotBothThemes(page, (theme) => `first-run-${shot.name}-${theme}-${width}`);
        }
        if (width < 500 && who === 'free') {
          // The phone menu.
          await page.goto(`${baseURL}/pricing`);
          await page.getByRole('button', { name: 'Open menu' }).click();
          await page.getByRole('link', { name: 'Workflows', exact: true }).waitFor();
          await screenshotBothThemes(page, (theme) => `first-run-menu-${theme}-${width}`);
        }
        await context.close();
      }
    }
  }, 600_000);
});
