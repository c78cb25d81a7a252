/**
 * The bare stream of the transfer figures, in a process of its own as the app's server is: a
 * Fastify server doing nothing but moving the bytes, the way the app writes them: the app's own
 * local storage driver (`putTemp`: large writes, a background flush every 8 MiB, fsync at the
 * end, as the app makes every stored file durable) and the SHA-256 the app computes of every
 * upload (its content address), fed from the disk writer as the app feeds it; without quota, rows
 * or auth.
 * - POST /multipart: the file part of a multipart/form-data body (@fastify/multipart, the app's parser).
 * - PUT /put/<name>: the raw body.
 * - GET /get?path=<file>: the file streamed with its length (256 KiB reads, as the app's local
 *   driver reads).
 * The written files stay (a timed handler does only the timed work), as the app's uploads do:
 * the bench removes them once the upload rounds are over. Prints `{"url": ...}` once listening;
 * files go under `<dir>/tmp`, the directory given as the first argument.
 *
 *   node --import tsx bare-transfer-server.ts <dir>
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { RunningHash } from '../apps/server/src/modules/files/hash-worker';
import { LocalStorageDriver } from '../apps/server/src/storage/local.driver';
import { benchDir, killOnExit } from './child';

const GiB = 1024 ** 3;

async function main(dir: string) {
  const app = Fastify({ logger: false, bodyLimit: 16 * GiB });
  const storage = new LocalStorageDriver(dir);
  /** Written and hashed as the app's BlobStore.writeTemp does on local disk. */
  const store = async (key: string, body: Readable) => {
    const hash = new RunningHash();
    await storage.putTemp(key, body, { onWritten: (chunks) => hash.feed(chunks) });
    if (!/^[0-9a-f]{64}$/.test(await hash.digest())) throw new Error('not hashed');
  };
  let n = 0;
  await app.register(async (scope) => {
    await scope.register(multipart);
    scope.post('/multipart', async (request, reply) => {
      const part = await request.file({ limits: { fileSize: 16 * GiB } });
      if (!part) throw new Error('no file');
      await store(`multipart-${n++}`, part.file);
      return reply.code(201).send({ ok: true });
    });
  });
  await app.register(async (scope) => {
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.put('/put/:name', async (request, reply) => {
      await store(`put-${n++}`, request.raw);
      return reply.code(201).send({ ok: true });
    });
  });
  app.get('/get', async (request, reply) => {
    const file = (request.query as { path: string }).path;
    reply.header('content-type', 'application/octet-stream').header('content-length', statSync(file).size);
    return reply.send(createReadStream(file, { highWaterMark: 256 * 1024 }));
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ url })}\n`);
}

/** Starts the bare server in a child process; resolves with its address and a stop function. */
export function startBareServer(dir: string): Promise<{ url: string; stop(): void }> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(benchDir, 'bare-transfer-server.ts'), dir],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const guard = killOnExit(child.pid as number);
  child.once('exit', () => guard.forget());
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`the bare transfer server exited (${code})`)));
    child.stdout?.on('data', (d) => {
      out += d;
      const line = out.split('\n')[0];
      if (out.includes('\n') && line)
        resolve({ url: (JSON.parse(line) as { url: string }).url, stop: () => child.kill() });
    });
  });
}

if (process.argv[1]?.endsWith('bare-transfer-server.ts')) await main(process.argv[2] ?? '.');
