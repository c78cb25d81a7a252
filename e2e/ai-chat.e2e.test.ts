import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AiStandins } from '../apps/server/test/ai-standins';
import { signIn } from './support/accounts';
import { type AiJourneyServer, startAiJourneyServer } from './support/ai-server';
import { hasChromium, launchBrowser, screenshot } from './support/browser';
import type { RunningServer } from './support/server';

const QUESTION = 'Compare TCP and UDP protocols for streaming video';
/** The Ollama stand-in's reply: Markdown with a table and code, covering the question's keywords. */
const REPLY = [
  'When streaming video, the choice between protocols decides how the picture behaves on a bad network.',
  '',
  '| Protocol | Delivery | Typical streaming use |',
  '|---|---|---|',
  '| TCP | ordered, retransmitted | recorded video over HTTP |',
  '| UDP | best effort, no retransmission | live video and calls |',
  '',
  '```ts',
  "const transport = live ? 'udp' : 'tcp';",
  '```',
  '',
  'Compare them by latency: TCP waits for lost packets, UDP skips them, so live streaming video prefers UDP.',
].join('\n');
const FIRST_WORDS = 'When streaming video, the choice';
const LAST_WORDS = 'live streaming video prefers UDP.';

const chooseProvider = async (page: Page, name: string) => {
  await page.getByRole('combobox', { name: 'AI provider' }).click();
  await page.locator(`.ant-select-item-option[title="${name}"]`).click();
};

/** The connection badge of a provider in the open selector list. */
const badgeOf = (page: Page, name: string) =>
  page.locator(`.ant-select-item-option[title="${name}"] .ant-badge-status-text`).textContent();

const replies = (page: Page): Locator => page.getByRole('article', { name: 'Assistant reply' });

