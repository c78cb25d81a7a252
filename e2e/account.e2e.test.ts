import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { confirmedUser, signIn } from './support/accounts';
import { api, latestCode, loginToken } from './support/api';
import { hasChromium, launchBrowser, screenshot, screenshotBothThemes } from './support/browser';

const baseURL = inject('baseURL');
const admin = inject('admin');
const reader = { firstName: 'Rita', lastName: 'Reader' };

describe.skipIf(!hasChromium)('account journeys in Chromium', () => {
  let browser: Browser;
  let adminToken: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await loginToken(baseURL, admin.email, admin.password);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('registers, confirms with the mailed code, signs in, edits the profile, switches theme and signs out', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const email = `journey-${Date.now()}@stratos.test`;
    const password = 'Journey2026pw';

    await page.goto(`${baseURL}/register?plan=pro`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create Account' }).click();

    // After the 2-second success message the wizard moves on to code entry.
    await page.waitForURL(/\/auth\/verify/, { timeout: 15_000 });
    const code = await latestCode(baseURL, adminToken, email);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();

    await page.waitForURL(/\/login/, { timeout: 15_000 });
    const emailField = page.getByLabel('Email');
    if ((await emailField.inputValue()) !== email) await emailField.fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });

    await page.goto(`${baseURL}/profile`);
    await expect.poll(() => page.getByText(email).first().isVisible(), { timeout: 15_000 }).toBe(true);
    const firstName = page.getByLabel('First name');
    await firstName.fill('Augusta');
    await page.getByRole('button', { name: /save/i }).first().click();
    await expect
      .poll(async () => {
        const token = await page.evaluate(() => JSON.parse(localStorage.getItem('auth_token') ?? '{}').token);
        const me = await api<{ user: { firstName: string } }>(baseURL, '/auth/me', { token });
        return me.body.user?.firstName;
      })
      .toBe('Augusta');

    const before = await page.evaluate(() => document.documentElement.dataset.theme);
    await page.getByRole('button', { name: /theme/i }).first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).not.toBe(before);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('theme'))).not.toBeNull();

    await page
      .getByRole('button', { name: /account menu|user menu|Augusta/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: /log ?out|sign out/i }).click();
    await page.waitForURL(/\/login/, { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    // Signed out means the protected page sends us back to sign in.
    await page.goto(`${baseURL}/profile`);
    await page.waitForURL(/\/login\?redirect=%2Fprofile/, { timeout: 15_000 });
    await page.close();
  });

  it('sends an anonymous visitor of /admin-dashboard to /login with the redirect kept', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseURL}/admin-dashboard`);
    await page.waitForURL(/\/login\?redirect=%2Fadmin-dashboard/, { timeout: 15_000 });
    await page.close();
  });

  it('does not let a user open admin pages', async () => {
    const email = `plain-${Date.now()}@stratos.test`;
    const password = 'PlainUser2026';
    await confirmedUser(baseURL, adminToken, { email, password, ...reader });
    const page = await browser.newPage();
    await signIn(page, baseURL, email, password);
    await page.goto(`${baseURL}/admin-dashboard`);
    await expect
      .poll(
        () =>
          page
            .getByText(/don.t have access|access denied|not allowed/i)
            .first()
            .isVisible(),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    expect(await page.getByRole('tab', { name: 'Outbox' }).count()).toBe(0);
    const token = await loginToken(baseURL, email, password);
    expect((await api(baseURL, '/admin/users', { token })).status).toBe(403);
    await page.close();
  });

  it('lets an admin manage users from the admin dashboard', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, baseURL, admin.email, admin.password);
    await page.goto(`${baseURL}/admin-dashboard`);
    await expect.poll(() => page.getByText(admin.email).first().isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(page, 'admin-dashboard-light');
    await page.close();
  });

  it('saves screenshots of home, register, login and the dashboard shell (light, dark, 390 px)', async () => {
    const email = `shots-${Date.now()}@stratos.test`;
    const password = 'Screens2026pw';
    await confirmedUser(baseURL, adminToken, { email, password, ...reader });
    for (const width of [1280, 390]) {
      // Reduced motion: screenshots show the settled page, not a frame of the entrance animation.
      const context = await browser.newContext({
        viewport: { width, height: width > 500 ? 800 : 844 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      const name = (view: string) => (theme: string) => `${view}-${theme}-${width}`;
      await page.goto(`${baseURL}/`);
      await expect.poll(() => page.getByText(/Pro/).first().isVisible(), { timeout: 15_000 }).toBe(true);
      await screenshotBothThemes(page, name('home'));
      await page.goto(`${baseURL}/register`);
      await page.getByLabel('First name').waitFor();
      await screenshotBothThemes(page, name('register'));
      await page.goto(`${baseURL}/login`);
      await page.getByLabel('Email').waitFor();
      await screenshotBothThemes(page, name('login'));
      await signIn(page, baseURL, email, password);
      await page.goto(`${baseURL}/dashboard`);
      // Not 'networkidle': a signed-in page keeps its live events stream open.
      await page.getByRole('heading', { level: 1 }).waitFor();
      await expect
        .poll(() => page.locator('[role="status"][aria-label^="Loading"]').count(), { timeout: 15_000 })
        .toBe(0);
      await screenshotBothThemes(page, name('dashboard'));
      await context.close();
    }
  });
});
