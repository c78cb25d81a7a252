import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { formatBytes } from '../apps/web/src/lib/format-bytes';
import { confirmedUser, signIn } from './support/accounts';
import { api, loginToken } from './support/api';
import {
  animationsSettled,
  hasChromium,
  launchBrowser,
  screenshot,
  screenshotBothThemes,
} from './support/browser';

const baseURL = inject('baseURL');
const admin = inject('admin');

const MiB = 1024 * 1024;
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The file browser (grid and list views are a list, details a table; both carry this name). */
const browserOf = (page: Page): Locator => page.getByLabel('Files and folders', { exact: true });
const listed = (page: Page, name: string) => browserOf(page).getByText(name, { exact: true });

/**
 * Chooses `action` from the row's menu, then waits for what it opened to stop moving: a menu or a
 * dialog still zooming in can move its items between Playwright's hit test and its click (a Move
 * dialog once showed no folder to click within 30 s in a full run).
 */
async function itemAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await animationsSettled(page);
  await page.getByRole('menuitem', { name: action }).click();
  await animationsSettled(page);
}

/** Names in the details table, top to bottom. */
async function detailsOrder(page: Page): Promise<string[]> {
  const cells = page.getByRole('table', { name: 'Files and folders' }).locator('tbody tr td:nth-child(2)');
  return (await cells.allInnerTexts()).map((t) => t.trim());
}

