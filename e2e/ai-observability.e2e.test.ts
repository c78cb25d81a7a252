import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiStandins } from '../apps/server/test/ai-standins';
import { signIn } from './support/accounts';
import { type AiJourneyServer, startAiJourneyServer } from './support/ai-server';
import { api, loginToken } from './support/api';
import { axeFindings, describeFindings } from './support/axe';
import { hasChromium, launchBrowser, screenshot, showTheme } from './support/browser';
import type { RunningServer } from './support/server';

/** Accessibility findings (axe, serious and critical) of every page shot, reported at the end. */
const findings: string[] = [];

/**
 * Shoots a loaded page light and dark at desktop width, checking each with axe, then at 390 px
 * (in the dark theme it was left in), where nothing may be wider than the screen.
 */
async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 1000 });
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const theme of ['light', 'dark'] as const) {
    await showTheme(page, theme);
    await screenshot(page, `ai-observability-${name}-${theme}`);
    findings.push(...describeFindings(`${name} [${theme}]`, await axeFindings(page)));
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, `ai-observability-${name}-390`);
  await page.setViewportSize({ width: 1280, height: 1000 });
}

/** The value of a figure tile, found by its label. */
const tile = (page: Page, label: string) =>
  page.locator('.ant-card', { has: page.getByText(label, { exact: true }) }).first();

describe.skipIf(!hasChromium)('AI analytics, performance and benchmark journey in Chromium', () => {
  let browser: Browser;
  let journey: AiJourneyServer;
  let standins: AiStandins;
  let server: RunningServer;
  const email = `observe-${Date.now()}@stratos.test`;
  const password = 'ObserveJourney2026';

  beforeAll(async () => {
    journey = await startAiJourneyServer('observability-journey', {
      email,
      password,
      firstName: 'Olive',
      lastName: 'Observer',
    });
    ({ standins, server } = journey);
    // A few pieces 40 ms apart: each benchmark prompt takes a moment, so progress shows.
    standins.ollama.set({ chunkDelayMs: 40 });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await journey?.stop();
  });

  it('shows the chats on analytics and performance, runs a benchmark and shows its results', async () => {
    // Two chats through the API: two calls in the usage log, two rated replies.
    const token = await loginToken(server.url, email, password);
    await expect
      .poll(
        async () =>
          (await api<{ data: Array<{ id: string; status: string }> }>(server.url, '/ai/providers', { token }))
            .status,
      )
      .toBe(200);
    for (const message of ['Say hello in several words', 'Say hello again in several words']) {
      const r = await api(server.url, '/ai/chat', {
        method: 'POST',
        token,
        body: { message, provider: 'ollama' },
      });
      expect(r.status).toBe(200);
    }
    type Usage = {
      data: { totals: { calls: number; tokens: number }; byOperation: Array<{ key: string; calls: number }> };
    };
    const usageNow = () => api<Usage>(server.url, '/ai/analytics/usage', { token });
    const callsOf = (u: Usage) => Object.fromEntries(u.data.byOperation.map((o) => [o.key, o.calls]));
    // The chats' calls, and the first question's embedding for retrieval from the user's files (its
    // own operation; a chat does not wait for that row, it is written within a second): once the
    // server knows the user has no indexed files it no longer embeds.
    await expect
      .poll(async () => callsOf((await usageNow()).body), { timeout: 10_000 })
      .toEqual({ chat: 2, embedding: 1 });
    const usage = await usageNow();
    const total = usage.body.data.totals.calls;
    expect(total).toBe(3);

    const context = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const page = await context.newPage();
    await signIn(page, server.url, email, password);

    // Analytics: the tiles show the stored figures; the breakdown names the model.
    await page.goto(`${server.url}/ai-analytics`);
    await expect.poll(() => tile(page, 'Calls').textContent(), { timeout: 15_000 }).toContain(String(total));
    expect(await tile(page, 'Tokens').textContent()).toContain(String(usage.body.data.totals.tokens));
    expect(await page.getByRole('tab', { name: 'Models' }).isVisible()).toBe(true);
    expect(await page.locator('.ant-table').first().textContent()).toContain('ollama');
    // The CSV export downloads the server's file.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(
      /^ai-usage-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    await shoot(page, 'analytics');

    // Performance: percentiles and the replies' quality, of the chats only (not the embedding).
    await page.goto(`${server.url}/ai-performance`);
    await expect
      .poll(() => tile(page, 'Median (p50)').textContent(), { timeout: 15_000 })
      .toMatch(/\d+ ms|\d+\.\d+ s/);
    expect(await tile(page, 'Error rate').textContent()).toContain('0%');
    expect(await tile(page, 'Error rate').textContent()).toContain('of 2');
    expect(await page.getByText('Reply quality per day').isVisible()).toBe(true);
    expect(await page.getByText(/good or better of 2$/).count()).toBe(1);
    await shoot(page, 'performance');

    // Benchmark: nothing yet, then a run with live progress and its results.
    await page.goto(`${server.url}/ai-benchmark`);
    await expect.poll(() => page.getByText('No benchmark yet').isVisible(), { timeout: 15_000 }).toBe(true);
    await shoot(page, 'benchmark-empty');
    await page.getByRole('button', { name: 'Run benchmark' }).first().click();
    await expect
      .poll(() => page.getByText(/Running: \d of 5 prompts measured/).isVisible(), { timeout: 10_000 })
      .toBe(true);
    await expect
      .poll(() => page.getByRole('button', { name: 'Benchmark running…' }).first().isDisabled())
      .toBe(true);
    await expect.poll(() => page.getByText('Completed').first().isVisible(), { timeout: 60_000 }).toBe(true);
    const rows = page.locator('.ant-card', { hasText: 'Every prompt' }).locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(5);
    expect(await tile(page, 'Fastest').textContent()).toContain('ollama');
    // The run is stored: after a reload it is in the history with its five results.
    await page.reload();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(5);
    const runs = await api<{ data: { runs: Array<{ status: string; done: number }> } }>(
      server.url,
      '/ai/benchmark/runs',
      {
        token,
      },
    );
    expect(runs.body.data.runs).toMatchObject([{ status: 'completed', done: 5 }]);
    await shoot(page, 'benchmark');

    // The benchmark's calls are in the analytics like any other: the calls above + 5 benchmark prompts.
    await page.goto(`${server.url}/ai-analytics`);
    await expect
      .poll(() => tile(page, 'Calls').textContent(), { timeout: 15_000 })
      .toContain(String(total + 5));
    await page.getByRole('tab', { name: 'Operations' }).click();
    expect(await page.getByRole('tabpanel').textContent()).toContain('benchmark');
    expect(await page.getByRole('tabpanel').textContent()).toContain('embedding');
    await context.close();

    // The superadmin sees everyone's usage, per user, and can narrow the page to one of them.
    const ops = await browser.newContext({ viewport: { width: 1280, height: 1000 } });
    const admin = await ops.newPage();
    await signIn(admin, server.url, 'observability-journey-ops@stratos.test', 'AdminPassw0rd');
    await admin.goto(`${server.url}/ai-analytics`);
    const byUser = admin.locator('.ant-card', { hasText: 'By user' });
    await expect.poll(() => byUser.textContent(), { timeout: 15_000 }).toContain(email);
    await shoot(admin, 'analytics-admin');
    await byUser.getByRole('button', { name: new RegExp(email) }).click();
    await expect.poll(() => admin.getByText('Only Olive Observer').isVisible()).toBe(true);
    expect(await tile(admin, 'Calls').textContent()).toContain(String(total + 5));
    await ops.close();
    expect(findings).toEqual([]);
  }, 240_000);
});
