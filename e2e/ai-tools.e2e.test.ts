import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/accounts';
import { type AiJourneyServer, startAiJourneyServer } from './support/ai-server';
import { api, loginToken } from './support/api';
import { axeFindings, describeFindings } from './support/axe';
import { hasChromium, launchBrowser, screenshot, showTheme } from './support/browser';

const FILE = 'q3-invoice.md';
const RECOMMENDATION = 'Urgent: pay this invoice before the 30th.';
const SUMMARY = 'An invoice from Acme for 1,200 EUR, due on the 30th.';
const QUESTION = 'Where should I keep my invoices?';
const ANSWER = 'Keep invoices together in a Finance folder and tag them by quarter so they are easy to find.';

/** The Ollama stand-in: analyses the file, plans the assistant's actions, summarises, and chats. */
function model(req: { prompt: string }): string {
  if (req.prompt.includes('Analyse this file') && req.prompt.includes(`File name: ${FILE}`))
    return JSON.stringify({
      summary: 'An invoice.',
      category: 'finance',
      tags: ['invoice'],
      insights: [],
      recommendations: [RECOMMENDATION],
      confidence: 0.9,
    });
  if (req.prompt.includes('You are the Stratos file assistant'))
    return JSON.stringify({
      reply: 'I will tag the invoice as finance and file it in Finance.',
      actions: [
        { kind: 'tag', files: [1], tags: ['finance'], reason: 'It is an invoice' },
        { kind: 'move', files: [1], folder: '/My Files/Finance' },
      ],
    });
  if (req.prompt.includes('You summarise files')) return SUMMARY;
  return ANSWER;
}

