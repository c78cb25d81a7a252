import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { confirmedUser, signIn } from './support/accounts';
import { api, latestCode, loginToken } from './support/api';
import { hasChromium, launchBrowser, screenshotBothThemes } from './support/browser';

const baseURL = inject('baseURL');
const admin = inject('admin');

const stamp = Date.now();
const password = 'Billing2026pw';
const accounts = {
  subscriber: `subscriber-${stamp}@stratos.test`,
  upgrader: `upgrader-${stamp}@stratos.test`,
  prepaid: `prepaid-${stamp}@stratos.test`,
};

type Status = { has_active_subscription: boolean; billing: { current_plan: string } };

/** Fills the sandbox card form (expiry 12/34, CVC 123) and pays. */
async function payWithCard(page: Page, number: string, amount: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('1234');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

describe.skipIf(!hasChromium)('billing journeys in Chromium', () => {
  let browser: Browser;
  let adminToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await loginToken(baseURL, admin.email, admin.password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers with Pro from the pricing page, verifies, pays with 4242 after a decline, sees the welcome and lands on the dashboard', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    const email = accounts.subscriber;

    await page.goto(`${baseURL}/pricing`);
    await page.getByRole('link', { name: 'Choose Pro — Pro plan' }).click();
    await page.waitForURL(/\/register\?plan=pro&redirect=subscribe/);
    await page.getByLabel('First name').fill('Paula');
    await page.getByLabel('Last name').fill('Payer');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    await page.waitForURL(/\/auth\/verify/, { timeout: 15_000 });
    await page.getByLabel('Verification code').fill(await latestCode(baseURL, adminToken, email));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    const emailField = page.getByLabel('Email');
    if ((await emailField.inputValue()) !== email) await emailField.fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();

    // redirectAfterVerification: a paid plan with redirect=subscribe pays first.
    await page.waitForURL(/\/subscribe\?plan=pro/, { timeout: 15_000 });
    await expect.poll(visible(page, 'Subscribe to Pro'), { timeout: 15_000 }).toBe(true);
    await expect.poll(visible(page, 'Complete Your Subscription'), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('note', { name: 'Test mode' }).textContent()).toContain(
      '4242 4242 4242 4242',
    );

    await payWithCard(page, '4000 0000 0000 0002', '$19.99');
    await expect.poll(visible(page, 'Your card was declined.'), { timeout: 15_000 }).toBe(true);

    // A decline leaves the intent open: the same form takes another card.
    await payWithCard(page, '4242 4242 4242 4242', '$19.99');
    await expect.poll(visible(page, 'Welcome to Stratos Pro!'), { timeout: 15_000 }).toBe(true);
    await page.waitForURL(/\/dashboard$/, { timeout: 10_000 });

    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_token') ?? '{}').token);
    const status = await api<Status>(baseURL, '/payments/subscription-status', { token });
    expect(status.body).toMatchObject({ has_active_subscription: true, billing: { current_plan: 'pro' } });
    const history = await api<{ payments: { status: string; amount: number }[] }>(
      baseURL,
      '/payments/history',
      {
        token,
      },
    );
    expect(history.body.payments.filter((p) => p.status === 'succeeded')).toEqual([
      expect.objectContaining({ amount: 1999 }),
    ]);

    // The success page: plan card, next steps, countdown, and the way on.
    await page.goto(`${baseURL}/subscription-success?plan=pro`);
    await expect.poll(visible(page, 'Subscription confirmed'), { timeout: 15_000 }).toBe(true);
    expect(await page.getByRole('region', { name: 'Your plan' }).textContent()).toMatch(/Pro.*\$19\.99/);
    await expect.poll(visible(page, /Taking you to your dashboard in \d+ seconds?/)).toBe(true);
    await page.getByRole('link', { name: 'Go to Dashboard Now' }).click();
    await page.waitForURL(/\/dashboard$/, { timeout: 10_000 });

    // A paying user is sent from /upgrade to their subscription settings.
    await page.goto(`${baseURL}/upgrade`);
    await page.waitForURL(/\/settings\?tab=subscription/, { timeout: 15_000 });
    await page.close();
  }, 180_000);

  it('upgrades a free user through Plan, Confirm and Payment; a failed card returns to Confirm; cancels and resumes', async () => {
    const email = accounts.upgrader;
    await confirmedUser(baseURL, adminToken, { email, password, firstName: 'Uma', lastName: 'Upgrader' });
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });

    // Signed out, /upgrade asks to sign in first and comes back.
    await page.goto(`${baseURL}/upgrade`);
    await page.waitForURL(/\/login\?redirect=\/upgrade/, { timeout: 15_000 });
    await signIn(page, baseURL, email, password);
    await page.goto(`${baseURL}/upgrade`);

    await page.getByRole('button', { name: 'Choose Basic' }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('list', { name: 'Plans' }).getByRole('article').count()).toBe(4);
    await page.getByRole('button', { name: 'Choose Basic' }).click();
    await expect.poll(visible(page, 'Upgrade to Basic')).toBe(true);
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Choose Basic' }).click();
    await page.getByRole('button', { name: 'Confirm Upgrade' }).click();

    await expect.poll(visible(page, 'Complete Your Subscription'), { timeout: 15_000 }).toBe(true);
    await payWithCard(page, '4000 0000 0000 9995', '$9.99');
    await expect
      .poll(visible(page, 'Upgrade failed: Your card has insufficient funds.'), { timeout: 15_000 })
      .toBe(true);
    await page.getByRole('button', { name: 'Confirm Upgrade' }).click();
    await payWithCard(page, '4242 4242 4242 4242', '$9.99');

    await page.waitForURL(/\/dashboard\?upgraded=true/, { timeout: 15_000 });
    await expect.poll(visible(page, 'Your upgrade is complete. Your new plan is active now.')).toBe(true);
    await expect.poll(visible(page, 'Plan: Basic')).toBe(true);

    // Settings: the plan, then cancel at period end and resume.
    await page.goto(`${baseURL}/settings?tab=subscription`);
    await expect.poll(visible(page, 'Total spent'), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText('$9.99').first().isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await expect.poll(visible(page, /Your Basic plan ends on/), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Resume subscription' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Cancel subscription' }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    // Billing tab: the payment and its receipt.
    await page.goto(`${baseURL}/settings?tab=billing`);
    await page
      .getByRole('button', { name: /^Receipt for / })
      .first()
      .click();
    const receipt = page.getByRole('dialog', { name: 'Receipt' });
    await expect
      .poll(async () => (await receipt.textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/\$9\.99/);
    await page.close();
  }, 180_000);

  it('walks a new user through onboarding and saves the answers', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await signIn(page, baseURL, accounts.upgrader, password);
    await page.goto(`${baseURL}/onboarding?plan=basic`);
    await expect.poll(visible(page, /Welcome to Stratos, Uma!/), { timeout: 15_000 }).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(visible(page, 'Tell us about your work')).toBe(true);

    const next = page.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: /Business/ }).check();
    expect(await next.isDisabled()).toBe(true);
    await page.getByRole('radio', { name: 'Small (2-10)' }).check();
    expect(await next.isDisabled()).toBe(false);
    await next.click();
    await page.getByRole('checkbox', { name: 'Dropbox' }).check();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => page.getByRole('radio', { name: 'Small (2-10)' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: 'Dropbox' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio', { name: /Intermediate/ }).check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(visible(page, "You're all set!")).toBe(true);
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();

    await page.waitForURL(/\/dashboard\?onboarding=completed&plan=basic/, { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('onboardingCompleted'))).toBe('true');
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_token') ?? '{}').token);
    const saved = await api<{ onboarding: Record<string, unknown> }>(baseURL, '/onboarding', { token });
    expect(saved.body.onboarding).toMatchObject({
      primaryUseCase: 'business',
      teamSize: 'small',
      storageProviders: ['dropbox'],
      aiExperience: 'intermediate',
    });
    expect(saved.body.onboarding.completedAt).not.toBeNull();
    await page.close();
  }, 120_000);

  it('buys the Standard credit package, shows the balance in the header, and raises an alert after a large deduction', async () => {
    const email = accounts.prepaid;
    await confirmedUser(baseURL, adminToken, { email, password, firstName: 'Priya', lastName: 'Prepaid' });
    const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
    await signIn(page, baseURL, email, password);
    await page.goto(`${baseURL}/billing`);
    await page.getByRole('button', { name: 'Buy credits' }).click();

    const modal = page.getByRole('dialog', { name: 'Buy credits' });
    await expect.poll(() => modal.getByText('Credits never expire').isVisible()).toBe(true);
    expect(await modal.getByRole('radio').count()).toBe(5);
    await modal.getByRole('radio', { name: 'Standard: $20 for 20 credits' }).check();
    await modal.getByRole('button', { name: 'Continue to payment' }).click();
    await payWithCard(page, '4242 4242 4242 4242', '$20.00');
    await expect.poll(() => modal.getByText('20 credits added').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => modal.getByText(/Your balance is now 20\.00 credits/).isVisible()).toBe(true);
    await modal.getByRole('button', { name: 'Done' }).click();

    const balance = page.getByRole('link', { name: 'Credit balance: 20.00 credits' });
    await expect.poll(() => balance.isVisible(), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => page.getByRole('region', { name: 'Credit balance' }).textContent(), { timeout: 15_000 })
      .toContain('20.00 credits');
    await expect.poll(visible(page, 'Standard credit package (20 credits)'), { timeout: 15_000 }).toBe(true);

    const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_token') ?? '{}').token);
    // Something stored, so the usage chart and the daily cost have a figure (prepaid uploads need credits).
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(48 * 1024 * 1024)]), 'design-review.mov');
    const upload = await fetch(`${baseURL}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(upload.status).toBe(201);

    // A large charge, as another part of the product would make it.
    const me = await api<{ user: { id: string } }>(baseURL, '/auth/me', { token });
    const res = await fetch(`${baseURL}/api/billing/credits/deduct`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': randomUUID(),
      },
      body: JSON.stringify({ userId: me.body.user.id, amount: 19.5, description: 'Large AI analysis' }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { newBalance: number }).newBalance).toBeCloseTo(0.5);

    await page.goto(`${baseURL}/alerts`);
    await expect.poll(visible(page, 'Credits almost gone'), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => page.getByRole('link', { name: 'Credit balance: 0.50 credits' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
    const bell = page.getByRole('button', { name: /^Alerts, \d+ active$/ });
    await bell.click();
    await expect
      .poll(() => page.getByRole('dialog', { name: 'Alerts' }).getByText('Credits almost gone').isVisible())
      .toBe(true);
    await page.keyboard.press('Escape');

    await page.goto(`${baseURL}/dashboard`);
    await expect
      .poll(() => page.getByRole('region', { name: 'Alerts' }).textContent(), { timeout: 15_000 })
      .toContain('Credits almost gone');
    await page.close();
  }, 180_000);

  it('saves screenshots of every billing page (light, dark, 390 px)', async () => {
    const tokens = async (email: string) => {
      const r = await api<{ token: string; refreshToken: string }>(baseURL, '/auth/login', {
        method: 'POST',
        body: { email, password },
      });
      return JSON.stringify({ token: r.body.token, refreshToken: r.body.refreshToken });
    };
    const fresh = `fresh-${stamp}@stratos.test`;
    await confirmedUser(baseURL, adminToken, {
      email: fresh,
      password,
      firstName: 'Finn',
      lastName: 'Fresh',
    });
    const who = {
      subscriber: await tokens(accounts.subscriber),
      prepaid: await tokens(accounts.prepaid),
      fresh: await tokens(fresh),
    };
    const shots: { user: keyof typeof who; name: string; path: string; ready: (p: Page) => Promise<void> }[] =
      [
        {
          user: 'fresh',
          name: 'subscribe',
          path: '/subscribe?plan=pro',
          ready: (p) => waitFor(p, 'Card number', 'label'),
        },
        {
          user: 'fresh',
          name: 'upgrade-plan',
          path: '/upgrade',
          ready: (p) => waitFor(p, 'Choose Pro', 'button'),
        },
        {
          user: 'fresh',
          name: 'upgrade-confirm',
          path: '/upgrade?plan=pro',
          ready: (p) => waitFor(p, 'Confirm Upgrade', 'button'),
        },
        {
          user: 'fresh',
          name: 'upgrade-payment',
          path: '/upgrade?plan=pro',
          ready: async (p) => {
            await waitFor(p, 'Confirm Upgrade', 'button');
            await p.getByRole('button', { name: 'Confirm Upgrade' }).click();
            await waitFor(p, 'Card number', 'label');
          },
        },
        {
          user: 'fresh',
          name: 'onboarding-welcome',
          path: '/onboarding?plan=pro',
          ready: (p) => waitFor(p, 'Skip Setup', 'button'),
        },
        {
          user: 'fresh',
          name: 'onboarding-preferences',
          path: '/onboarding?plan=pro',
          ready: async (p) => {
            await waitFor(p, 'Skip Setup', 'button');
            await p.getByRole('button', { name: 'Next' }).click();
            await p.getByRole('radio', { name: /Creative/ }).check();
          },
        },
        {
          user: 'subscriber',
          name: 'subscription-success',
          path: '/subscription-success?plan=pro',
          ready: (p) => waitFor(p, 'Go to Dashboard Now', 'link'),
        },
        {
          user: 'subscriber',
          name: 'settings-subscription',
          path: '/settings?tab=subscription',
          ready: (p) => waitFor(p, 'Total spent', 'text'),
        },
        {
          user: 'subscriber',
          name: 'settings-billing',
          path: '/settings?tab=billing',
          ready: (p) => waitFor(p, 'Receipt', 'text'),
        },
        {
          user: 'subscriber',
          name: 'subscribe-active',
          path: '/subscribe?plan=pro',
          ready: (p) => waitFor(p, 'Active Subscription', 'text'),
        },
        {
          user: 'prepaid',
          name: 'billing',
          path: '/billing',
          ready: (p) => waitFor(p, 'Cost over time', 'text'),
        },
        {
          user: 'prepaid',
          name: 'buy-credits',
          path: '/billing?buy=credits',
          ready: (p) => waitFor(p, 'Continue to payment', 'button'),
        },
        {
          user: 'prepaid',
          name: 'alerts',
          path: '/alerts',
          ready: (p) => waitFor(p, 'Credits almost gone', 'text'),
        },
        {
          user: 'prepaid',
          name: 'alerts-dropdown',
          path: '/dashboard',
          ready: async (p) => {
            await waitFor(p, 'Credits almost gone', 'text');
            await p
              .getByRole('button', { name: /^Alerts/ })
              .first()
              .click();
            await p.getByRole('dialog', { name: 'Alerts' }).waitFor();
          },
        },
        {
          user: 'prepaid',
          name: 'notifications',
          path: '/notifications',
          ready: (p) => waitFor(p, 'Mark all as read', 'button'),
        },
      ];
    // One context and one tab per width and user, as a person opens pages: each shot is a full
    // load of its address, while the tab keeps its renderer and compiled scripts (a new tab per shot
    // took ~4.5 s a page instead of ~2.5 s here). One load of each page gives both themes.
    for (const width of [1280, 390]) {
      for (const user of Object.keys(who) as (keyof typeof who)[]) {
        const context = await browser.newContext({
          viewport: { width, height: width > 500 ? 860 : 844 },
          reducedMotion: 'reduce',
        });
        await context.addInitScript((stored) => localStorage.setItem('auth_token', stored), who[user]);
        const page = await context.newPage();
        for (const shot of shots.filter((s) => s.user === user)) {
          await page.goto(`${baseURL}${shot.path}`);
          await shot.ready(page);
          await page.waitForTimeout(400);
          await screenshotBothThemes(page, (theme) => `billing-${shot.name}-${theme}-${width}`);
        }
        await context.close();
      }
    }
  }, 600_000);
});

async function waitFor(page: Page, name: string, kind: 'button' | 'link' | 'label' | 'text') {
  const locator =
    kind === 'button'
      ? page.getByRole('button', { name })
      : kind === 'link'
        ? page.getByRole('link', { name })
        : kind === 'label'
          ? page.getByLabel(name)
          : page.getByText(name, { exact: true });
  await locator.first().waitFor({ state: 'visible', timeout: 20_000 });
}
