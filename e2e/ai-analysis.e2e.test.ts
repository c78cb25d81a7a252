import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './support/accounts';
import { type AiJourneyServer, startAiJourneyServer } from './support/ai-server';
import { hasChromium, launchBrowser, screenshot, screenshotBothThemes } from './support/browser';

const FILE = 'trip-budget.md';
/** What the Ollama stand-in answers when asked to analyse the uploaded file. */
const ANALYSIS = {
  summary: 'A travel budget for the October team trip, with flights over plan.',
  category: 'finance',
  tags: ['travel', 'budget'],
  insights: [
    {
      type: 'finance',
      title: 'Flights are 30% over plan',
      description: 'Flight costs exceed the planned amount by a third.',
      priority: 'high',
    },
  ],
  recommendations: ['Book the return flights this week, before prices rise.'],
  confidence: 0.82,
};

/** Answers analysis prompts with JSON inside prose (as small models do), anything else with a sentence. */
function analyst(req: { prompt: string }): string {
  if (!req.prompt.includes(`File name: ${FILE}`)) return 'A short reply from the stand-in, in several words.';
  return `Here is the analysis:\n\`\`\`json\n${JSON.stringify(ANALYSIS)}\n\`\`\``;
}

describe.skipIf(!hasChromium)('AI analysis journey in Chromium', () => {
  let browser: Browser;
  let ai: AiJourneyServer;
  const email = `analysis-${Date.now()}@stratos.test`;
  const password = 'AnalysisJourney2026';
  const filePath = () => path.join(ai.dir, FILE);

  beforeAll(async () => {
    ai = await startAiJourneyServer('ai-analysis', { email, password, firstName: 'Ana', lastName: 'Lyst' });
    ai.standins.ollama.set({ respond: analyst });
    writeFileSync(
      filePath(),
      '# October trip\n\n| Item | Planned | Actual |\n|---|---|---|\n| Flights | 3000 | 3900 |\n| Hotel | 2000 | 1900 |\n',
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await ai?.stop();
  });

  const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().isVisible();

  it('uploads a text file, sees its analysis on the AI dashboard and in the Files page drawer', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, ai.server.url, email, password);

    // Before any upload: the honest empty state, and the Ollama record shown as available.
    await page.goto(`${ai.server.url}/ai/dashboard`);
    await expect.poll(() => visible(page, 'No files analysed yet'), { timeout: 15_000 }).toBe(true);
    const models = page.getByRole('list', { name: 'Model status' });
    await expect.poll(() => models.getByText('Available', { exact: true }).count()).toBe(1);

    await page.goto(`${ai.server.url}/files`);
    await page.getByTestId('upload-input').setInputFiles(filePath());
    await expect
      .poll(() => page.getByLabel('Files and folders', { exact: true }).getByText(FILE).isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);

    // The upload is analysed on its own; the dashboard shows what the model said.
    await page.goto(`${ai.server.url}/ai/dashboard`);
    await expect.poll(() => visible(page, 'Flights are 30% over plan'), { timeout: 30_000 }).toBe(true);
    expect(await visible(page, 'Book the return flights this week, before prices rise.')).toBe(true);
    expect(await page.getByRole('region', { name: 'Files analysed' }).textContent()).toMatch(
      /^Files analysed1\s*1 run in all$/,
    );
    expect(ai.standins.ollama.generations.length).toBeGreaterThan(0);
    await screenshot(page, 'ai-journey-dashboard');

    // Nothing new to queue now.
    await page.getByRole('button', { name: /Analyse my files/ }).click();
    await expect
      .poll(() => visible(page, 'Nothing new to analyse: every readable file already has an analysis.'))
      .toBe(true);

    // The insight's file link opens the file's analysis on the Files page.
    await page.getByRole('list', { name: 'Insights' }).getByRole('link', { name: FILE }).click();
    const drawer = page.getByRole('dialog', { name: `AI analysis: ${FILE}` });
    await expect.poll(() => drawer.getByText(ANALYSIS.summary).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await drawer.getByText('travel', { exact: true }).isVisible()).toBe(true);
    expect(await drawer.getByText(/82% confident/).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);

    // And from the file's own menu.
    await page.getByRole('button', { name: `Actions for ${FILE}` }).click();
    await page.getByRole('menuitem', { name: 'AI analysis' }).click();
    await expect.poll(() => drawer.getByText('Flights are 30% over plan').isVisible()).toBe(true);
    await screenshot(page, 'ai-journey-files-drawer');
    await context.close();
  });

  it('shows a failed analysis with its reason, retries it, and opens analyses from the Files tools', async () => {
    const BROKEN = 'meeting-notes.txt';
    writeFileSync(path.join(ai.dir, BROKEN), 'Minutes: ship on Friday, review on Monday.');
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await signIn(page, ai.server.url, email, password);

    // The stand-in answers this file with prose: three unreadable replies make the analysis fail.
    await page.goto(`${ai.server.url}/files`);
    await page.getByTestId('upload-input').setInputFiles(path.join(ai.dir, BROKEN));
    // Leaving the page before the upload is stored would cancel it.
    await expect
      .poll(() => page.getByLabel('Files and folders', { exact: true }).getByText(BROKEN).isVisible(), {
        timeout: 30_000,
      })
      .toBe(true);
    await page.goto(`${ai.server.url}/ai/dashboard`);
    const failures = page.getByRole('region', { name: 'Files not analysed' });
    await expect.poll(() => failures.isVisible(), { timeout: 45_000 }).toBe(true);
    expect(await failures.textContent()).toContain('Files not analysed (1)');
    expect(await failures.getByText(/The model did not answer with JSON/).isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: 'Files analysed' }).textContent()).toContain('1 failed');
    await failures.scrollIntoViewIfNeeded();
    await screenshotBothThemes(page, (theme) => `ai-dashboard-failed-${theme}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await failures.scrollIntoViewIfNeeded();
    await screenshotBothThemes(page, (theme) => `ai-dashboard-failed-${theme}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // The model reads it now; Retry analyses it again and the failure goes.
    ai.standins.ollama.set({
      respond: (req: { prompt: string }) =>
        req.prompt.includes(`File name: ${BROKEN}`)
          ? JSON.stringify({
              summary: 'Minutes of a meeting: ship Friday.',
              category: 'notes',
              confidence: 0.7,
            })
          : analyst(req),
    });
    await failures.getByRole('button', { name: `Retry the analysis of ${BROKEN}` }).click();
    await expect.poll(() => failures.isVisible(), { timeout: 30_000 }).toBe(false);
    await expect
      .poll(async () => page.getByRole('region', { name: 'Files analysed' }).textContent(), {
        timeout: 30_000,
      })
      .toMatch(/^Files analysed2/);

    // AI Analysis in the Files tools panel opens the ticked file's analysis.
    await page.goto(`${ai.server.url}/files`);
    await page.getByRole('checkbox', { name: `Select ${BROKEN}` }).check();
    await page.getByRole('button', { name: 'Tools' }).click();
    await page.getByRole('region', { name: 'Tools' }).getByRole('button', { name: 'AI Analysis' }).click();
    const drawer = page.getByRole('dialog', { name: `AI analysis: ${BROKEN}` });
    await expect
      .poll(() => drawer.getByText('Minutes of a meeting: ship Friday.').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await context.close();
  });

  it('shows the AI dashboard, the AI hub and the analysis drawer in light, dark and at 390 px', async () => {
    // Runs after the journey: the uploaded file's analysis is stored.
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        viewport: { width, height: width > 500 ? 900 : 844 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await signIn(page, ai.server.url, email, password);

      await page.goto(`${ai.server.url}/ai/dashboard`);
      await expect.poll(() => visible(page, 'Flights are 30% over plan'), { timeout: 15_000 }).toBe(true);
      await screenshotBothThemes(page, (theme) => `ai-dashboard-${theme}-${width}`);

      await page.getByRole('list', { name: 'Insights' }).getByRole('link', { name: FILE }).click();
      const drawer = page.getByRole('dialog', { name: `AI analysis: ${FILE}` });
      await expect.poll(() => drawer.getByText(ANALYSIS.summary).isVisible(), { timeout: 15_000 }).toBe(true);
      await screenshotBothThemes(page, (theme) => `ai-files-drawer-${theme}-${width}`);

      await page.goto(`${ai.server.url}/ai`);
      await expect.poll(() => visible(page, 'No conversations yet'), { timeout: 15_000 }).toBe(true);
      // A page opened by a full load starts at the top, not where the last such page was scrolled
      // to (the dashboard, scrolled at phone width to reach its insight's link).
      await page.waitForTimeout(500);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await screenshotBothThemes(page, (theme) => `ai-hub-${theme}-${width}`);
      if (width < 500) {
        // On a phone the provider status is below the entry cards.
        await page.getByText('Provider status', { exact: true }).scrollIntoViewIfNeeded();
        await screenshotBothThemes(page, (theme) => `ai-hub-providers-${theme}-${width}`);
      }
      await context.close();
    }
  });
});