describe.skipIf(!hasChromium)('AI recommendations, assistant and training journey in Chromium', () => {
  let browser: Browser;
  let ai: AiJourneyServer;
  let userToken: string;
  const email = `tools-${Date.now()}@stratos.test`;
  const password = 'ToolsJourney2026';
  const admin = { email: 'ai-tools-ops@stratos.test', password: 'AdminPassw0rd' };

  beforeAll(async () => {
    ai = await startAiJourneyServer('ai-tools', { email, password, firstName: 'Tia', lastName: 'Tools' });
    for (const s of Object.values(ai.standins.all)) s.set({ respond: model });
    writeFileSync(
      path.join(ai.dir, FILE),
      '# Invoice 2026-Q3\n\nAcme Ltd. Amount due: 1,200 EUR by the 30th.\n',
    );
    browser = await launchBrowser();
    userToken = await loginToken(ai.server.url, email, password);
    const folder = await api(ai.server.url, '/folders', {
      method: 'POST',
      body: { name: 'Finance' },
      token: userToken,
    });
    expect(folder.status).toBe(201);
  });
  afterAll(async () => {
    await browser?.close();
    await ai?.stop();
  });

  const visible = (page: Page, text: string | RegExp) => page.getByText(text).first().isVisible();
  const workspaceFile = async () => {
    const res = await api<{ data: { files: { name: string; path: string; tags: string[] }[] } }>(
      ai.server.url,
      '/ai/assistant/workspace',
      { token: userToken },
    );
    return res.body.data.files.find((f) => f.name === FILE);
  };

  it('sees a recommendation from an analysis, lets the assistant tag and move the file on confirmation', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await signIn(page, ai.server.url, email, password);

    await page.goto(`${ai.server.url}/ai-recommendations`);
    await expect.poll(() => visible(page, 'No recommendations yet'), { timeout: 15_000 }).toBe(true);

    await page.goto(`${ai.server.url}/files`);
    await page.getByTestId('upload-input').setInputFiles(path.join(ai.dir, FILE));
    await expect
      .poll(() => page.getByLabel('Files and folders', { exact: true }).getByText(FILE).isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);

    // The upload is analysed on its own; its recommendation shows, High by its wording.
    await page.goto(`${ai.server.url}/ai-recommendations`);
    const rec = page.getByRole('article', { name: RECOMMENDATION });
    await expect.poll(() => rec.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await rec.getByText('High', { exact: true }).isVisible()).toBe(true);
    expect(await rec.getByRole('link', { name: FILE }).isVisible()).toBe(true);

    // Acting on it opens the assistant with the file picked and the recommendation as the request.
    await rec.getByRole('link', { name: 'Ask the assistant' }).click();
    await page.waitForURL(/\/ai-assistant\?/);
    await expect
      .poll(() => page.getByRole('checkbox', { name: new RegExp(FILE) }).isChecked(), { timeout: 15_000 })
      .toBe(true);
    expect(await page.getByLabel('Your request').inputValue()).toBe(RECOMMENDATION);
    await page.getByLabel('Your request').fill('Tag it as finance and move it to Finance');
    await page.getByRole('button', { name: /Ask$/ }).click();

    const waiting = page.getByRole('region', { name: 'Waiting for confirmation' });
    const tag = waiting.getByRole('article', { name: `Tag ${FILE} with “finance”` });
    const move = waiting.getByRole('article', { name: `Move ${FILE} to /My Files/Finance` });
    await expect.poll(() => tag.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await move.isVisible()).toBe(true);
    expect(await visible(page, 'I will tag the invoice as finance and file it in Finance.')).toBe(true);
    // Proposed, not done.
    expect(await workspaceFile()).toMatchObject({ path: '/My Files', tags: [] });

    await tag.getByRole('button', { name: 'Confirm' }).click();
    const history = page.getByRole('region', { name: 'History' });
    await expect.poll(() => history.getByText('Tagged 1 file.').isVisible(), { timeout: 15_000 }).toBe(true);
    await move.getByRole('button', { name: 'Confirm' }).click();
    await expect
      .poll(() => history.getByText('Moved 1 file to /My Files/Finance.').isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await workspaceFile()).toMatchObject({ path: '/My Files/Finance', tags: ['finance'] });

    // A summary by hand: proposed with the picked file, confirmed, answered by the model.
    await page.getByRole('button', { name: 'Propose for 1 file' }).click();
    const summarise = waiting.getByRole('article', { name: `Summarise ${FILE}` });
    await expect.poll(() => summarise.isVisible(), { timeout: 15_000 }).toBe(true);
    await summarise.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => history.getByText(SUMMARY).isVisible(), { timeout: 15_000 }).toBe(true);

    // Done with the recommendation: it leaves the open list and is counted as done.
    await page.goto(`${ai.server.url}/ai-recommendations`);
    await expect.poll(() => rec.isVisible(), { timeout: 15_000 }).toBe(true);
    await rec.getByRole('button', { name: 'Mark done' }).click();
    await expect.poll(() => visible(page, 'Nothing waiting for you.'), { timeout: 15_000 }).toBe(true);
    expect(await visible(page, 'Done (1)')).toBe(true);
    await context.close();
  });

  it('reviews the rated conversation in the training dataset and exports it as JSONL', async () => {
    const chat = await api<{ messageId: string }>(ai.server.url, '/ai/chat', {
      method: 'POST',
      body: { message: QUESTION },
      token: userToken,
    });
    expect(chat.status).toBe(200);
    const fb = await api(ai.server.url, `/ai/chat/${chat.body.messageId}/feedback`, {
      method: 'POST',
      body: { rating: 5, comment: 'Exactly what I needed' },
      token: userToken,
    });
    expect(fb.status).toBeLessThan(300);

    // A user without ai:train is refused by the server.
    expect((await api(ai.server.url, '/ai/training/examples', { token: userToken })).status).toBe(403);

    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await signIn(page, ai.server.url, admin.email, admin.password);
    await page.goto(`${ai.server.url}/ai/training`);
    const row = page.getByRole('row', { name: new RegExp(QUESTION) });
    await expect.poll(() => row.isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await row.getByText('Exactly what I needed').isVisible()).toBe(true);
    expect(await row.getByText(email).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Export JSONL' }).isDisabled()).toBe(true);

    await page.getByLabel('Rating').click();
    await page.locator('.ant-select-item-option[title="5 stars"]').click();
    await expect.poll(() => page.getByRole('row', { name: new RegExp(QUESTION) }).isVisible()).toBe(true);
    await row.getByRole('button', { name: /^Include/ }).click();
    await expect
      .poll(() => row.getByText('Included', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export JSONL' }).click(),
    ]);
    const saved = await download.path();
    expect(download.suggestedFilename()).toMatch(/^stratos-training-\d{4}-\d{2}-\d{2}\.jsonl$/);
    expect(readFileSync(saved, 'utf8')).toBe(
      `${JSON.stringify({
        messages: [
          { role: 'user', content: QUESTION },
          { role: 'assistant', content: ANSWER },
        ],
      })}\n`,
    );
    await context.close();
  });

  /** Screenshots a loaded page light and dark, and gathers what axe-core finds in each theme. */
  const findings: string[] = [];
  async function shoot(page: Page, name: string, width: number) {
    for (const theme of ['light', 'dark'] as const) {
      await showTheme(page, theme);
      await screenshot(page, `${name}-${theme}-${width}`);
      findings.push(...describeFindings(`${name} ${width} [${theme}]`, await axeFindings(page)));
    }
  }

  it('shows the three pages in light and dark, at 1280 and 390 px, with no axe findings', async () => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        viewport: { width, height: width > 500 ? 900 : 844 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await signIn(page, ai.server.url, admin.email, admin.password);
      await page.goto(`${ai.server.url}/ai/training`);
      await expect.poll(() => visible(page, QUESTION), { timeout: 15_000 }).toBe(true);
      await shoot(page, 'ai-training', width);
      await context.close();

      const userContext = await browser.newContext({
        viewport: { width, height: width > 500 ? 900 : 844 },
        reducedMotion: 'reduce',
      });
      const userPage = await userContext.newPage();
      await signIn(userPage, ai.server.url, email, password);
      await userPage.goto(`${ai.server.url}/ai-recommendations`);
      await userPage.locator('.ant-segmented-item', { hasText: /^All$/ }).click();
      await expect.poll(() => visible(userPage, RECOMMENDATION), { timeout: 15_000 }).toBe(true);
      await shoot(userPage, 'ai-recommendations', width);
      await userPage.goto(`${ai.server.url}/ai-assistant`);
      await expect.poll(() => visible(userPage, SUMMARY), { timeout: 15_000 }).toBe(true);
      await shoot(userPage, 'ai-assistant', width);
      await userContext.close();
    }
    expect(findings).toEqual([]);
  });
});
