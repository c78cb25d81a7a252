import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { repoRoot } from './server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** The flags this machine's closed network needs (without the last ones Chromium floods it). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export const screenshotDir = path.join(repoRoot, 'test-results/screenshots');

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const file = path.join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: false });
  return file;
}

/**
 * Shoots a loaded page light, then dark. With no theme stored the app follows the system
 * preference, so switching the emulated preference re-themes the page in place: one load gives
 * both screenshots. The context must not store a theme (`localStorage.theme`).
 */
export async function screenshotBothThemes(
  page: Page,
  name: (theme: 'light' | 'dark') => string,
): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
    // The components fade their colours (CSS transitions, which reduced motion does not stop):
    // let the new theme's transitions start, then wait for every finite one to end.
    await page.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const ending = document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined));
      await Promise.race([Promise.all(ending), new Promise((done) => setTimeout(done, 3000))]);
    });
    await screenshot(page, name(theme));
  }
}
