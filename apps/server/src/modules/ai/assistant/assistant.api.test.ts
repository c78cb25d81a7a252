import { ASSISTANT_MESSAGES } from '@stratos/contracts/ai/assistant.schema';
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useStandinApp } from '../../../../test/ai-standin-app';
import type { AiStandins } from '../../../../test/ai-standins';
import { storeFile } from '../../../../test/files.fixture';
import type { TestApp } from '../../../../test/test-app';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { aiUsageLog, files, fileTags } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';

const ctx = useStandinApp();
let standins: AiStandins;
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let notes: string;
let report: string;
let bobsFile: string;
let archive: string;
let bobsFolder: string;

/** What the stand-in plans for a request (the file numbers refer to the prompt's list). */
let plan: object = {};
function assistant(req: { prompt: string }): string {
  if (req.prompt.includes('You are the Stratos file assistant'))
    return `Sure.\n\`\`\`json\n${JSON.stringify(plan)}\n\`\`\``;
  if (req.prompt.includes('You summarise files')) {
    const name = /File name: (.+)/.exec(req.prompt)?.[1];
    return `Summary of ${name}: meeting notes about the release.`;
  }
  return 'A reply.';
}

const db = () => t.app.ctx.database.db;
const post = (url: string, who: TestUser | null, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who?.headers, ...(payload ? { payload } : {}) });
const tagsOf = async (fileId: string) =>
  (await db().select({ tag: fileTags.tag }).from(fileTags).where(eq(fileTags.fileId, fileId)))
    .map((r) => r.tag)
    .sort();
const folderOf = async (fileId: string) =>
  (await db().select({ folderId: files.folderId }).from(files).where(eq(files.id, fileId)))[0]?.folderId ??
  null;

beforeAll(async () => {
  ({ standins, t } = ctx);
  alice = await createTestUser(t.app);
  bob = await createTestUser(t.app);
  notes = (
    await storeFile(t.app, {
      ownerId: alice.user.id,
      name: 'notes.txt',
      data: 'Ship the release on Friday.',
      mimeType: 'text/plain',
    })
  ).id;
  report = (
    await storeFile(t.app, {
      ownerId: alice.user.id,
      name: 'report.md',
      data: '# Q3\nRevenue grew.',
      mimeType: 'text/markdown',
    })
  ).id;
  bobsFile = (
    await storeFile(t.app, { ownerId: bob.user.id, name: 'bob.txt', data: 'bob', mimeType: 'text/plain' })
  ).id;
  archive = (await post('/api/folders', alice, { name: 'Archive' })).json().folder.id;
  bobsFolder = (await post('/api/folders', bob, { name: 'Mine' })).json().folder.id;
});

beforeEach(async () => {
  standins.reset();
  aiServicesFor(t.app.ctx).registry.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
  standins.reset();
  for (const s of Object.values(standins.all)) s.set({ respond: assistant });
});

