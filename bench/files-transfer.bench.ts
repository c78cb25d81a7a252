import { randomFillSync } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { appSettings, users } from '../apps/server/src/db/schema/index';
import { LocalStorageDriver } from '../apps/server/src/storage/local.driver';
import type { ClientJob, ClientResult } from './files-client';
import type { Figure } from './run';
import { createActiveUser, jsonFromNode, startBenchApp } from './support';

const MiB = 1024 * 1024;
const UPLOAD_BYTES = 256 * MiB;
const RSS_UPLOAD_BYTES = 1024 * MiB;
/** Runs per side; each side's best counts (the disk's speed varies from one second to the next). */
const RUNS = Number(process.env.BENCH_FILE_RUNS ?? 5);
const here = path.dirname(fileURLToPath(import.meta.url));
const debug = (msg: string) => process.env.BENCH_DEBUG && console.error(`[files] ${msg}`);

/** Runs one client job in a child process (its own CPU and memory). */
function client(job: ClientJob): Promise<ClientResult> {
  debug(`${job.kind} ${job.url}`);
  return jsonFromNode<ClientResult>(
    ['--import', 'tsx', path.join(here, 'files-client.ts'), JSON.stringify(job)],
    'client',
  );
}

/** A file of `bytes` incompressible bytes under os.tmpdir(), written from one reused 4 MiB buffer. */
async function generate(dir: string, name: string, bytes: number): Promise<string> {
  const file = path.join(dir, name);
  const handle = await open(file, 'w');
  const block = Buffer.allocUnsafe(4 * MiB);
  try {
    for (let written = 0; written < bytes; written += block.length) {
      randomFillSync(block);
      await handle.write(block, 0, Math.min(block.length, bytes - written));
    }
  } finally {
    await handle.close();
  }
  return file;
}

const mbps = (r: ClientResult) => r.bytes / MiB / (r.ms / 1000);

/**
 * Upload and download of a 256 MiB file through the API against a bare Fastify route in the same
 * process doing only the transfer, so the ratio is what auth, streaming SHA-256, the quota
 * reservation, the atomic commit and the rows cost. The bare upload route is the plain way to
 * stream an upload to disk with @fastify/multipart (the file part piped to a file) and fsyncs
 * it, as every stored file is: without that it would only measure the page cache, not the disk.
 * The bare download route streams the same stored file. Then the server's peak RSS while a
 * 1 GiB file uploads, over its idle RSS.
 */
