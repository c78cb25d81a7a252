import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { confirmedUser, signIn } from './support/accounts';
import { api, loginToken } from './support/api';
import { hasChromium, launchBrowser, screenshotBothThemes } from './support/browser';
import { prepareDataDir, type RunningServer, startBuiltServer } from './support/server';

const build = inject('build');
const root = { email: 'keys-root@stratos.test', password: 'KeysRoot2026' };
const person = {
  email: 'keys-user@stratos.test',
  password: 'KeysUser2026',
  firstName: 'Kim',
  lastName: 'Keys',
};
const UNREADABLE_LOG = /stored AI provider key cannot be decrypted/g;

/**
 * A server of its own: keys are stored, then it starts again under another ENCRYPTION_KEY, as after
 * a lost secrets.json. Nothing answers on the providers' addresses, so saving a key never waits.
 */
describe.skipIf(!hasChromium)('stored AI keys that can no longer be read, in Chromium', () => {
  let browser: Browser;
  let server: RunningServer;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'stratos-e2e-keys-'));
  const env = {
    JOBS_ENABLED: 'false',
    OPENAI_BASE_URL: 'http://127.0.0.1:9/v1',
    ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/v1',
  };

  beforeAll(async () => {
    prepareDataDir(build, dataDir, root);
    const first = await startBuiltServer(build, env, dataDir);
    try {
      const rootToken = await loginToken(first.url, root.email, root.password);
      await confirmedUser(first.url, rootToken, person);
      const token = await loginToken(first.url, person.email, person.password);
      const own = await api(first.url, '/ai/keys/openai', {
        method: 'PUT',
        body: { apiKey: 'sk-kim-own-key-12345678' },
        token,
      });
      expect(own.status).toBe(200);
      const platform = await api(first.url, '/ai/providers/anthropic/settings', {
        method: 'PUT',
        body: { apiKey: 'sk-ant-platform-key-87654321' },
        token: rootToken,
      });
      expect(platform.status).toBe(200);
    } finally {
      await first.stop();
    }
    server = await startBuiltServer(
      build,
      { ...env, ENCRYPTION_KEY: randomBytes(32).toString('hex') },
      dataDir,
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("shows the person's own key as needing re-entry (light, dark, 390 px)", async () => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        viewport: { width, height: width > 500 ? 800 : 844 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await signIn(page, server.url, person.email, person.password);
      await page.goto(`${server.url}/settings?tab=ai-providers`);
      const openai = page.getByRole('region', { name: 'OpenAI' });
      await openai.getByText('Needs re-entry').waitFor({ timeout: 15_000 });
      expect(await openai.getByRole('button', { name: 'Enter key again' }).isVisible()).toBe(true);
      await openai.scrollIntoViewIfNeeded();
      await screenshotBothThemes(page, (theme) => `settings-ai-key-reentry-${theme}-${width}`);
      await context.close();
    }
  });

  it("shows the platform key as needing re-entry on the superadmin's AI providers tab", async () => {
    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        viewport: { width, height: width > 500 ? 800 : 844 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await signIn(page, server.url, root.email, root.password);
      await page.goto(`${server.url}/admin-dashboard?tab=ai-providers`);
      const anthropic = page.getByRole('listitem', { name: /Anthropic/ });
      await anthropic.getByText('Needs re-entry').waitFor({ timeout: 15_000 });
      await anthropic.scrollIntoViewIfNeeded();
      await screenshotBothThemes(page, (theme) => `admin-ai-key-reentry-${theme}-${width}`);
      await context.close();
    }
  });

  it('logged each unreadable key once, however often it was met', () => {
    const lines = server.output().match(UNREADABLE_LOG) ?? [];
    expect(lines).toHaveLength(2);
  });
});
