import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { callCost } from '../apps/server/src/modules/ai/providers/cost';
import { AiStandins } from '../apps/server/test/ai-standins';
import { confirmedUser, signIn } from './support/accounts';
import { api, loginToken } from './support/api';
import { hasChromium, launchBrowser, screenshot, screenshotBothThemes } from './support/browser';
import { prepareDataDir, type RunningServer, startBuiltServer } from './support/server';

/** The OpenAI stand-in's reply, a word at a time: long enough to be seen streaming. */
const REPLY =
  'Cut back the perennials, mulch the beds with a thick layer of leaves, drain the hoses, and plant garlic before the ground freezes so it roots over winter.';
const FIRST_WORDS = 'Cut back the perennials';
const LAST_WORDS = 'roots over winter.';
const PROMPT_TOKENS = 25;
const COMPLETION_TOKENS = 40;

describe.skipIf(!hasChromium)('AI management and workbench journey in Chromium', () => {
  let browser: Browser;
  let standins: AiStandins;
  let server: RunningServer;
  let dir: string;
  let rootToken: string;
  const stamp = Date.now();
  const admin = {
    email: `aiadmin-${stamp}@stratos.test`,
    password: 'AdminJourney2026',
    firstName: 'Ada',
    lastName: 'Admin',
  };
  const user = {
    email: `aiuser-${stamp}@stratos.test`,
    password: 'UserJourney2026',
    firstName: 'Uma',
    lastName: 'User',
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'stratos-ai-admin-'));
    standins = await AiStandins.start();
    // The run's build (global setup): the server only reads it.
    const build = inject('build');
    const dataDir = path.join(dir, 'data');
    const root = { email: `aiadmin-root-${stamp}@stratos.test`, password: 'RootPassw0rd2026' };
    prepareDataDir(build, dataDir, root);
    // Every provider's stand-in with a platform key, so paid models (and their cost) are on offer.
    server = await startBuiltServer(
      build,
      {
        ...standins.env(),
        AI_CHECK_TIMEOUT_MS: '2000',
        AI_REQUEST_TIMEOUT_MS: '5000',
      },
      dataDir,
    );
    rootToken = await loginToken(server.url, root.email, root.password);
    await confirmedUser(server.url, rootToken, admin);
    await confirmedUser(server.url, rootToken, user);
    const adminToken = await loginToken(server.url, admin.email, admin.password);
    const me = await api<{ user: { id: string } }>(server.url, '/auth/me', { token: adminToken });
    const promoted = await api(server.url, `/admin/users/${me.body.user.id}`, {
      method: 'PATCH',
      token: rootToken,
      body: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    standins.openai.set({
      text: REPLY,
      chunkDelayMs: 60,
      promptTokens: PROMPT_TOKENS,
      completionTokens: COMPLETION_TOKENS,
    });
    browser = await launchBrowser();
  }, 240_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await standins?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const newPage = async (width: number): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
    return { context, page: await context.newPage() };
  };

  it('an admin limits the Free plan to two models; a user’s workbench offers only those and streams a priced reply', async () => {
    // The admin's page: every plan, every model allowed, the default provider order.
    const { context: adminContext, page: a } = await newPage(1280);
    await signIn(a, server.url, admin.email, admin.password);
    await a.goto(`${server.url}/ai/management`);
    const free = a.getByTestId('plan-free');
    await expect.poll(() => free.isVisible(), { timeout: 15_000 }).toBe(true);
    expect(await a.getByTestId('order-openai').textContent()).toContain('OpenAI');
    await screenshotBothThemes(a, (t) => `ai-management-${t}`);

    await free.getByText('Only these').click();
    const picker = free.getByRole('combobox', { name: 'Free allowed models' });
    for (const model of ['gpt-4', 'llama3.2']) {
      // The list is virtual: narrow it to the model, then pick it.
      await picker.fill(model);
      await a.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${model}"]`).click();
    }
    await a.keyboard.press('Escape');
    await free.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => a.getByText('Free plan saved').isVisible(), { timeout: 10_000 }).toBe(true);
    const stored = await api<{ data: { plans: Array<{ planId: string; allowedModels: string[] | null }> } }>(
      server.url,
      '/ai/management',
      { token: rootToken },
    );
    expect(stored.body.data.plans.find((p) => p.planId === 'free')?.allowedModels).toEqual([
      'gpt-4',
      'llama3.2',
    ]);
    await screenshot(a, 'ai-management-saved-dark');
    await adminContext.close();

    // The user's workbench: OpenAI first (the router's order) with gpt-4 alone; Anthropic cannot be chosen.
    const { context: userContext, page: u } = await newPage(1280);
    await signIn(u, server.url, user.email, user.password);
    await u.goto(`${server.url}/ai/workbench`);
    const model = u.getByTestId('wb-model');
    await expect.poll(() => model.textContent(), { timeout: 15_000 }).toBe('gpt-4');
    await model.click();
    await expect
      .poll(() => u.locator('.ant-select-dropdown:visible .ant-select-item-option').allTextContents())
      .toEqual(['gpt-4']);
    await u.keyboard.press('Escape');
    await u.getByTestId('wb-provider').click();
    const anthropic = u
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Anthropic' });
    expect(await anthropic.getAttribute('aria-disabled')).toBe('true');
    expect(await anthropic.textContent()).toContain('No model of this provider is on your plan');
    await u.keyboard.press('Escape');

    await u.getByLabel('System prompt').fill('You are a patient gardener.');
    await u.getByTestId('wb-prompt').fill('How should I prepare my garden for winter?');
    await u.getByRole('button', { name: 'Run' }).click();
    const reply = u.getByTestId('wb-reply');
    await expect.poll(() => reply.textContent(), { timeout: 15_000 }).toContain(FIRST_WORDS);
    expect(await reply.textContent()).not.toContain(LAST_WORDS);
    expect(await u.getByRole('button', { name: 'Stop' }).isVisible()).toBe(true);

    const cost = u.getByTestId('wb-cost');
    await expect.poll(() => cost.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await reply.textContent()).toBe(REPLY);
    const dollars = callCost('openai', 'gpt-4', PROMPT_TOKENS, COMPLETION_TOKENS);
    expect(await cost.textContent()).toBe(`$${dollars.toFixed(5)}`);
    expect(await u.getByTestId('wb-tokens').textContent()).toBe(`${PROMPT_TOKENS + COMPLETION_TOKENS}`);
    const figures = await u.getByTestId('wb-figures').textContent();
    expect(figures).toContain(`In / out${PROMPT_TOKENS} / ${COMPLETION_TOKENS}`);
    expect(await u.getByTestId('wb-first-token').textContent()).toMatch(/^\d+ ms$|^\d+\.\d\d s$/);
    expect(await u.getByText('openai · gpt-4').isVisible()).toBe(true);
    const sent = standins.openai.generations.at(-1)?.body as {
      model: string;
      messages: Array<{ content: string }>;
    };
    expect(sent.model).toBe('gpt-4');
    expect(sent.messages[0]?.content).toBe('You are a patient gardener.');
    await screenshotBothThemes(u, (t) => `ai-workbench-${t}`);
    await userContext.close();

    // Both pages at phone width.
    const { context: phoneContext, page: p } = await newPage(390);
    await signIn(p, server.url, user.email, user.password);
    await p.goto(`${server.url}/ai/workbench`);
    await expect.poll(() => p.getByTestId('wb-model').textContent(), { timeout: 15_000 }).toBe('gpt-4');
    await p.getByTestId('wb-prompt').fill('One tip for winter, please.');
    await p.getByRole('button', { name: 'Run' }).click();
    await expect.poll(() => p.getByTestId('wb-cost').isVisible(), { timeout: 20_000 }).toBe(true);
    await p.getByTestId('wb-figures').scrollIntoViewIfNeeded();
    // Let the Stop button's colours finish turning back into Run's.
    await p.waitForTimeout(500);
    await screenshot(p, 'ai-workbench-390');
    const scrollWidth = await p.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await phoneContext.close();

    const { context: adminPhone, page: ap } = await newPage(390);
    await signIn(ap, server.url, admin.email, admin.password);
    await ap.goto(`${server.url}/ai/management`);
    await expect.poll(() => ap.getByTestId('plan-free').isVisible(), { timeout: 15_000 }).toBe(true);
    await screenshot(ap, 'ai-management-390');
    expect(await ap.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await adminPhone.close();
  }, 180_000);
});