describe.skipIf(!hasChromium)('files journey in Chromium', () => {
  let browser: Browser;
  let adminToken: string;
  let dir: string;
  const email = `files-${Date.now()}@stratos.test`;
  const password = 'FilesJourney2026';
  const files = {
    notes: { name: 'journey-notes.txt', size: 20_000 },
    photo: { name: 'journey-photo.png', size: 600_000 },
    video: { name: 'journey-video.mp4', size: 50 * MiB },
  };
  const pathOf = (name: string) => path.join(dir, name);

  beforeAll(async () => {
    browser = await launchBrowser();
    adminToken = await loginToken(baseURL, admin.email, admin.password);
    await confirmedUser(baseURL, adminToken, { email, password, firstName: 'Fiona', lastName: 'Filer' });
    dir = mkdtempSync(path.join(tmpdir(), 'stratos-files-journey-'));
    writeFileSync(
      pathOf(files.notes.name),
      'Notes from the files journey.\n'.repeat(1000).slice(0, files.notes.size),
    );
    writeFileSync(pathOf(files.photo.name), randomBytes(files.photo.size));
    writeFileSync(pathOf(files.video.name), randomBytes(files.video.size));
  });
  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('uploads, organises, finds, sorts, downloads, shares, deletes and restores files; the dashboard counts them', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await signIn(page, baseURL, email, password);

    await page.goto(`${baseURL}/files`);
    await expect.poll(() => page.getByText('No files found').isVisible(), { timeout: 15_000 }).toBe(true);
    await expect(page.getByText('Upload some files to get started').isVisible()).resolves.toBe(true);

    // Three files at once, one of 50 MB: a progress bar per file, then each file is listed.
    await page
      .getByTestId('upload-input')
      .setInputFiles([files.notes.name, files.photo.name, files.video.name].map(pathOf));
    await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    for (const f of Object.values(files)) {
      await expect.poll(() => listed(page, f.name).isVisible(), { timeout: 120_000 }).toBe(true);
    }
    await expect.poll(() => page.getByText('3 files · 0 folders').isVisible()).toBe(true);
    // The bars leave 2 seconds after completion.
    await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 15_000 }).toBe(0);

    // A folder, and a file moved into it.
    await page
      .getByRole('button', { name: /New folder$/ })
      .first()
      .click();
    const folderDialog = page.getByRole('dialog', { name: 'New folder' });
    await folderDialog.getByLabel('Folder name').fill('Journey folder');
    await folderDialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => listed(page, 'Journey folder').isVisible()).toBe(true);

    await itemAction(page, files.notes.name, 'Move');
    const moveDialog = page.getByRole('dialog', { name: `Move “${files.notes.name}”` });
    await moveDialog.getByRole('button', { name: 'Journey folder' }).click();
    await moveDialog.getByRole('button', { name: 'Move here' }).click();
    await expect.poll(() => listed(page, files.notes.name).count()).toBe(0);

    await listed(page, 'Journey folder').click();
    await page.waitForURL(/[?&]folder=/);
    await expect.poll(() => listed(page, files.notes.name).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('navigation').getByText('Journey folder').isVisible()).toBe(true);
    await page.goBack();
    await page.waitForURL((url) => !url.search.includes('folder='));
    await expect.poll(() => listed(page, files.photo.name).isVisible()).toBe(true);

    // Search is server-side and case-insensitive.
    await page.getByLabel('Search files').fill('PHOTO');
    await expect.poll(() => listed(page, files.video.name).count()).toBe(0);
    await expect.poll(() => listed(page, files.photo.name).isVisible()).toBe(true);
    await page.getByLabel('Search files').fill('');
    await expect.poll(() => listed(page, files.video.name).isVisible()).toBe(true);

    // Sort: the selector and its direction toggle, then the details view's column headers.
    await page.getByRole('button', { name: /^Grid view/ }).click();
    await page.getByRole('button', { name: /^List view/ }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Files and folders' }).isVisible()).toBe(true);
    await page.getByLabel('Sort by').click();
    await page.getByTitle('Sort: Size', { exact: true }).click();
    await page.getByRole('button', { name: 'Sort ascending' }).click();
    await expect
      .poll(() => detailsOrder(page))
      .toEqual(['Journey folder', files.video.name, files.photo.name]);
    const sizeHeader = page.getByRole('columnheader', { name: /Size/ });
    await expect.poll(() => sizeHeader.getAttribute('aria-sort')).toBe('descending');
    await sizeHeader.getByRole('button').click();
    await expect.poll(() => sizeHeader.getAttribute('aria-sort')).toBe('ascending');
    await expect
      .poll(() => detailsOrder(page))
      .toEqual(['Journey folder', files.photo.name, files.video.name]);
    await page.getByRole('columnheader', { name: /Name/ }).getByRole('button').click();
    await expect
      .poll(() => page.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort'))
      .toBe('ascending');
    await expect.poll(() => sizeHeader.getAttribute('aria-sort')).toBe('none');

    // Download: the browser receives exactly the bytes that were uploaded.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      itemAction(page, files.photo.name, 'Download'),
    ]);
    expect(download.suggestedFilename()).toBe(files.photo.name);
    const saved = path.join(dir, 'downloaded-photo.png');
    await download.saveAs(saved);
    expect(sha256(saved)).toBe(sha256(pathOf(files.photo.name)));

    // Share with a password, then open the link signed out.
    await itemAction(page, files.photo.name, 'Share');
    const shareDialog = page.getByRole('dialog', { name: `Share “${files.photo.name}”` });
    await shareDialog.getByLabel('Password (optional)').fill('open-sesame');
    await shareDialog.getByRole('button', { name: 'Create link' }).click();
    const linkField = shareDialog.getByLabel('Share link');
    await expect.poll(() => linkField.inputValue()).toMatch(/\/s\/[\w-]+$/);
    const link = await linkField.inputValue();
    await expect.poll(() => shareDialog.getByText('Password', { exact: true }).isVisible()).toBe(true);
    await shareDialog.getByRole('button', { name: 'Done' }).click();

    const anonymous = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const visitor = await anonymous.newPage();
    await visitor.goto(link);
    await expect
      .poll(() => visitor.getByRole('heading', { name: files.photo.name }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await visitor.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await visitor.getByLabel('Password', { exact: true }).fill('wrong-password');
    await visitor.getByRole('button', { name: 'Download' }).click();
    await expect.poll(() => visitor.getByText('Incorrect password').isVisible()).toBe(true);
    await visitor.getByLabel('Password', { exact: true }).fill('open-sesame');
    const [shared] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByRole('button', { name: 'Download' }).click(),
    ]);
    const sharedPath = path.join(dir, 'shared-photo.png');
    await shared.saveAs(sharedPath);
    expect(sha256(sharedPath)).toBe(sha256(pathOf(files.photo.name)));
    await screenshot(visitor, 'share-page-light-390');
    await visitor.goto(`${baseURL}/s/not-a-real-link-token`);
    await expect.poll(() => visitor.getByText('This link is no longer available').isVisible()).toBe(true);
    await anonymous.close();

    // Delete (with the spec's confirmation) and restore from the recycle bin.
    await itemAction(page, files.photo.name, 'Delete');
    const confirm = page.getByRole('dialog', { name: `Delete ${files.photo.name}?` });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => listed(page, files.photo.name).count()).toBe(0);

    await page.goto(`${baseURL}/recycle-bin`);
    await expect.poll(() => page.getByText('Deleted files are kept for 30 days').isVisible()).toBe(true);
    await page.getByRole('button', { name: `Restore ${files.photo.name}` }).click();
    await expect.poll(() => page.getByText('The recycle bin is empty').isVisible()).toBe(true);
    await page.goto(`${baseURL}/files`);
    await expect.poll(() => listed(page, files.photo.name).isVisible(), { timeout: 15_000 }).toBe(true);

    // The dashboard shows the new totals: three files and their bytes.
    await page.goto(`${baseURL}/dashboard`);
    const total = Object.values(files).reduce((n, f) => n + f.size, 0);
    await expect
      .poll(() => page.getByRole('region', { name: 'Total Files' }).textContent(), { timeout: 15_000 })
      .toContain('3');
    await expect
      .poll(() => page.getByRole('region', { name: 'Total Storage' }).textContent())
      .toContain(formatBytes(total));
    await expect.poll(() => page.getByText(files.video.name).first().isVisible()).toBe(true);
    await context.close();
  }, 300_000);

  it('saves screenshots of the files views, the dashboard, analytics and the recycle bin (light, dark, 390 px)', async () => {
    const login = await api<{ token: string; refreshToken: string }>(baseURL, '/auth/login', {
      method: 'POST',
      body: { email, password },
    });
    const { token, refreshToken } = login.body;
    const shoot = async (visit: (page: Page, width: number) => Promise<void>) => {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({
          viewport: { width, height: width > 500 ? 800 : 844 },
          reducedMotion: 'reduce',
        });
        await context.addInitScript(
          (tokens) => localStorage.setItem('auth_token', tokens),
          JSON.stringify({ token, refreshToken }),
        );
        await visit(await context.newPage(), width);
        await context.close();
      }
    };

    await shoot(async (page, width) => {
      for (const view of ['grid', 'list', 'details'] as const) {
        await api(baseURL, '/user-preferences', { method: 'PUT', body: { viewMode: view }, token });
        await page.goto(`${baseURL}/files`);
        await expect.poll(() => listed(page, files.video.name).isVisible(), { timeout: 15_000 }).toBe(true);
        await screenshotBothThemes(page, (theme) => `files-${view}-${theme}-${width}`);
      }
      await page.goto(`${baseURL}/dashboard`);
      await expect
        .poll(() => page.getByRole('region', { name: 'Total Files' }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await screenshotBothThemes(page, (theme) => `files-dashboard-${theme}-${width}`);
      await page.goto(`${baseURL}/analytics`);
      await expect
        .poll(() => page.getByText('File types', { exact: true }).isVisible(), { timeout: 15_000 })
        .toBe(true);
      await screenshotBothThemes(page, (theme) => `analytics-${theme}-${width}`);
    });

    // Something in the recycle bin to show.
    const list = await api<{ files: { id: string; name: string }[] }>(baseURL, '/files?limit=50', { token });
    const photo = list.body.files.find((f) => f.name === files.photo.name);
    expect(photo).toBeDefined();
    expect((await api(baseURL, `/files/${photo?.id}`, { method: 'DELETE', token })).status).toBe(200);
    await shoot(async (page, width) => {
      await page.goto(`${baseURL}/recycle-bin`);
      await expect
        .poll(() => page.getByText(files.photo.name).first().isVisible(), { timeout: 15_000 })
        .toBe(true);
      if (width === 390) {
        // The phone header names the page from the route table (as text: the page's h1 is its heading).
        const title = page.getByRole('banner').getByText('Recycle Bin', { exact: true });
        await expect.poll(() => title.isVisible()).toBe(true);
      }
      await screenshotBothThemes(page, (theme) => `recycle-bin-${theme}-${width}`);
    });
  });

  it('shows each file’s tags (set by the assistant) and filters the listing by tag (light, dark, 390 px)', async () => {
    const token = await loginToken(baseURL, email, password);
    // Two more files at the root (the journey above moved and binned the others).
    const upload = async (name: string, text: string) => {
      const form = new FormData();
      form.append('file', new Blob([text], { type: 'text/plain' }), name);
      const res = await fetch(`${baseURL}/api/files/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      expect(res.status).toBe(201);
      return ((await res.json()) as { file: { id: string; name: string } }).file;
    };
    const tagged = await upload('tag-plan.txt', 'The release plan for the third quarter.');
    const other = await upload('tag-budget.txt', 'Budget figures.');
    const root = await api<{ files: { id: string; name: string }[] }>(baseURL, '/files?limit=50', { token });
    expect(root.body.files.length).toBeGreaterThanOrEqual(2);
    // As the assistant's tag action writes them: proposed, then confirmed.
    const tag = async (fileIds: string[], tags: string[]) => {
      const proposed = await api<{ data: { action: { id: string } } }>(baseURL, '/ai/assistant/actions', {
        method: 'POST',
        body: { kind: 'tag', fileIds, tags },
        token,
      });
      expect(proposed.status).toBe(201);
      const done = await api<{ data: { action: { status: string } } }>(
        baseURL,
        `/ai/assistant/actions/${proposed.body.data.action.id}/confirm`,
        { method: 'POST', body: { confirm: true }, token },
      );
      expect(done.body.data.action.status).toBe('done');
    };
    await tag(
      root.body.files.map((f) => f.id),
      ['journey'],
    );
    await tag([tagged.id], ['draft', 'project-x', 'q3-review']);

    for (const width of [1280, 390]) {
      const context = await browser.newContext({
        viewport: { width, height: width > 500 ? 800 : 844 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      await signIn(page, baseURL, email, password);
      for (const view of ['list', 'details', 'grid'] as const) {
        await api(baseURL, '/user-preferences', { method: 'PUT', body: { viewMode: view }, token });
        await page.goto(`${baseURL}/files`);
        const tags = page.getByRole('list', { name: 'Tags: draft, journey, project-x, q3-review' });
        await expect.poll(() => tags.count(), { timeout: 15_000 }).toBe(1);
        expect(await tags.getByText('draft', { exact: true }).isVisible()).toBe(true);
        expect(await page.getByRole('list', { name: 'Tags: journey' }).count()).toBe(
          root.body.files.length - 1,
        );
        await screenshotBothThemes(page, (theme) => `files-tags-${view}-${theme}-${width}`);
      }

      // The filter lists the user's tags with their counts; picking one narrows the listing.
      await page.getByRole('combobox', { name: 'Filter by tag' }).click();
      await page.locator('.ant-select-item-option[title="draft (1)"]').click();
      await expect.poll(() => listed(page, other.name).count(), { timeout: 10_000 }).toBe(0);
      expect(await listed(page, tagged.name).isVisible()).toBe(true);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo({ top: 0 }));
      // The pointer leaves the option it picked (it lands on the sort button below: its tooltip).
      await page.mouse.move(1, 1);
      await screenshotBothThemes(page, (theme) => `files-tag-filter-${theme}-${width}`);
      await context.close();
    }
  });
});
