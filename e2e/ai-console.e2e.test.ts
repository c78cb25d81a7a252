import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiStandins } from '../apps/server/test/ai-standins';
import { signIn } from './support/accounts';
import { type AiJourneyServer, startAiJourneyServer } from './support/ai-server';
import { api, loginToken } from './support/api';
import { hasChromium, launchBrowser, screenshot, screenshotBothThemes } from './support/browser';
import type { RunningServer } from './support/server';

/** The stand-in's answer to an extraction prompt: three points (one repeated by every prompt) and a short line. */
function extractionReply(prompt: string): string {
  const ask = prompt.split('. ')[0];
  return [
    `${ask}: goroutines are multiplexed onto a few threads by the Go scheduler, which keeps them cheap.`,
    'Too short to keep.',
    'Channels hand values between goroutines and make the hand-over itself the synchronisation point.',
  ].join('\n\n');
}

/** What the applied guidance adds to the chat's system prompt (LearningService.guidanceFor). */
const GUIDANCE_MARK = 'Guidance learned from user feedback (follow it):';
const GUIDED = 'Answer first, as the learned guidance asks';

/**
 * The stand-in's chat answer: the question's own words (so the quality check takes it as a real
 * reply), and a different answer when the system prompt carries applied guidance, as a model
 * following it would. The product really sends the guidance (learning.api.test.ts checks the
 * prompt; this journey checks the recorded request too).
 */
function chatReply(prompt: string): string {
  const question = prompt.split('\n\n').at(-1)?.trim() ?? '';
  return prompt.includes(GUIDANCE_MARK)
    ? `${GUIDED}: for "${question}", start with the one step that matters most, then check the result. Examples stay brief.`
    : `Here is a general overview of "${question}": there is background to cover first, and the details depend on your setup, your versions and what you tried.`;
}

/** A question the chat files under each retrieval domain (retrieval-domain.ts), for the applied guidance's domain. */
const QUESTION_FOR: Record<string, string> = {
  python: 'How should I structure a python project with pip and venv?',
  javascript: 'How do javascript promises work in node?',
  web_development: 'How does css layout work in html pages?',
  database: 'How do sql database indexes speed up queries?',
  ai_ml: 'How do llm embeddings work in ai search?',
  devops: 'How do I deploy docker containers with kubernetes?',
  general: 'How do I plan my week better?',
};

const CONSOLE = '/ai/superadmin-learning';

/** The tab's data has arrived (the progress streams keep the network busy, so not networkidle). */
async function settled(page: Page) {
  await expect
    .poll(() => page.locator('.ant-skeleton, .ant-spin-spinning').count(), { timeout: 15_000 })
    .toBe(0);
}

