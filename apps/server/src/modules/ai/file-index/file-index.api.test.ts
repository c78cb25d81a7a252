import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { useStandinApp } from '../../../../test/ai-standin-app';
import type { AiStandins } from '../../../../test/ai-standins';
import { minimalDocx, minimalPdf } from '../../../../test/documents.fixture';
import { storeFile } from '../../../../test/files.fixture';
import type { TestApp } from '../../../../test/test-app';
import { upload } from '../../../../test/upload.fixture';
import { createTestUser, type TestUser } from '../../../../test/users.fixture';
import { fileTextChunks, fileTextIndex } from '../../../db/schema/index';
import { aiServicesFor } from '../providers/ai-services';
import { MARK_END, MARK_START } from './file-index.repository';
import { fileIndexServicesFor } from './file-index-services';

const ctx = useStandinApp();
let standins: AiStandins;
let t: TestApp;
beforeAll(() => {
  ({ standins, t } = ctx);
});
beforeEach(async () => {
  standins.reset();
  t.app.ctx.embeddings.clearCooldowns();
  aiServicesFor(t.app.ctx).registry.clearCooldowns();
  await aiServicesFor(t.app.ctx).registry.checkAll();
  standins.reset();
});

const db = () => t.app.ctx.database.db;
const indexer = () => fileIndexServicesFor(t.app.ctx).indexer;

async function uploaded(who: TestUser, filename: string, data: Buffer | string, contentType = 'text/plain') {
  const res = await upload(t.app, who.headers, {
    data: typeof data === 'string' ? Buffer.from(data) : data,
    filename,
    contentType,
  });
  expect(res.statusCode).toBe(201);
  return res.json().file.id as string;
}

const indexRow = async (fileId: string) =>
  (await db().select().from(fileTextIndex).where(eq(fileTextIndex.fileId, fileId)))[0];
const chunksOf = (fileId: string) =>
  db()
    .select()
    .from(fileTextChunks)
    .where(eq(fileTextChunks.fileId, fileId))
    .orderBy(asc(fileTextChunks.chunkIndex));

/**
 * A readable file stored without a queue row (an upload would start indexing it in the background
 * at once): only a sweep queues it.
 */
const unqueued = (who: TestUser, name: string, data: string) =>
  storeFile(t.app, { ownerId: who.user.id, name, data });

/** Seconds until the file's next try (its pending lease), by the database's clock. */
async function secondsUntilRetry(fileId: string): Promise<number> {
  const result = await db().execute(
    sql`select extract(epoch from lease_until - now())::float8 as s from file_text_index where file_id = ${fileId}`,
  );
  return Number((result as unknown as { rows: { s: number }[] }).rows[0]?.s);
}
/** As if the wait for the file's next try were over. */
const retryDue = (fileId: string) =>
  db()
    .update(fileTextIndex)
    .set({ leaseUntil: sql`now() - interval '1 second'` })
    .where(eq(fileTextIndex.fileId, fileId));

