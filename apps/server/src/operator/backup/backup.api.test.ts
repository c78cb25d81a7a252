import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openTestDatabase, type TestApp, type TestDatabase } from '../../../test/test-app';
import { sha256, upload } from '../../../test/upload.fixture';
import { aiKnowledgeBase, aiKnowledgeEmbeddings } from '../../db/schema/index';
import { LocalStorageDriver } from '../../storage/local.driver';
import { CliError, createSuperadmin } from '../superadmin';
import { createBackup } from './create-backup';
import { restoreBackup } from './restore-backup';

const password = 'Str0ngPassword';

async function signIn(t: TestApp, email: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode).toBe(200);
  return { authorization: `Bearer ${res.json().token as string}` };
}

async function download(t: TestApp, auth: { authorization: string }, id: string): Promise<Buffer> {
  const link = await t.app.inject({ method: 'POST', url: `/api/files/${id}/download-link`, headers: auth });
  expect(link.statusCode).toBe(200);
  const res = await t.app.inject({ method: 'GET', url: link.json().url });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('backup and restore (in process, this engine)', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'stratos-backup-'));
  const archive = path.join(work, 'backup.tar.gz');
  let source: TestApp;
  let fresh: TestDatabase;
  let restored: TestApp | undefined;
  const contents = [randomBytes(300_000), Buffer.from('hello, restored world\n')];
  const ids: string[] = [];

  beforeAll(async () => {
    source = await createTestApp();
    await createSuperadmin(source.app.ctx.database, { email: 'owner@example.com', password });
    const auth = await signIn(source, 'owner@example.com');
    for (const [i, data] of contents.entries()) {
      const res = await upload(source.app, auth, { data, filename: `file-${i}.bin` });
      expect(res.statusCode).toBe(201);
      ids.push(res.json().file.id);
    }
    // Tables with generated columns (full-text vectors; the pgvector copy where the database has it).
    const db = source.app.ctx.database.db;
    const [item] = await db
      .insert(aiKnowledgeBase)
      .values({
        domain: 'general',
        type: 'concept',
        title: 'Restored item',
        content: 'Kept across a restore.',
      })
      .returning({ id: aiKnowledgeBase.id });
    await db.insert(aiKnowledgeEmbeddings).values({
      knowledgeId: item?.id as string,
      embeddingVector: Array.from({ length: 384 }, (_, i) => (i === 0 ? 1 : 0)),
      embeddingModel: 'test/model',
      contentHash: 'h',
    });
    fresh = await openTestDatabase();
  });
  afterAll(async () => {
    await restored?.close();
    await fresh?.dispose();
    await source?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('restores accounts and files into a fresh installation, byte for byte', async () => {
    const { ctx } = source.app;
    const lines = await createBackup(
      {
        database: ctx.database,
        storage: ctx.storage,
        dataDir: ctx.config.dataDir,
        migrationsDir: ctx.config.migrationsDir,
      },
      archive,
    );
    expect(lines[0]).toBe(`Backup written to ${archive}.`);
    expect(lines[1]).toMatch(/; 2 files, 300022 bytes\.$/);
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const dataDir = path.join(work, 'fresh-data');
    const storageDir = path.join(dataDir, 'blobs');
    const storage = new LocalStorageDriver(storageDir);
    const out = await restoreBackup(
      { database: fresh.database, storage, dataDir, migrationsDir: ctx.config.migrationsDir },
      archive,
    );
    expect(out[1]).toMatch(/; 2 files, 300022 bytes\.$/);

    restored = await createTestApp(
      { STORAGE_DIR: storageDir },
      { database: fresh.database, storage: () => storage },
    );
    const auth = await signIn(restored, 'owner@example.com');
    for (const [i, id] of ids.entries()) {
      expect(sha256(await download(restored, auth, id))).toBe(sha256(contents[i] as Buffer));
    }
    // Counters kept by triggers came back as they were, not counted twice.
    const list = await restored.app.inject({ method: 'GET', url: '/api/files', headers: auth });
    expect(list.json().totalFiles).toBe(2);
    const knowledge = await restored.app.ctx.database.db.execute(
      sql`select count(*)::int as n from ai_knowledge_base k join ai_knowledge_embeddings e on e.knowledge_id = k.id
        where k.search_vector @@ plainto_tsquery('english', 'restore') and cardinality(e.embedding_vector) = 384`,
    );
    expect(Number((knowledge as unknown as { rows: { n: number }[] }).rows[0]?.n)).toBe(1);
    // Sequences moved past the restored rows: new rows still go in.
    const more = await upload(restored.app, auth, { data: randomBytes(10), filename: 'after.bin' });
    expect(more.statusCode).toBe(201);
  });

  it('refuses to restore over a database that has accounts, changing nothing', async () => {
    const { ctx } = source.app;
    const target = {
      database: ctx.database,
      storage: ctx.storage,
      dataDir: work,
      migrationsDir: ctx.config.migrationsDir,
    };
    await expect(restoreBackup(target, archive)).rejects.toThrow(CliError);
    await expect(restoreBackup(target, archive)).rejects.toThrow(/already has accounts/);
  });

  it('refuses a cut archive and leaves the fresh database empty', async () => {
    const { ctx } = source.app;
    const cut = path.join(work, 'cut.tar.gz');
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const { readFileSync } = await import('node:fs');
    const tar = gunzipSync(readFileSync(archive));
    // Without its last entries (the manifest and the end-of-archive blocks).
    writeFileSync(cut, gzipSync(tar.subarray(0, tar.length - 3 * 1024)));
    const empty = await openTestDatabase();
    try {
      const dataDir = path.join(work, 'cut-data');
      await expect(
        restoreBackup(
          {
            database: empty.database,
            storage: new LocalStorageDriver(path.join(dataDir, 'blobs')),
            dataDir,
            migrationsDir: ctx.config.migrationsDir,
          },
          cut,
        ),
      ).rejects.toThrow();
      const users = await empty.database.db.execute('select count(*)::int as n from users' as never);
      expect((users as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    } finally {
      await empty.dispose();
    }
  });
});
