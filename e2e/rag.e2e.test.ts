import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/accounts';
import { type AiJourneyServer, startAiJourneyServer } from './support/ai-server';
import { hasChromium, launchBrowser, screenshot, screenshotBothThemes, showTheme } from './support/browser';

const FILE = 'ferry-handbook.txt';
/** A word that appears nowhere but inside the file (not in its name). */
const WORD = 'quokkapelago';
const FACT = `The ${WORD} ferry leaves at 7:40 from pier nine, every weekday.`;
const QUESTION = `When does the ${WORD} ferry leave?`;
const REPLY = `The ${WORD} ferry leaves at 7:40 from pier nine on weekdays, according to your handbook.`;

const openSearch = async (page: Page) => {
  await page.getByRole('button', { name: 'Tools' }).click();
  await page.getByRole('button', { name: 'Advanced Search' }).click();
  return page.getByRole('dialog', { name: 'Search inside files' });
};

describe.skipIf(!hasChromium)('answers from your files, and search inside files, in Chromium', () => {
  let browser: Browser;
  let ai: AiJourneyServer;
  const email = `rag-${Date.now()}@stratos.test`;
  const password = 'RagJourney2026';

  beforeAll(async () => {
    ai = await startAiJourneyServer('rag', { email, password, firstName: 'Rita', lastName: 'Reader' });
    // Chat replies answer the question; analysis prompts get prose too (not needed here).
    ai.standins.ollama.set({ respond: () => REPLY });
    writeFileSync(
      path.join(ai.dir, FILE),
      `Ferry handbook\n\nTimetable notes for staff.\n\n${FACT}\n\nTickets are sold on board.`,
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await ai?.stop();
  });

  it('uploads a document, finds a word inside it with Advanced Search, and sees it cited in chat', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, ai.server.url, email, password);

    await page.goto(`${ai.server.url}/files`);
    await page.getByTestId('upload-input').setInputFiles(path.join(ai.dir, FILE));
    await expect
      .poll(() => page.getByLabel('Files and folders', { exact: true }).getByText(FILE).isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);

    // Advanced Search: the word is only inside the file; the match is marked in the snippet.
    const dialog = await openSearch(page);
    await dialog.getByRole('searchbox', { name: 'Search inside files' }).fill(WORD);
    const results = dialog.getByRole('list', { name: 'Search results' });
    // Indexing runs on its own after the upload; search again until it is in.
    await expect
      .poll(
        async () => {
          if (await results.isVisible()) return results.locator('mark').first().textContent();
          await dialog.getByRole('searchbox', { name: 'Search inside files' }).press('Enter');
          return null;
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(WORD);
    expect(await results.getByRole('button', { name: FILE, exact: true }).isVisible()).toBe(true);
    expect(await results.textContent()).toContain('7:40 from pier nine');
    await screenshotBothThemes(page, (theme) => `rag-search-${theme}-1280`);
    await showTheme(page, 'light');

    // A word in no file: the empty state.
    await dialog.getByRole('searchbox', { name: 'Search inside files' }).fill('zzyzzyva');
    await expect.poll(() => dialog.getByText('No file matches').isVisible(), { timeout: 10_000 }).toBe(true);
    await page.keyboard.press('Escape');

    // Chat: the answer cites the file, linked to it; the stand-in got the file's text.
    await page.goto(`${ai.server.url}/ai/enhanced-chat`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => box.isVisible(), { timeout: 15_000 }).toBe(true);
    await box.fill(QUESTION);
    await box.press('Enter');
    const sources = page.getByRole('navigation', { name: 'Sources' });
    await expect
      .poll(() => sources.getByRole('link', { name: FILE }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    await expect.poll(() => page.locator('[aria-label^="Quality: "]').count(), { timeout: 20_000 }).toBe(1);
    const sent = JSON.stringify(ai.standins.ollama.generations.at(-1)?.body);
    expect(sent).toContain('pier nine');
    expect(sent).toContain(FILE);
    await screenshotBothThemes(page, (theme) => `rag-chat-sources-${theme}-1280`);
    await showTheme(page, 'light');

    // The source link opens the file on the Files page.
    await sources.getByRole('link', { name: FILE }).click();
    await page.waitForURL(/\/files\?analysis=[0-9a-f-]{36}$/);
    await expect
      .poll(() => page.getByRole('dialog', { name: new RegExp(FILE) }).isVisible(), { timeout: 15_000 })
      .toBe(true);

    // Turning "Use my files" off: the next answer has no sources.
    await page.goto(`${ai.server.url}/ai/enhanced-chat`);
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const toggle = page.getByRole('switch', { name: 'Use my files' });
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await toggle.click();
    await screenshot(page, 'rag-chat-settings-light-1280');
    await page.getByRole('textbox', { name: 'Message' }).fill(QUESTION);
    await page.getByRole('textbox', { name: 'Message' }).press('Enter');
    await expect.poll(() => page.locator('[aria-label^="Quality: "]').count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByRole('navigation', { name: 'Sources' }).count()).toBe(0);
    expect(JSON.stringify(ai.standins.ollama.generations.at(-1)?.body)).not.toContain('pier nine');
    await context.close();
  });

  it('shows search results at phone width, light and dark', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
    const page = await context.newPage();
    await signIn(page, ai.server.url, email, password);
    await page.goto(`${ai.server.url}/files`);
    const dialog = await openSearch(page);
    await dialog.getByRole('searchbox', { name: 'Search inside files' }).fill(`${WORD} ferry`);
    await expect.poll(() => dialog.locator('mark').allTextContents(), { timeout: 15_000 }).toContain(WORD);
    await screenshot(page, 'rag-search-light-390');
    await showTheme(page, 'dark');
    await screenshot(page, 'rag-search-dark-390');
    await context.close();
  });
});