describe.skipIf(!hasChromium)('AI chat journey in Chromium', () => {
  let browser: Browser;
  let journey: AiJourneyServer;
  let standins: AiStandins;
  let server: RunningServer;
  const email = `chat-${Date.now()}@stratos.test`;
  const password = 'ChatJourney2026';

  beforeAll(async () => {
    journey = await startAiJourneyServer('chat-journey', {
      email,
      password,
      firstName: 'Chase',
      lastName: 'Chatter',
    });
    ({ standins, server } = journey);
    // Pieces a word at a time, 80 ms apart: the reply takes a few seconds to stream in.
    standins.ollama.set({ text: REPLY, chunkDelayMs: 80 });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await journey?.stop();
  });

  it('sees Ollama connected, streams a reply, finds the conversation after a reload and rates the reply', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, email, password);
    await page.goto(`${server.url}/ai/enhanced-chat`);
    await expect
      .poll(() => page.getByText('How can I help today?').isVisible(), { timeout: 15_000 })
      .toBe(true);

    // Check every provider now, then read the badges in the selector.
    await page.getByRole('button', { name: 'Refresh Connection Status' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Refresh Connection Status' }).isDisabled())
      .toBe(false);
    await page.getByRole('combobox', { name: 'AI provider' }).click();
    await expect.poll(() => badgeOf(page, 'Ollama (local)'), { timeout: 10_000 }).toBe('Connected');
    expect(await badgeOf(page, 'OpenAI')).toBe('Not Connected');
    // A provider without a key cannot be chosen.
    await page.locator('.ant-select-item-option[title="OpenAI"]').click();
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: 'Cannot select OpenAI: No credentials configured' })
          .count(),
      )
      .toBe(1);
    await chooseProvider(page, 'Ollama (local)');

    // Send with Enter; the text streams in before the reply is done.
    const box = page.getByRole('textbox', { name: 'Message' });
    await box.fill(QUESTION);
    await box.press('Enter');
    await expect
      .poll(() => page.getByRole('article', { name: 'Your message' }).textContent())
      .toContain(QUESTION);
    const streaming = replies(page).and(page.locator('[aria-busy="true"]'));
    await expect.poll(() => streaming.textContent(), { timeout: 15_000 }).toContain(FIRST_WORDS);
    const partial = await streaming.textContent();
    expect(partial).not.toContain(LAST_WORDS);
    expect(await page.getByRole('button', { name: 'Stop' }).isVisible()).toBe(true);

    // Done: the whole reply as Markdown (a table, a code block), its quality badge, and the URL names it.
    const quality = page.locator('[aria-label^="Quality: "]');
    await expect.poll(() => quality.count(), { timeout: 20_000 }).toBe(1);
    expect(await quality.getAttribute('aria-label')).toBe('Quality: Excellent');
    expect(await replies(page).textContent()).toContain(LAST_WORDS);
    expect(await replies(page).locator('table').count()).toBe(1);
    expect(await replies(page).getByRole('button', { name: 'Copy code' }).count()).toBe(1);
    await page.waitForURL(/\/ai\/enhanced-chat\/[0-9a-f-]{36}$/);
    const url = page.url();

    // The question reached the stand-in with the chosen model and the default temperature.
    const sent = standins.ollama.generations.at(-1)?.body as { model?: string; temperature?: number };
    expect(sent.model).toBe('llama3.2:latest');
    expect(sent.temperature).toBe(0.8);

    await screenshot(page, 'ai-chat-light-1280');

    // Reload: the conversation is listed and its messages come back from the server.
    await page.reload();
    const list = page.getByRole('navigation', { name: 'Conversations' });
    await expect.poll(() => list.getByText(QUESTION).isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await list.getByRole('link', { name: new RegExp(QUESTION) }).getAttribute('aria-current')).toBe(
      'page',
    );
    await expect.poll(() => replies(page).textContent(), { timeout: 15_000 }).toContain(LAST_WORDS);
    expect(await page.getByRole('article', { name: 'Your message' }).textContent()).toContain(QUESTION);
    expect(await quality.getAttribute('aria-label')).toBe('Quality: Excellent');
    expect(page.url()).toBe(url);

    // Feedback: 4 stars and a comment.
    await page.getByRole('button', { name: 'Rate this reply' }).click();
    await page.locator('.ant-rate-star').nth(3).click();
    await page.getByLabel('Feedback comment').fill('Clear table, thanks');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect.poll(() => page.getByText('Thanks for your feedback').isVisible()).toBe(true);
    await context.close();
  });

  it('shows the chat in the dark theme and at phone width', async () => {
    for (const [theme, width] of [
      ['dark', 1280],
      ['light', 390],
      ['dark', 390],
    ] as const) {
      const context = await browser.newContext({
        viewport: { width, height: width > 500 ? 900 : 844 },
        reducedMotion: 'reduce',
      });
      await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
      const page = await context.newPage();
      await signIn(page, server.url, email, password);
      await page.goto(`${server.url}/ai/enhanced-chat`);
      if (width < 500) {
        // The conversation list is a drawer on a phone.
        await page.getByRole('button', { name: 'Conversations', exact: true }).click();
      }
      const list = page.getByRole('navigation', { name: 'Conversations' });
      await list.getByText(QUESTION).click();
      await expect.poll(() => replies(page).textContent(), { timeout: 15_000 }).toContain(LAST_WORDS);
      // Following a link closes the phone's drawer.
      if (width < 500) await expect.poll(() => list.isVisible()).toBe(false);
      await screenshot(page, `ai-chat-${theme}-${width}`);
      await context.close();
    }
  });

  it("shows the server's error inline, and Retry asks again", async () => {
    // Runs last: the failing provider is sidelined for the cooldown afterwards.
    standins.ollama.set({ chat: 'fail' });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page, server.url, email, password);
    await page.goto(`${server.url}/ai/enhanced-chat`);
    const box = page.getByRole('textbox', { name: 'Message' });
    await expect.poll(() => box.isEnabled(), { timeout: 15_000 }).toBe(true);
    await box.fill('Why did the call fail?');
    await box.press('Enter');
    const failure = page.getByRole('alert').filter({ hasText: 'Your question: “Why did the call fail?”' });
    await expect.poll(() => failure.textContent(), { timeout: 15_000 }).toContain('All AI providers failed');
    expect(await replies(page).count()).toBe(0);
    // The provider that just failed is sidelined, so the retry finds none available.
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect
      .poll(() => failure.textContent(), { timeout: 15_000 })
      .toContain('No AI providers available');
    await context.close();
  });
});