describe.skipIf(!hasChromium)('superadmin AI console journey in Chromium', () => {
  let browser: Browser;
  let journey: AiJourneyServer;
  let standins: AiStandins;
  let server: RunningServer;
  const user = {
    email: `console-user-${Date.now()}@stratos.test`,
    password: 'ConsoleUser2026',
    firstName: 'Una',
    lastName: 'User',
  };
  const admin = { email: 'console-ops@stratos.test', password: 'AdminPassw0rd' };

  beforeAll(async () => {
    journey = await startAiJourneyServer('console', user);
    ({ standins, server } = journey);
    standins.ollama.set({
      respond: ({ prompt }) =>
        prompt.includes('self-contained paragraph')
          ? extractionReply(prompt)
          : prompt.includes('You are Stratos, the assistant')
            ? chatReply(prompt)
            : 'Critical: slow replies should be shortened; answer the question first and keep examples brief.',
    });
    // Slow, poorly rated interactions of the last hour: a cycle finds the thresholds exceeded.
    const token = await loginToken(server.url, admin.email, admin.password);
    const records = Array.from({ length: 8 }, (_, i) => ({
      user_query: `How do I speed up query number ${i} in my python service?`,
      ai_response: 'Add an index to the column you filter on and measure the query plan before and after.',
      response_time: 4500 + i * 10,
      satisfaction_score: 0.4,
      was_helpful: false,
      domain: 'python',
    }));
    const seeded = await api(server.url, '/ai/database/ai_learning_interactions/batch', {
      method: 'POST',
      body: { records },
      token,
    });
    expect(seeded.status).toBe(200);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await journey?.stop();
  });

  const open = async (page: Page, tab: string) => {
    await page.goto(`${server.url}${CONSOLE}?tab=${tab}`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'AI Learning Interface' }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
  };

  it('seeds with live progress, extracts knowledge, runs a cycle and applies an improvement', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    // Every server error the console meets is collected: none may come from this page's own calls.
    const failures: string[] = [];
    page.on('response', (res) => {
      if (res.status() >= 500)
        failures.push(`${res.request().method()} ${new URL(res.url()).pathname} ${res.status()}`);
    });
    await signIn(page, server.url, admin.email, admin.password);
    await open(page, 'seeding');
    const status = page.getByTestId('seed-status');
    await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Ready');
    await expect
      .poll(() => page.getByText(/^\d+ knowledge categories$/).textContent())
      .toBe('58 knowledge categories');
    await screenshotBothThemes(page, (theme) => `ai-console-seeding-empty-${theme}-1280`);

    // Smart Seed: the status and a table card change while it runs, without a reload.
    await page.getByRole('button', { name: 'Smart Seed' }).click();
    await expect.poll(() => status.textContent(), { timeout: 10_000 }).toBe('In Progress');
    await expect
      .poll(() => page.locator('[data-testid^="seed-table-"]').filter({ hasText: 'Seeding' }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    await screenshot(page, 'ai-console-seeding-running-1280');
    await expect.poll(() => status.textContent(), { timeout: 120_000 }).toBe('Ready');
    await expect
      .poll(() => page.locator('[data-testid^="seed-table-"]').filter({ hasText: 'Seeded' }).count(), {
        timeout: 15_000,
      })
      .toBe(8);
    expect(await page.getByText(/^Smart seed finished: 90,000 new records/).count()).toBe(1);
    const check = await api<{ totalRecords: number }>(server.url, '/ai/seed/check', {
      token: await loginToken(server.url, admin.email, admin.password),
    });
    expect(check.body.totalRecords).toBeGreaterThanOrEqual(90_000);
    await screenshotBothThemes(page, (theme) => `ai-console-seeding-done-${theme}-1280`);

    // Knowledge extraction of one domain, followed live.
    await open(page, 'extraction');
    await page.getByRole('combobox', { name: 'Domains to extract' }).click();
    await page.keyboard.type('Go');
    await page.locator('.ant-select-item-option[title="Go"]').click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Start extraction' }).click();
    await expect
      .poll(() => page.getByTestId('extraction-domain').textContent(), { timeout: 10_000 })
      .toMatch(/^Domain 1 of 1: Go/);
    await screenshot(page, 'ai-console-extraction-running-1280');
    await expect
      .poll(() => page.getByTestId('extraction-status').textContent(), { timeout: 60_000 })
      .toBe('Idle');
    await expect.poll(() => page.getByText('Finished', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    // Five prompts: five unique points and the shared one once; four repeats skipped; five short lines dropped.
    const figure = (label: string) =>
      page.getByRole('group', { name: label }).getByTestId('figure-value').textContent();
    expect(await figure('Items stored')).toBe('6');
    expect(await figure('Duplicates skipped')).toBe('4');
    expect(await figure('Short segments dropped')).toBe('5');
    await screenshotBothThemes(page, (theme) => `ai-console-extraction-${theme}-1280`);

    // Learning: start it, run a cycle (its steps show live), apply the first improvement.
    await open(page, 'learning');
    await page.getByRole('button', { name: 'Start learning' }).click();
    await expect.poll(() => page.getByTestId('learning-state').textContent(), { timeout: 10_000 }).toBe('On');
    await page.getByRole('button', { name: 'Run learning cycle' }).click();
    await expect
      .poll(() => page.getByTestId('cycle-progress').textContent(), { timeout: 10_000 })
      .toMatch(/Step \d of \d/);
    await screenshot(page, 'ai-console-learning-running-1280');
    await expect.poll(() => page.getByTestId('improvement').count(), { timeout: 60_000 }).toBeGreaterThan(0);
    expect(await page.getByTestId('improvement').count()).toBeLessThanOrEqual(10);

    // The assistant before applying: a question of the first improvement's domain gets the plain reply.
    const token = await loginToken(server.url, admin.email, admin.password);
    const listed = await api<{
      data: { improvements: Array<{ id: string; domain: string | null; guidance: string }> };
    }>(server.url, '/ai/learning/improvements', { token });
    const first = listed.body.data.improvements[0];
    expect(first).toBeDefined();
    const question = QUESTION_FOR[first?.domain ?? 'general'] ?? QUESTION_FOR.general;
    const ask = async (name: string) => {
      await page.goto(`${server.url}/ai-chat`);
      await expect
        .poll(() => page.getByText('How can I help today?').isVisible(), { timeout: 15_000 })
        .toBe(true);
      await page.getByRole('combobox', { name: 'AI provider' }).click();
      await page.locator('.ant-select-item-option[title="Ollama (local)"]').click();
      const box = page.getByRole('textbox', { name: 'Message' });
      await box.fill(question as string);
      await box.press('Enter');
      const reply = page.getByRole('article', { name: 'Assistant reply' });
      await expect.poll(() => page.locator('[aria-label^="Quality: "]').count(), { timeout: 20_000 }).toBe(1);
      await screenshotBothThemes(page, (theme) => `${name}-${theme}-1280`);
      return (await reply.textContent()) ?? '';
    };
    const before = await ask('ai-chat-before-improvement');
    expect(before).toContain('Here is a general overview');
    expect(before).not.toContain(GUIDED);

    await open(page, 'learning');
    await expect.poll(() => page.getByTestId('improvement').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // That improvement, found by its id: the list may have grown meanwhile (the learning queue
    // works through the question just asked), so the first card need not be the one read above,
    // and another improvement's text can contain this one's.
    const card = page.locator(`[data-testid="improvement"][data-improvement-id="${first?.id}"]`);
    await card.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => card.getByText(/^Applied /).count(), { timeout: 10_000 }).toBe(1);
    await screenshotBothThemes(page, (theme) => `ai-console-learning-${theme}-1280`);

    // The assistant after applying: the same question, a changed reply; the guidance was in the prompt.
    const from = standins.ollama.generations.length;
    const after = await ask('ai-chat-after-improvement');
    expect(after).toContain(GUIDED);
    const sent = JSON.stringify(standins.ollama.generations.slice(from).map((g) => g.body));
    expect(sent).toContain(GUIDANCE_MARK);
    expect(sent).toContain(JSON.stringify(first?.guidance).slice(1, -1).slice(0, 60));

    // The superadmin query (GPT-4 is not configured: the best available, Ollama, answers) and manual feedback.
    await open(page, 'chat');
    expect(await page.getByRole('button', { name: 'Ask' }).isDisabled()).toBe(true);
    await page.getByRole('textbox', { name: 'Query' }).fill('Which domains need more advanced knowledge?');
    await page.getByRole('button', { name: 'Ask' }).click();
    const result = page.getByTestId('enhancement-result');
    await expect.poll(() => result.textContent(), { timeout: 30_000 }).toContain('llama3.2');
    expect(await result.textContent()).toMatch(/Stored as enhancement [0-9a-f-]{36}/);
    const feedback = page.getByRole('textbox', { name: 'Feedback' });
    await feedback.fill('   ');
    expect(await page.getByRole('button', { name: 'Send feedback' }).isDisabled()).toBe(true);
    await feedback.fill('Answers about Python packaging should mention virtual environments.');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(() => page.getByText(/^Feedback recorded/).count(), { timeout: 10_000 }).toBe(1);
    await screenshot(page, 'ai-console-chat-answered-1280');

    for (const tab of ['dashboard', 'chat', 'enhanced', 'exponential', 'providers']) {
      await open(page, tab);
      await settled(page);
      await screenshotBothThemes(page, (theme) => `ai-console-${tab}-${theme}-1280`);
    }
    // Providers: Ollama answers, the others have no key.
    await page.getByRole('button', { name: 'Test All Providers' }).click();
    await expect
      .poll(() => page.getByTestId('provider-ollama').textContent(), { timeout: 15_000 })
      .toContain('Connected');
    await context.close();
  });

  it('fits a 390 px phone in both themes', async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    await signIn(page, server.url, admin.email, admin.password);
    for (const tab of ['seeding', 'learning', 'extraction', 'providers']) {
      await open(page, tab);
      await settled(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, tab).toBeLessThanOrEqual(0);
      await screenshotBothThemes(page, (theme) => `ai-console-${tab}-${theme}-390`);
    }
    await context.close();
  });

  it('anyone else sees Access Denied with their own account named', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, user.email, user.password);
    await page.goto(`${server.url}${CONSOLE}`);
    await expect
      .poll(() => page.getByText('Access Denied', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(
      await page.getByText('This AI learning interface is exclusive to the superadmin account.').isVisible(),
    ).toBe(true);
    expect(await page.getByTestId('current-user').textContent()).toContain(user.email);
    expect(await page.getByRole('button', { name: 'Smart Seed' }).count()).toBe(0);
    await screenshotBothThemes(page, (theme) => `ai-console-denied-${theme}-1280`);
    await context.close();
  });
});
