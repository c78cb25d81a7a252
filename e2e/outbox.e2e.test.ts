import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { confirmedUser, signIn } from './support/accounts';
import { api, latestCode, loginToken } from './support/api';
import { hasChromium, launchBrowser, screenshotBothThemes } from './support/browser';

const baseURL = inject('baseURL');
const superadmin = inject('admin');
const SIX_DIGITS = /\b\d{6}\b/;

describe.skipIf(!hasChromium)('mail outbox in Chromium', () => {
  let browser: Browser;
  let rootToken: string;
  /** The code mailed to the superadmin, as the server's console shows it to its operator. */
  let resetCode: string;
  const admin = { email: `second-admin-${Date.now()}@stratos.test`, password: 'SecondAdmin2026' };

  beforeAll(async () => {
    browser = await launchBrowser();
    rootToken = await loginToken(baseURL, superadmin.email, superadmin.password);
    await confirmedUser(baseURL, rootToken, { ...admin, firstName: 'Adam', lastName: 'Admin' });
    const { body } = await api<{ data: { users: { id: string }[] } }>(
      baseURL,
      `/admin/users?search=${encodeURIComponent(admin.email)}`,
      { token: rootToken },
    );
    const id = body.data.users[0]?.id;
    const made = await api(baseURL, `/admin/users/${id}`, {
      method: 'PATCH',
      body: { role: 'admin' },
      token: rootToken,
    });
    expect(made.status).toBe(200);
    // Someone asks for the superadmin's password reset: the code mail lands in the outbox.
    await api(baseURL, '/auth/forgot-password', { method: 'POST', body: { email: superadmin.email } });
    resetCode = await latestCode(baseURL, rootToken, superadmin.email);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("gives an admin no way to the outbox, and so none to the superadmin's reset code", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(page, baseURL, admin.email, admin.password);
    await page.goto(`${baseURL}/admin-dashboard`);
    await page.getByRole('tab', { name: /Users/ }).waitFor({ timeout: 15_000 });
    expect(await page.getByRole('button', { name: /Mail outbox/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    await expect.poll(() => page.getByRole('menuitem', { name: 'Audit Log' }).first().isVisible()).toBe(true);
    expect(await page.getByRole('menuitem', { name: 'Mail Outbox' }).count()).toBe(0);

    await page.goto(`${baseURL}/admin/outbox`);
    await expect
      .poll(
        () =>
          page
            .getByText(/reserved for the platform operator/i)
            .first()
            .isVisible(),
        { timeout: 15_000 },
      )
      .toBe(true);
    const token = await loginToken(baseURL, admin.email, admin.password);
    expect((await api(baseURL, '/admin/outbox', { token })).status).toBe(403);
    await page.close();
  });

  it('shows the superadmin every mail with its code hidden (light, dark, 390 px)', async () => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        viewport: { width, height: width > 500 ? 800 : 844 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await signIn(page, baseURL, superadmin.email, superadmin.password);
      if (width > 500) {
        // Reached from the Admin menu, where only the superadmin finds it.
        await page.getByRole('button', { name: 'Admin', exact: true }).click();
        await page.getByRole('menuitem', { name: 'Mail Outbox' }).click();
        await page.waitForURL(/\/admin\/outbox$/);
      } else {
        await page.goto(`${baseURL}/admin/outbox`);
      }
      await page.getByRole('heading', { name: 'Mail outbox', exact: true }).waitFor({ timeout: 15_000 });
      await page.getByText('Code hidden').first().waitFor({ timeout: 15_000 });
      await page.getByText('Reset your Stratos password').first().click();
      await page
        .getByText(/The code in this mail is hidden/)
        .first()
        .waitFor();
      // What a person sees on the page (textContent would include styles and scripts). Other
      // mails on a shared server may carry six digits of their own (an order number's random
      // part can be all digits), so the whole page is checked for the code itself, as a number of
      // its own (the list's addresses carry 13-digit timestamps, and one held the code's six
      // digits once), and the opened mail's body for any code at all.
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point here.
      const text = await page.evaluate(() => document.body.innerText);
      expect(text).toContain('••••••');
      expect(text).not.toMatch(new RegExp(`(?<!\\d)${resetCode}(?!\\d)`));
      const body =
        (await page
          .getByRole('region', { name: /^Text of “Reset your Stratos password/ })
          .first()
          .textContent()) ?? '';
      expect(body).toContain('••••••');
      expect(body).not.toMatch(SIX_DIGITS);
      await screenshotBothThemes(page, (theme) => `admin-outbox-${theme}-${width}`);
      await context.close();
    }
  });

  it('still delivers the code to its owner: the console of a server without SMTP', async () => {
    const email = `reset-${Date.now()}@stratos.test`;
    await confirmedUser(baseURL, rootToken, {
      email,
      password: 'BeforeReset2026',
      firstName: 'R',
      lastName: 'S',
    });
    await api(baseURL, '/auth/forgot-password', { method: 'POST', body: { email } });
    const code = await latestCode(baseURL, rootToken, email);
    const reset = await api(baseURL, '/auth/reset-password', {
      method: 'POST',
      body: { email, code, newPassword: 'AfterReset2026' },
    });
    expect(reset.status).toBe(200);
    expect(await loginToken(baseURL, email, 'AfterReset2026')).toBeTruthy();
  });
});
