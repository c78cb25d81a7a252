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
    await showTheme(page, theme);
    await screenshot(page, name(theme));
  }
}

/**
 * Re-themes a loaded page in place by switching the emulated system preference, and waits until
 * every colour transition has ended. The context must not store a theme (`localStorage.theme`).
 */
export async function showTheme(page: Page, theme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction((t) => document.documentElement.dataset.theme === t, theme);
  // The components fade their colours (CSS transitions, which reduced motion does not stop), and
  // antd may restyle a frame or two after the switch.
  await animationsSettled(page);
}

/**
 * Waits until a pair of frames starts no finite animation or transition (3 s at most): a dialog
 * that is still zooming in moves its buttons between Playwright's hit test and its click, and a
 * click that lands beside the dialog closes it instead.
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // No named helpers in here: the function is serialised into the page as it stands.
    const deadline = performance.now() + 3000;
    for (;;) {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const running = document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY);
      if (running.length === 0 || performance.now() > deadline) return;
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((done) => setTimeout(done, 1000)),
      ]);
    }
  });
}