describe('the file assistant', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/ai/assistant/actions' })).statusCode).toBe(401);
    expect(
      (await post('/api/ai/assistant/actions', null, { kind: 'tag', fileIds: [notes], tags: ['x'] }))
        .statusCode,
    ).toBe(401);
  });

  it('tags only after an explicit confirmation, once', async () => {
    const proposed = await post('/api/ai/assistant/actions', alice, {
      kind: 'tag',
      fileIds: [notes, report],
      tags: ['Work', 'q3 '],
    });
    expect(proposed.statusCode).toBe(201);
    const action = proposed.json().data.action;
    expect(action).toMatchObject({
      kind: 'tag',
      status: 'proposed',
      tags: ['work', 'q3'],
      files: [
        { id: notes, name: 'notes.txt' },
        { id: report, name: 'report.md' },
      ],
    });
    expect(await tagsOf(notes)).toEqual([]);

    for (const payload of [{}, { confirm: false }]) {
      const res = await post(`/api/ai/assistant/actions/${action.id}/confirm`, alice, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'CONFIRMATION_REQUIRED',
        message: ASSISTANT_MESSAGES.confirmationRequired,
      });
    }
    expect(await tagsOf(notes)).toEqual([]);
    // Another user cannot confirm it.
    expect(
      (await post(`/api/ai/assistant/actions/${action.id}/confirm`, bob, { confirm: true })).statusCode,
    ).toBe(404);
    expect(await tagsOf(notes)).toEqual([]);

    const done = await post(`/api/ai/assistant/actions/${action.id}/confirm`, alice, { confirm: true });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.action).toMatchObject({
      status: 'done',
      error: null,
      result: {
        tagged: [
          { fileId: notes, tags: ['q3', 'work'] },
          { fileId: report, tags: ['q3', 'work'] },
        ],
      },
    });
    expect(await tagsOf(notes)).toEqual(['q3', 'work']);
    const again = await post(`/api/ai/assistant/actions/${action.id}/confirm`, alice, { confirm: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ASSISTANT_MESSAGES.notProposed);
  });

  it("refuses another user's file or folder with 404 and stores nothing", async () => {
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/ai/assistant/actions', headers: alice.headers })
    ).json().data.actions.length;
    const res = await post('/api/ai/assistant/actions', alice, {
      kind: 'tag',
      fileIds: [notes, bobsFile],
      tags: ['x'],
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('File not found');
    expect(
      (
        await post('/api/ai/assistant/actions', alice, {
          kind: 'move',
          fileIds: [notes],
          folderId: bobsFolder,
        })
      ).statusCode,
    ).toBe(404);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/ai/assistant/actions', headers: alice.headers })
    ).json().data.actions.length;
    expect(after).toBe(before);
    expect(await tagsOf(bobsFile)).toEqual([]);
  });

  it('moves a file to a folder when confirmed, and not when cancelled', async () => {
    const cancelled = (
      await post('/api/ai/assistant/actions', alice, { kind: 'move', fileIds: [report], folderId: archive })
    ).json().data.action;
    expect(cancelled.folderPath).toBe('/My Files/Archive');
    expect(
      (await post(`/api/ai/assistant/actions/${cancelled.id}/cancel`, alice)).json().data.action.status,
    ).toBe('cancelled');
    expect(
      (await post(`/api/ai/assistant/actions/${cancelled.id}/confirm`, alice, { confirm: true })).statusCode,
    ).toBe(409);
    expect(await folderOf(report)).toBeNull();

    const move = (
      await post('/api/ai/assistant/actions', alice, { kind: 'move', fileIds: [report], folderId: archive })
    ).json().data.action;
    const done = await post(`/api/ai/assistant/actions/${move.id}/confirm`, alice, { confirm: true });
    expect(done.json().data.action).toMatchObject({
      status: 'done',
      result: { moved: 1, folderPath: '/My Files/Archive' },
    });
    expect(await folderOf(report)).toBe(archive);
  });

  it('summarises through the AI router, logged and charged as an assistant call', async () => {
    const action = (
      await post('/api/ai/assistant/actions', alice, { kind: 'summarize', fileIds: [notes] })
    ).json().data.action;
    expect(standins.ollama.generations).toHaveLength(0);
    const done = (
      await post(`/api/ai/assistant/actions/${action.id}/confirm`, alice, { confirm: true })
    ).json().data.action;
    expect(done.status).toBe('done');
    expect(done.result.summaries).toEqual([
      expect.objectContaining({
        fileId: notes,
        fileName: 'notes.txt',
        summary: 'Summary of notes.txt: meeting notes about the release.',
        error: null,
        provider: 'ollama',
        tokens: 20,
      }),
    ]);
    expect(JSON.stringify(standins.ollama.generations[0]?.body)).toContain('Ship the release on Friday.');
    const usage = await db()
      .select()
      .from(aiUsageLog)
      .where(and(eq(aiUsageLog.userId, alice.user.id), eq(aiUsageLog.operation, 'assistant')));
    expect(usage).toHaveLength(1);
  });

  it('reports a failed summary with its reason', async () => {
    for (const s of Object.values(standins.all)) s.set({ chat: 'fail' });
    const action = (
      await post('/api/ai/assistant/actions', alice, { kind: 'summarize', fileIds: [notes] })
    ).json().data.action;
    const done = (
      await post(`/api/ai/assistant/actions/${action.id}/confirm`, alice, { confirm: true })
    ).json().data.action;
    expect(done.status).toBe('failed');
    expect(done.error).toBeTruthy();
    expect(done.result.summaries[0]).toMatchObject({ summary: null, error: done.error });
  });

  it('plans actions from a request, keeping only listed files and folders, and runs none', async () => {
    plan = {
      reply: 'I can tag the notes and file the report.',
      actions: [
        { kind: 'tag', files: [1], tags: ['release', '!!'], reason: 'It is about the release' },
        { kind: 'move', files: [2], folder: '/My Files/Archive' },
        { kind: 'move', files: [1], folder: '/My Files/Nowhere' },
        { kind: 'summarize', files: [9] },
        { kind: 'delete', files: [1] },
      ],
    };
    const res = await post('/api/ai/assistant/plan', alice, {
      request: 'Tag my notes and archive the report',
      fileIds: [notes, report],
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.reply).toBe('I can tag the notes and file the report.');
    expect(data.actions).toEqual([
      expect.objectContaining({
        kind: 'tag',
        status: 'proposed',
        tags: ['release'],
        files: [{ id: notes, name: 'notes.txt' }],
        reason: 'It is about the release',
        request: 'Tag my notes and archive the report',
      }),
      expect.objectContaining({
        kind: 'move',
        status: 'proposed',
        folderId: archive,
        folderPath: '/My Files/Archive',
        files: [{ id: report, name: 'report.md' }],
      }),
    ]);
    const prompt = JSON.stringify(Object.values(standins.all).flatMap((s) => s.generations)[0]?.body);
    expect(prompt).toContain('1. notes.txt');
    expect(prompt).toContain('- /My Files/Archive');
    expect(await tagsOf(notes)).not.toContain('release');
    expect(
      (await post('/api/ai/assistant/plan', alice, { request: 'x', fileIds: [bobsFile] })).statusCode,
    ).toBe(404);
    expect((await post('/api/ai/assistant/plan', alice, { request: '   ' })).statusCode).toBe(400);
  });

  it('lists the workspace: own files with tags and paths, own folders', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/ai/assistant/workspace',
      headers: alice.headers,
    });
    const data = res.json().data;
    expect(data.folders).toEqual([{ id: archive, path: '/My Files/Archive' }]);
    const byName = Object.fromEntries(data.files.map((f: { name: string }) => [f.name, f]));
    expect(Object.keys(byName).sort()).toEqual(['notes.txt', 'report.md']);
    expect(byName['notes.txt']).toMatchObject({ tags: ['q3', 'work'], path: '/My Files' });
    expect(byName['report.md']).toMatchObject({ path: '/My Files/Archive', folderId: archive });
  });
});