export async function filesTransferBench(): Promise<Figure[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'stratos-bench-files-'));
  const { app, close, url } = await startBenchApp();
  try {
    const { row, token } = await createActiveUser(app);
    const db = app.ctx.database.db;
    await db.update(users).set({ subscriptionPlan: 'enterprise' }).where(eq(users.id, row.id));
    await db
      .update(appSettings)
      .set({ value: sql`${String(4 * 1024 * MiB)}::jsonb` })
      .where(eq(appSettings.key, 'maxUploadSize'));
    const auth = { authorization: `Bearer ${token}` };
    const storage = app.ctx.storage;
    if (!(storage instanceof LocalStorageDriver))
      throw new Error('the file benchmark runs on the local driver');

    const bare = Fastify({ logger: false });
    let bareN = 0;
    await bare.register(async (scope) => {
      await scope.register(multipart);
      scope.post('/bare-upload', async (request) => {
        const part = await request.file({ limits: { fileSize: 4 * 1024 * MiB } });
        if (!part) throw new Error('no file');
        const file = path.join(dir, `bare-${bareN++}`);
        await pipeline(part.file, createWriteStream(file));
        const handle = await open(file, 'r+');
        try {
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rm(file, { force: true });
        return { ok: true };
      });
    });
    let downloadPath = '';
    let downloadSize = 0;
    bare.get('/bare-download', async (_request, reply) => {
      reply.header('content-type', 'application/octet-stream').header('content-length', String(downloadSize));
      return reply.send(createReadStream(downloadPath, { highWaterMark: 256 * 1024 }));
    });
    const bareUrl = await bare.listen({ port: 0, host: '127.0.0.1' });

    const source = await generate(dir, 'upload-256m.bin', UPLOAD_BYTES);
    const uploadJob = (
      target: string,
      headers: Record<string, string>,
    ): Extract<ClientJob, { kind: 'upload' }> => ({
      kind: 'upload',
      url: target,
      headers,
      file: source,
      filename: 'bench-256m.bin',
    });

    // Warm both, then alternate and keep each side's best run.
    await client(uploadJob(`${bareUrl}/bare-upload`, {}));
    const warm = await client(uploadJob(`${url}/api/files/upload`, auth));
    if (warm.status !== 201) throw new Error(`upload failed: ${warm.status} ${warm.body}`);
    let apiUp = 0;
    let bareUp = 0;
    let lastFileId = '';
    for (let i = 0; i < RUNS; i++) {
      const b = await client(uploadJob(`${bareUrl}/bare-upload`, {}));
      const a = await client(uploadJob(`${url}/api/files/upload`, auth));
      if (a.status !== 201) throw new Error(`upload failed: ${a.status} ${a.body}`);
      lastFileId = JSON.parse(a.body).file.id;
      bareUp = Math.max(bareUp, mbps(b));
      apiUp = Math.max(apiUp, mbps(a));
    }

    // Download the last uploaded file; the bare route streams the very same stored file.
    const link = await app.inject({
      method: 'POST',
      url: `/api/files/${lastFileId}/download-link`,
      headers: auth,
    });
    const downloadUrl = `${url}${link.json().url}`;
    const blobRow = await db.execute(
      sql`select b.storage_key, b.size from files f join blobs b on b.id = f.blob_id where f.id = ${lastFileId}`,
    );
    const blob = (blobRow as unknown as { rows: { storage_key: string; size: number | string }[] }).rows[0];
    downloadPath = storage.contentPath(blob?.storage_key ?? '');
    downloadSize = Number(blob?.size);
    await client({ kind: 'download', url: `${bareUrl}/bare-download`, headers: {} });
    await client({ kind: 'download', url: downloadUrl, headers: {} });
    let apiDown = 0;
    let bareDown = 0;
    for (let i = 0; i < RUNS; i++) {
      const b = await client({ kind: 'download', url: `${bareUrl}/bare-download`, headers: {} });
      const a = await client({ kind: 'download', url: downloadUrl, headers: {} });
      if (a.status !== 200 || a.bytes !== downloadSize) throw new Error(`download failed: ${a.status}`);
      bareDown = Math.max(bareDown, mbps(b));
      apiDown = Math.max(apiDown, mbps(a));
    }
    await bare.close();

    // Peak RSS of this (the server) process while a 1 GiB upload streams in, over idle.
    const big = await generate(dir, 'upload-1g.bin', RSS_UPLOAD_BYTES);
    await new Promise((r) => setTimeout(r, 500));
    const idleSamples: number[] = [];
    for (let i = 0; i < 10; i++) {
      idleSamples.push(process.memoryUsage().rss);
      await new Promise((r) => setTimeout(r, 50));
    }
    const idle = Math.max(...idleSamples);
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const bigRun = await client({
      ...uploadJob(`${url}/api/files/upload`, auth),
      file: big,
      filename: 'bench-1g.bin',
    });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (bigRun.status !== 201) throw new Error(`1 GiB upload failed: ${bigRun.status} ${bigRun.body}`);
    const growthMb = (peak - idle) / MiB;

    const upRatio = apiUp / bareUp;
    const downRatio = apiDown / bareDown;
    return [
      {
        name: `upload 256 MiB through POST /api/files/upload (${app.ctx.database.driver}, local disk)`,
        value: Math.round(apiUp),
        unit: 'MiB/s',
        limitName: 'bare multipart route: file part -> disk + fsync',
        limit: Math.round(bareUp),
        ratio: upRatio,
        goal: '>= 0.7',
        pass: upRatio >= 0.7,
      },
      {
        name: 'download 256 MiB through GET /api/files/:id/download',
        value: Math.round(apiDown),
        unit: 'MiB/s',
        limitName: 'bare route streaming the same file',
        limit: Math.round(bareDown),
        ratio: downRatio,
        goal: '>= 0.8',
        pass: downRatio >= 0.8,
      },
      {
        name: 'server RSS growth while uploading 1 GiB',
        value: Math.round(growthMb * 10) / 10,
        unit: 'MB',
        limitName: 'budget',
        limit: 64,
        ratio: growthMb / 64,
        goal: '<= 1 (64 MB)',
        pass: growthMb <= 64,
      },
    ];
  } finally {
    await close();
    await app.ctx.database.close();
    rmSync(dir, { recursive: true, force: true });
    // The app's data directory holds the uploaded copies (and the benchmark's database).
    rmSync(app.ctx.config.dataDir, { recursive: true, force: true });
  }
}
