import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from '../apps/server/test/documents.fixture';
import { signIn } from './support/accounts';
import { type AiJourneyServer, startAiJourneyServer } from './support/ai-server';
import { api, loginToken } from './support/api';
import { hasChromium, launchBrowser, screenshot, screenshotBothThemes } from './support/browser';

const PDF = 'invoice-2026-11.pdf';
const PDF2 = 'invoice-2026-12.pdf';

describe.skipIf(!hasChromium)('workflows journey in Chromium', () => {
  let browser: Browser;
  let ai: AiJourneyServer;
  const email = `workflows-${Date.now()}@stratos.test`;
  const password = 'WorkflowJourney2026';
  let token: string;
  const folders: Record<string, string> = {};

  beforeAll(async () => {
    ai = await startAiJourneyServer('workflows', { email, password, firstName: 'Flo', lastName: 'Runner' });
    ai.standins.ollama.set({
      respond: () =>
        '```json\n{"summary":"An invoice.","category":"finance","tags":["invoice"],"insights":[],"recommendations":[],"confidence":0.9}\n```',
    });
    writeFileSync(path.join(ai.dir, PDF), minimalPdf(['Invoice November 2026, total 120 EUR']));
    writeFileSync(path.join(ai.dir, PDF2), minimalPdf(['Invoice December 2026, total 80 EUR']));
    token = await loginToken(ai.server.url, email, password);
    for (const name of ['Inbox', 'Processed']) {
      const res = await api<{ folder: { id: string } }>(ai.server.url, '/folders', {
        method: 'POST',
        token,
        body: { name },
      });
      expect(res.status).toBe(201);
      folders[name] = res.body.folder.id;
    }
    // A folder two levels down: the pickers show the whole tree.
    const nested = await api<{ folder: { id: string } }>(ai.server.url, '/folders', {
      method: 'POST',
      token,
      body: { name: 'Invoices', parentId: folders.Processed },
    });
    expect(nested.status).toBe(201);
    folders.Invoices = nested.body.folder.id;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await ai?.stop();
  });

  /** Picks an option of the antd Select labelled `label`. */
  async function choose(page: Page, label: string, option: string) {
    await page.getByLabel(label, { exact: true }).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first()
      .click();
  }

  /** Picks a folder, at any depth, in the folder TreeSelect labelled `label` (inside `scope`). */
  async function chooseFolder(
    page: Page,
    scope: Page | Locator,
    label: string,
    folder: string,
    shot?: string,
  ) {
    await scope.getByLabel(label, { exact: true }).click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-tree-title', {
      hasText: new RegExp(`^${folder}$`),
    });
    await option.first().waitFor();
    if (shot) await screenshot(page, shot);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-tree-title', { hasText: new RegExp(`^${folder}$`) })
      .first()
      .click();
  }

  /** Light and dark at 1280 and 390 px wide, with `focus` (when given) scrolled into view. */
  async function shoot(page: Page, name: string, focus?: Locator) {
    await focus?.scrollIntoViewIfNeeded();
    await screenshotBothThemes(page, (theme) => `workflows-${name}-${theme}-1280`);
    await page.setViewportSize({ width: 390, height: 844 });
    await focus?.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshotBothThemes(page, (theme) => `workflows-${name}-${theme}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  it('creates a workflow that analyses and moves every PDF uploaded to Inbox, uploads one, sees the run', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    await signIn(page, ai.server.url, email, password);

    await page.goto(`${ai.server.url}/workflows`);
    await expect
      .poll(() => page.getByText('No workflows yet', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    await shoot(page, 'empty');

    // Create: the button waits for a name that is more than spaces.
    await page.getByRole('tab', { name: 'Create' }).click();
    const create = page.getByRole('button', { name: 'Create workflow' });
    await page.getByLabel('Name').fill('   ');
    expect(await create.isDisabled()).toBe(true);
    await page.getByLabel('Description').click();
    await expect.poll(() => page.getByText('Workflow name is required').isVisible()).toBe(true);
    await page.getByLabel('Name').fill('File incoming PDFs');
    await page
      .getByLabel('Description')
      .fill('Analyse every PDF that lands in Inbox, then file it under Processed.');
    await page.locator('.ant-segmented-item', { hasText: 'Upload' }).click();
    await chooseFolder(page, page, 'Trigger folder', 'Inbox');
    await choose(page, 'File type', 'PDF');
    await choose(page, 'Step to add', 'Analyse with AI');
    await page.getByRole('button', { name: 'Add step' }).click();
    await choose(page, 'Step to add', 'Move to folder');
    await page.getByRole('button', { name: 'Add step' }).click();
    await chooseFolder(page, page, 'Move to folder', 'Processed');
    await shoot(page, 'create');
    await create.click();

    const card = page.getByTestId('workflow-card').filter({ hasText: 'File incoming PDFs' });
    await expect.poll(() => card.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await card.textContent()).toContain('When a PDF file is uploaded to Inbox');
    expect(await card.textContent()).toContain('Analyse with AI → Move to folder');
    expect(await card.getByText('inactive', { exact: true }).isVisible()).toBe(true);
    await card.getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => card.getByText('running', { exact: true }).isVisible()).toBe(true);
    // Start is not offered while it runs.
    expect(await card.getByRole('button', { name: 'Start' }).count()).toBe(0);

    // Upload a PDF into Inbox on the Files page.
    await page.goto(`${ai.server.url}/files?folder=${folders.Inbox}`);
    await page.getByTestId('upload-input').setInputFiles(path.join(ai.dir, PDF));
    // The workflow files it away at once: it shows up in Processed (read through the API while the page stays).
    const inProcessed = async () =>
      (
        await api<{ files: { name: string }[] }>(ai.server.url, `/files?folderId=${folders.Processed}`, {
          token,
        })
      ).body.files.map((f) => f.name);
    await expect.poll(inProcessed, { timeout: 30_000 }).toEqual([PDF]);

    // The run moved it to Processed; the history shows it.
    await page.goto(`${ai.server.url}/workflows`);
    await expect.poll(() => card.textContent(), { timeout: 15_000 }).toContain('Success rate100% (1 run)');
    await card.getByRole('button', { name: 'History' }).click();
    const history = page.getByTestId('workflow-history');
    await expect
      .poll(() => history.getByText('success', { exact: true }).isVisible(), { timeout: 15_000 })
      .toBe(true);
    expect(await history.textContent()).toContain('upload');
    await history
      .getByRole('button', { name: /Expand row/ })
      .first()
      .click();
    await expect.poll(() => history.getByText(/Moved 1 file/).isVisible()).toBe(true);
    await shoot(page, 'details', history);

    const processed = await api<{ files: { name: string; uploadDate: string }[] }>(
      ai.server.url,
      `/files?folderId=${folders.Processed}`,
      { token },
    );
    expect(processed.body.files.map((f) => f.name)).toEqual([PDF]);
    const workflows = await api<{ id: string }[]>(ai.server.url, '/workflows', { token });
    expect(Array.isArray(workflows.body)).toBe(true);
    const runs = await api<{ data: { startTime: string; duration: number; status: string }[] }>(
      ai.server.url,
      `/workflows/${workflows.body[0]?.id}/history`,
      { token },
    );
    const run = runs.body.data[0];
    expect(run?.status).toBe('success');
    // The figure of issue 18: the run's start after the upload's commit (printed, not asserted on).
    const gap =
      Date.parse(run?.startTime as string) - Date.parse(processed.body.files[0]?.uploadDate as string);
    console.log(
      `workflow upload trigger (browser journey): run started ${gap} ms after the upload's commit; run took ${run?.duration} s`,
    );

    // Edit it while it runs: the same form, filled in; a blank name is refused; the move now
    // goes one level deeper (Processed / Invoices), from the next run on.
    await page.getByRole('button', { name: /^(edit )?Edit$/ }).click();
    const edit = page.getByTestId('workflow-edit');
    const editName = edit.getByLabel('Name');
    expect(await editName.inputValue()).toBe('File incoming PDFs');
    expect(await edit.textContent()).toContain('changes apply from its next run');
    const save = edit.getByRole('button', { name: 'Save changes' });
    await editName.fill('  ');
    expect(await save.isDisabled()).toBe(true);
    await edit.getByLabel('Description').click();
    await expect.poll(() => edit.getByText('Workflow name is required').isVisible()).toBe(true);
    await editName.fill('File incoming PDFs by month');
    await chooseFolder(page, edit, 'Move to folder', 'Invoices', 'workflows-folder-tree-light-1280');
    await shoot(page, 'edit', edit);
    await save.click();
    await expect.poll(() => edit.count(), { timeout: 10_000 }).toBe(0);
    const details = page.getByRole('tabpanel', { name: 'Details' });
    await expect.poll(() => details.getByText('File incoming PDFs by month').first().isVisible()).toBe(true);
    // The Details tab stays open: a second upload's run shows up in the history without a reload.
    const form = new FormData();
    form.append('folderId', folders.Inbox as string);
    form.append('file', new Blob([readFileSync(path.join(ai.dir, PDF2))], { type: 'application/pdf' }), PDF2);
    const uploaded = await fetch(`${ai.server.url}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    await expect
      .poll(() => history.getByText('success', { exact: true }).count(), { timeout: 20_000 })
      .toBe(2);
    const inInvoices = await api<{ files: { name: string }[] }>(
      ai.server.url,
      `/files?folderId=${folders.Invoices}`,
      { token },
    );
    expect(inInvoices.body.files.map((f) => f.name)).toEqual([PDF2]);
    expect(await inProcessed()).toEqual([PDF]);

    // Overview after a run, then Delete asks first.
    await page.getByRole('tab', { name: 'Overview' }).click();
    await shoot(page, 'overview');
    await card.getByRole('button', { name: 'Delete' }).click();
    await expect
      .poll(() => page.getByText('Are you sure you want to delete this workflow?').isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Delete', exact: true }).last().click();
    await expect
      .poll(() => page.getByText('No workflows yet', { exact: true }).isVisible(), { timeout: 10_000 })
      .toBe(true);

    // A manual workflow on a folder's files: Run now tags the PDF in Processed.
    await page.getByRole('tab', { name: 'Create' }).click();
    await page.getByLabel('Name').fill('Tag filed PDFs');
    await page.locator('.ant-segmented-item', { hasText: 'Manual' }).click();
    expect(await page.getByText('Run now acts on no files').isVisible()).toBe(true);
    await page.getByText('Run now acts on the files of a folder').click();
    await chooseFolder(page, page, 'Trigger folder', 'Processed');
    await choose(page, 'File type', 'PDF');
    expect(
      await page.getByText('Run now acts on the newest 50 files of this type in the folder.').isVisible(),
    ).toBe(true);
    await choose(page, 'Step to add', 'Tag');
    await page.getByRole('button', { name: 'Add step' }).click();
    await page.getByLabel('Tags', { exact: true }).fill('filed');
    await page.keyboard.press('Enter');
    await shoot(page, 'manual', page.getByText('Run now acts on the newest 50'));
    await page.getByRole('button', { name: 'Create workflow' }).click();
    const manual = page.getByTestId('workflow-card').filter({ hasText: 'Tag filed PDFs' });
    await expect.poll(() => manual.isVisible(), { timeout: 10_000 }).toBe(true);
    expect(await manual.textContent()).toContain(
      'By hand (Run now), on the newest 50 PDF files in Processed',
    );
    await manual.getByRole('button', { name: 'Run now' }).click();
    // The page follows the queued run until it settles, without a reload.
    await expect
      .poll(() => history.getByText('success', { exact: true }).count(), { timeout: 20_000 })
      .toBe(1);
    await history
      .getByRole('button', { name: /Expand row/ })
      .first()
      .click();
    await expect.poll(() => history.getByText(/Tagged 1 file with filed/).isVisible()).toBe(true);
    await context.close();
  });
});