const search = (who: TestUser, q: string, limit?: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/files/content-search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`,
    headers: who.headers,
  });

/** The file ids a search answers, after checking it answered 200. */
async function found(who: TestUser, q: string): Promise<string[]> {
  const res = await search(who, q);
  expect(res.statusCode).toBe(200);
  return res.json().data.items.map((i: { fileId: string }) => i.fileId);
}

const LONG_TEXT = Array.from(
  { length: 40 },
  (_, i) =>
    `Paragraph ${i} of the handbook explains one procedure of the warehouse in plain words. It has two sentences.`,
).join('\n\n');

describe('indexing', () => {
  it('queues an uploaded readable file and indexes txt, md, pdf and docx with 384-d unit vectors', async () => {
    const who = await createTestUser(t.app);
    const ids = {
      txt: await uploaded(who, 'notes.txt', 'The zephyrine protocol starts at dawn.'),
      md: await uploaded(
        who,
        'readme.md',
        '# Title\n\nThe quillwort garden grows by the lake.',
        'text/markdown',
      ),
      pdf: await uploaded(
        who,
        'paper.pdf',
        minimalPdf(['The marmalade ledger balances.']),
        'application/pdf',
      ),
      docx: await uploaded(
        who,
        'letter.docx',
        minimalDocx(['The obsidian lantern is on the shelf.']),
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      ),
      image: await uploaded(who, 'photo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47]), 'image/png'),
    };
    expect((await indexRow(ids.txt))?.status).toBe('pending');
    // Not a type we read: never queued.
    expect(await indexRow(ids.image)).toBeUndefined();

    const report = await indexer().drain();
    expect(report.indexed).toBe(4);
    const words = { txt: 'zephyrine', md: 'quillwort', pdf: 'marmalade', docx: 'obsidian' } as const;
    for (const kind of ['txt', 'md', 'pdf', 'docx'] as const) {
      const row = await indexRow(ids[kind]);
      expect(row).toMatchObject({ status: 'indexed', chunkCount: 1, pendingEmbeddings: 0 });
      expect(row?.embeddingModel).toBe('ollama/all-minilm');
      const [chunk] = await chunksOf(ids[kind]);
      expect(chunk?.content).toContain(words[kind]);
      expect(chunk?.userId).toBe(who.user.id);
      expect(chunk?.embedding).toHaveLength(384);
      expect(Math.hypot(...(chunk?.embedding ?? []))).toBeCloseTo(1, 4);
    }
  });

  it('indexes the whole text of a long file (past the analysis cap) in overlapping chunks', async () => {
    const who = await createTestUser(t.app);
    const text = `${LONG_TEXT}\n\nThe final line names the tamarisk key.`.repeat(3);
    expect(text.length).toBeGreaterThan(8000);
    const id = await uploaded(who, 'handbook.txt', text);
    await indexer().drain();
    const chunks = await chunksOf(id);
    expect(chunks.length).toBeGreaterThan(8);
    expect((await indexRow(id))?.chunkCount).toBe(chunks.length);
    for (const c of chunks) expect(text.slice(c.charStart, c.charStart + c.content.length)).toBe(c.content);
    // The end of the text (far past 8,000 characters) is indexed too.
    expect(chunks.at(-1)?.content).toContain('tamarisk');
  });

  it('marks a file with no text unreadable, and does not try it again', async () => {
    const who = await createTestUser(t.app);
    const id = await uploaded(who, 'binary.txt', Buffer.from([0, 1, 2, 255]));
    await indexer().drain();
    expect(await indexRow(id)).toMatchObject({ status: 'unreadable', chunkCount: 0 });
    expect((await indexer().drain()).unreadable).toBe(0);
  });

  it('tries a file storage could not read again later, not three times at once', async () => {
    const who = await createTestUser(t.app);
    // Queued by the sweep below, so the only read is the one that fails.
    const { id } = await unqueued(who, 'outage.txt', 'The heliotrope ledger survives a storage outage.');
    const read = vi
      .spyOn(t.app.ctx.storage, 'get')
      .mockRejectedValueOnce(new Error('the object store is unreachable'));
    onTestFinished(() => read.mockRestore());
    await indexer().drain(undefined, { sweep: true });
    expect(read).toHaveBeenCalledTimes(1);
    const waiting = await indexRow(id);
    expect(waiting).toMatchObject({ status: 'pending', failures: 1 });
    // Due in about a minute, not now.
    expect(await secondsUntilRetry(id)).toBeGreaterThan(50);
    expect(await secondsUntilRetry(id)).toBeLessThanOrEqual(60);

    // A drain before then leaves it waiting.
    await indexer().drain();
    expect(await indexRow(id)).toMatchObject({ status: 'pending', failures: 1 });

    // Once due, it is indexed.
    await retryDue(id);
    await indexer().drain();
    expect(await indexRow(id)).toMatchObject({ status: 'indexed', error: null });
    expect(await found(who, 'heliotrope')).toEqual([id]);
  });

  it('fails a file for good after its third unreadable try, waiting 1 and then 4 minutes between', async () => {
    const who = await createTestUser(t.app);
    const { id } = await unqueued(who, 'gone.txt', 'The saffron ledger is gone from storage.');
    const read = vi.spyOn(t.app.ctx.storage, 'get').mockRejectedValue(new Error('the object is gone'));
    onTestFinished(() => read.mockRestore());
    await indexer().drain(undefined, { sweep: true });
    expect(await secondsUntilRetry(id)).toBeGreaterThan(50);
    await retryDue(id);
    await indexer().drain();
    expect(await indexRow(id)).toMatchObject({ status: 'pending', failures: 2 });
    expect(await secondsUntilRetry(id)).toBeGreaterThan(230);
    expect(await secondsUntilRetry(id)).toBeLessThanOrEqual(240);
    await retryDue(id);
    await indexer().drain();
    expect(await indexRow(id)).toMatchObject({ status: 'failed', failures: 3, leaseUntil: null });
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('sweeps up readable files that came in without a queue row', async () => {
    const who = await createTestUser(t.app);
    const file = await unqueued(who, 'legacy.md', 'The periwinkle archive.');
    expect(await indexRow(file.id)).toBeUndefined();
    const r = await indexer().drain(undefined, { sweep: true });
    expect(r.queuedBySweep).toBeGreaterThanOrEqual(1);
    expect((await indexRow(file.id))?.status).toBe('indexed');
    expect(await found(who, 'periwinkle')).toEqual([file.id]);
  });

  it('stores chunks without vectors when no embedding provider answers, and fills them in later', async () => {
    const who = await createTestUser(t.app);
    standins.ollama.set({ embed: 'fail' });
    standins.openai.set({ embed: 'fail' });
    const id = await uploaded(who, 'waiting.txt', LONG_TEXT);
    await indexer().drain();
    const row = await indexRow(id);
    expect(row?.status).toBe('indexed');
    expect(row?.pendingEmbeddings).toBe(row?.chunkCount);
    expect((await chunksOf(id)).every((c) => c.embedding === null)).toBe(true);
    // Text search works meanwhile, and says meaning was not used.
    const res = await search(who, 'warehouse procedure');
    expect(res.json().data).toMatchObject({ meaning: false, items: [{ fileId: id, match: 'text' }] });

    standins.reset();
    t.app.ctx.embeddings.clearCooldowns();
    const filled = await indexer().fillEmbeddings();
    expect(filled).toBe(row?.chunkCount);
    expect(await indexRow(id)).toMatchObject({ pendingEmbeddings: 0, embeddingModel: 'ollama/all-minilm' });
    expect((await chunksOf(id)).every((c) => c.embedding?.length === 384)).toBe(true);

    // Vectors of an earlier embedding model are embedded again with the one answering now.
    await db()
      .update(fileTextIndex)
      .set({ embeddingModel: 'ollama/older-model' })
      .where(eq(fileTextIndex.fileId, id));
    expect(await indexer().fillEmbeddings()).toBe(row?.chunkCount);
    expect(await indexRow(id)).toMatchObject({ pendingEmbeddings: 0, embeddingModel: 'ollama/all-minilm' });
    expect((await chunksOf(id)).every((c) => c.embedding?.length === 384)).toBe(true);
  });
});

describe('GET /api/files/content-search', () => {
  it('finds a word that is only inside a file, with the matched word as a highlight range', async () => {
    const who = await createTestUser(t.app);
    const id = await uploaded(
      who,
      'report.txt',
      'Quarterly summary. The xylophonist signed the contract in March.',
    );
    await uploaded(who, 'other.txt', 'Nothing to see in this one at all.');
    await indexer().drain();
    const res = await search(who, 'xylophonist');
    expect(res.statusCode).toBe(200);
    const { items, meaning, indexedFiles, pendingFiles } = res.json().data;
    expect(meaning).toBe(true);
    expect(indexedFiles).toBe(2);
    expect(pendingFiles).toBe(0);
    expect(items).toHaveLength(1);
    const [hit] = items;
    expect(hit).toMatchObject({ fileId: id, fileName: 'report.txt', mimeType: 'text/plain' });
    expect(['text', 'both']).toContain(hit.match);
    const marked = hit.snippet.highlights.map((h: { start: number; end: number }) =>
      hit.snippet.text.slice(h.start, h.end),
    );
    expect(marked).toEqual(['xylophonist']);
    // No markup in the snippet: ranges only.
    for (const ch of ['<', '>', MARK_START, MARK_END]) expect(hit.snippet.text).not.toContain(ch);
  });

  it('finds a file by meaning when no word matches', async () => {
    const who = await createTestUser(t.app);
    const id = await uploaded(who, 'garage.txt', 'Car maintenance: change the engine oil every year.');
    await uploaded(who, 'recipe.txt', 'Bake the bread for forty minutes.');
    await indexer().drain();
    const res = await search(who, 'automobile upkeep');
    const { items } = res.json().data;
    expect(items[0]).toMatchObject({ fileId: id, match: 'meaning' });
    expect(items[0].snippet.highlights).toEqual([]);
    expect(items.map((i: { fileId: string }) => i.fileId)).toEqual([id]);
  });

  it('drops a binned file at once, brings it back on restore, and loses its chunks when purged', async () => {
    const who = await createTestUser(t.app);
    const id = await uploaded(who, 'secret.txt', 'The marzipan vault code is written here.');
    await indexer().drain();
    expect(await found(who, 'marzipan')).toEqual([id]);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: who.headers });
    expect(del.statusCode).toBe(200);
    expect(await found(who, 'marzipan')).toEqual([]);
    expect(await found(who, 'vault code')).toEqual([]);

    const items = [{ id, kind: 'file' }];
    const restore = await t.app.inject({
      method: 'POST',
      url: '/api/recycle-bin/restore',
      headers: who.headers,
      payload: { items },
    });
    expect(restore.statusCode).toBe(200);
    expect(await found(who, 'marzipan')).toEqual([id]);

    await t.app.inject({ method: 'DELETE', url: `/api/files/${id}`, headers: who.headers });
    const purge = await t.app.inject({
      method: 'POST',
      url: '/api/recycle-bin/purge',
      headers: who.headers,
      payload: { items },
    });
    expect(purge.statusCode).toBe(200);
    expect(await chunksOf(id)).toHaveLength(0);
    expect(await indexRow(id)).toBeUndefined();
  });

  it("never answers another user's files", async () => {
    const alice = await createTestUser(t.app);
    const bob = await createTestUser(t.app);
    const id = await uploaded(
      alice,
      'alice.txt',
      'Alice keeps the butterscotch formula and car maintenance notes.',
    );
    await uploaded(bob, 'bob.txt', 'Bob writes about gardening.');
    await indexer().drain();
    expect(await found(alice, 'butterscotch')).toEqual([id]);
    expect(await found(bob, 'butterscotch')).toEqual([]);
    // Not by meaning either.
    expect(await found(bob, 'automobile upkeep')).toEqual([]);
    const counted = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(fileTextChunks)
      .where(and(eq(fileTextChunks.userId, bob.user.id)));
    expect(Number(counted[0]?.n)).toBe(1);
  });

  it('refuses a missing or blank query and a limit past 50, and needs a signed-in user', async () => {
    const who = await createTestUser(t.app);
    for (const url of [
      '/api/files/content-search',
      '/api/files/content-search?q=',
      '/api/files/content-search?q=%20%20',
      '/api/files/content-search?q=x&limit=51',
      `/api/files/content-search?q=${'a'.repeat(201)}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: who.headers });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/files/content-search?q=x' })).statusCode).toBe(
      401,
    );
  });

  it('answers nothing (not an error) for search syntax alone or stop words', async () => {
    const who = await createTestUser(t.app);
    for (const q of ['the', '"', '-', 'or', '!!!', "'&|"]) {
      const res = await search(who, q);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().data.items, q).toEqual([]);
    }
  });
});
