import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TUS_CHUNK_BYTES as TUS_CHUNK, TUS_ENDPOINT } from '@stratos/contracts/files/upload.schema';
import { TokenService } from '../apps/server/src/modules/auth/token.service';
import { fsyncPath } from '../apps/server/src/storage/local.driver';
import { startBareServer } from './bare-transfer-server';
import { type Engine, prepareServerData, type ServerData } from './engine';
import { alternate, compare, type Figure, type Spread, spread } from './figure';
import { type ClientJob, type ClientResult, transferClient } from './files-client';
import { NGINX, type Nginx, startNginx } from './nginx';
import { type ServerProcess, startServer } from './server-process';
import { accessTokens, createUser, debug, ROUNDS } from './support';
import { MiB, sourceFile } from './test-files';

const BYTES = Number(process.env.BENCH_TRANSFER_MIB ?? 256) * MiB;
/** What tus-js-client sends per PATCH for the web app. */
export const TUS_CHUNK_BYTES = Number(process.env.BENCH_TUS_CHUNK_MIB ?? TUS_CHUNK / MiB) * MiB;
const MAX_UPLOAD = String(16 * 1024 * MiB);

const mibps = (r: ClientResult) => r.bytes / MiB / (r.ms / 1000);

/**
 * A server of the app for the transfer figures: a data directory of its own with an
 * enterprise-plan user (no quota), uploads up to 16 GiB, and tokens signed with its secret.
 */
export async function transferServer(engine: Engine): Promise<{
  data: ServerData;
  headers: () => Record<string, string>;
  start(): Promise<ServerProcess>;
}> {
  const data = await prepareServerData(engine);
  const db = await data.open();
  const { row } = await createUser(db.db, { plan: 'enterprise' });
  await db.close();
  const tokens = await accessTokens(new TokenService(data.jwtSecret, 3600), row, 50);
  let turn = 0;
  return {
    data,
    headers: () => ({ authorization: `Bearer ${tokens[turn++ % tokens.length]}` }),
    start: () => startServer(data, { MAX_UPLOAD_BYTES: MAX_UPLOAD }),
  };
}

/**
 * Upload and download of a 256 MiB file on local disk, in alternating rounds, each side a server
 * process of its own and every client a process of its own:
 * - the app: POST /api/files/upload (multipart) and /api/files/tus (tus, 64 MiB PATCHes, as the web
 *   app sends files above 50 MiB), GET /api/files/:id/download with a download link;
 * - the bare stream (bare-transfer-server.ts): the same bytes to disk through the app's own disk
 *   writer (flushes as it goes, fsync), multipart parsed by the app's parser (the raw body for
 *   the tus figure's limit), and the stored file streamed back;
 * - nginx: WebDAV PUT of the same bytes, their SHA-256 computed on the servers' core meanwhile
 *   (from the moment the client's clock starts), then fsync of the file and its directory (the
 *   app's content address and durability; the PUT's own time is reported beside it), sendfile GET
 *   of the app's stored file.
 */
export async function transferBench(engine: Engine): Promise<Figure[]> {
  const work = mkdtempSync(path.join(tmpdir(), 'stratos-bench-transfer-'));
  const bareDir = path.join(work, 'bare');
  mkdirSync(bareDir);
  const source = await sourceFile(BYTES);
  const target = await transferServer(engine);
  const contentDir = path.join(target.data.dataDir, 'blobs', 'content');
  const started: { server?: ServerProcess; bare?: { url: string; stop(): void }; nginx?: Nginx | null } = {};
  try {
    const server = await target.start();
    started.server = server;
    const bare = await startBareServer(bareDir);
    started.bare = bare;
    const nginx = await startNginx(contentDir);
    started.nginx = nginx;
    if (!nginx)
      console.log(
        `      nginx: ${NGINX} is missing (Debian: apt-get install -y nginx-light); nginx figures left out`,
      );
    const run = (make: () => ClientJob, status: number, after?: () => void) => async () => {
      const r = await transferClient(make());
      if (r.status !== status) throw new Error(`${make().url} answered ${r.status}: ${r.body.slice(0, 300)}`);
      after?.();
      return mibps(r);
    };
    const multipartUpload = async () => {
      const r = await transferClient({
        kind: 'multipart',
        url: `${server.url}/api/files/upload`,
        headers: target.headers(),
        file: source,
        filename: 'bench.bin',
      });
      if (r.status !== 201) throw new Error(`multipart upload answered ${r.status}: ${r.body.slice(0, 300)}`);
      return { ...r, fileId: JSON.parse(r.body).file.id as string };
    };
    // Every side's file is removed right after its round, outside its time, so that every round
    // starts with the same memory and disk free: on this kind of virtual machine, memory that has
    // lain free for a few seconds goes back to the host, and writing into it again runs at half
    // speed (465 against 932 MB/s for dd into tmpfs). When the files stayed, each round's page
    // cache needed 256 MiB of such memory, and the rounds split into a fast and a slow half at
    // random (230 against 480 MiB/s, on every side alike). Removing only some sides' files let
    // those sides write into memory and blocks just freed.
    const bareTemp = path.join(bareDir, 'tmp');
    const clearBare = () => {
      for (const f of readdirSync(bareTemp)) rmSync(path.join(bareTemp, f), { force: true });
    };
    const removeStored = async (upload: ClientResult) => rmSync(await findStored(contentDir, upload));
    const app = server.url;
    const uploadSides: Record<string, (round: number) => Promise<number>> = {
      multipart: async () => {
        const r = await multipartUpload();
        await removeStored(r);
        return mibps(r);
      },
      tus: async () => {
        const r = await transferClient({
          kind: 'tus',
          url: `${app}${TUS_ENDPOINT}`,
          headers: target.headers(),
          file: source,
          filename: 'bench.bin',
          chunkBytes: TUS_CHUNK_BYTES,
        });
        if ((r.status !== 200 && r.status !== 204) || !r.fileId)
          throw new Error(`tus upload answered ${r.status}: ${r.body.slice(0, 300)}`);
        await removeStored(r);
        return mibps(r);
      },
      bareMultipart: run(
        () => ({
          kind: 'multipart',
          url: `${bare.url}/multipart`,
          headers: {},
          file: source,
          filename: 'bench.bin',
        }),
        201,
        clearBare,
      ),
      barePut: run(
        () => ({ kind: 'put', url: `${bare.url}/put/bench.bin`, headers: {}, file: source }),
        201,
        clearBare,
      ),
    };
    // nginx's PUT answers once the bytes are in the page cache. The app answers once it has their
    // SHA-256 (the content address that deduplicates), computed on its server's core while they
    // arrive, and they are on the disk (fsync of the file and its directory). So the limit that does
    // the app's essential work is nginx's PUT with the SHA-256 of the same bytes computed on the
    // same core meanwhile (this process shares the servers' core), then the same two fsyncs. Both
    // figures come from one round: the PUT's own speed is reported beside it.
    const nginxDurable: number[] = [];
    if (nginx) {
      const bytes = await readFile(source);
      uploadSides.nginxPut = async (round: number) => {
        // The hash starts when the client's clock does (the client says so), not when its process
        // spawns: begun then, it was done before the first byte was sent and cost the limit nothing.
        let hashed: Promise<number> | null = null;
        const r = await transferClient(
          { kind: 'put', url: `${nginx.url}/put/bench.bin`, headers: {}, file: source, announceStart: true },
          () => {
            const began = performance.now();
            hashed = sha256InSlices(bytes).then(() => performance.now() - began);
          },
        );
        if (r.status !== 201) throw new Error(`nginx PUT answered ${r.status}: ${r.body.slice(0, 300)}`);
        if (!hashed) throw new Error('the PUT client did not say when it started');
        // The PUT and the hash ran side by side from the client's start; the later of the two ends it.
        const putAndHashMs = Math.max(r.ms, await hashed);
        const file = path.join(nginx.putDir, 'bench.bin');
        const synced = performance.now();
        // fsync of the file, then its directory, as the app's local driver makes an upload durable.
        await fsyncPath(file);
        await fsyncPath(nginx.putDir);
        const ms = putAndHashMs + performance.now() - synced;
        if (round >= 0) nginxDurable.push(mibps({ ...r, ms }));
        rmSync(file, { force: true });
        return mibps(r);
      };
    }
    debug('uploads');
    const up = await alternate(ROUNDS, uploadSides);
    for (const [side, { rounds }] of Object.entries(up))
      debug(`upload ${side}: ${rounds.map((v) => Math.round(v)).join(' ')} MiB/s`);
    debug(`upload nginx durable: ${nginxDurable.map((v) => Math.round(v)).join(' ')} MiB/s`);

    // Downloads of a file the app stored; the bare server and nginx read the same file.
    const lastUpload = await multipartUpload();
    const stored = await findStored(contentDir, lastUpload);
    const link = async () => {
      const res = await fetch(`${app}/api/files/${lastUpload.fileId}/download-link`, {
        method: 'POST',
        headers: target.headers(),
      });
      if (res.status !== 200) throw new Error(`download-link answered ${res.status}`);
      return `${app}${((await res.json()) as { url: string }).url}`;
    };
    const downloadSide = (url: () => Promise<string>) => async () => {
      const r = await transferClient({ kind: 'download', url: await url(), headers: {} });
      if (r.status !== 200 || r.bytes !== lastUpload.bytes)
        throw new Error(`download answered ${r.status} with ${r.bytes} bytes`);
      return mibps(r);
    };
    const downloadSides: Record<string, () => Promise<number>> = {
      app: downloadSide(link),
      bare: downloadSide(async () => `${bare.url}/get?path=${encodeURIComponent(stored)}`),
    };
    if (nginx)
      downloadSides.nginx = downloadSide(
        async () => `${nginx.url}/files/${path.relative(contentDir, stored)}`,
      );
    debug('downloads');
    const down = await alternate(ROUNDS, downloadSides);

    const mib = BYTES / MiB;
    const fig = (name: string, app: Spread, limitName: string, limit: Spread, goal: number | null) =>
      compare({
        name,
        engine: engine.name,
        unit: 'MiB/s',
        app,
        limitName,
        limit,
        goal: goal === null ? null : { atLeast: goal },
        digits: 0,
      });
    const figures = [
      fig(
        `upload ${mib} MiB, multipart POST /api/files/upload`,
        up.multipart as Spread,
        "bare stream: multipart file part -> the app's hash and disk writer (SHA-256, fsync)",
        up.bareMultipart as Spread,
        0.9,
      ),
      fig(
        `upload ${mib} MiB, tus POST + PATCHes of ${TUS_CHUNK_BYTES / MiB} MiB to ${TUS_ENDPOINT}`,
        up.tus as Spread,
        "bare stream: raw body -> the app's hash and disk writer (SHA-256, fsync)",
        up.barePut as Spread,
        0.9,
      ),
    ];
    if (nginx) {
      figures.push(
        fig(
          `upload ${mib} MiB, multipart, against nginx`,
          up.multipart as Spread,
          'nginx WebDAV PUT with the SHA-256 of its bytes on the same core meanwhile, then fsync of the file and its directory, as the app does',
          spread(nginxDurable),
          1.0,
        ),
        fig(
          `upload ${mib} MiB, tus, against nginx`,
          up.tus as Spread,
          'nginx WebDAV PUT with the SHA-256 of its bytes on the same core meanwhile, then fsync of the file and its directory, as the app does',
          spread(nginxDurable),
          1.0,
        ),
        fig(
          `upload ${mib} MiB, multipart, against nginx's PUT`,
          up.multipart as Spread,
          "nginx WebDAV PUT's own time, answered from the page cache (no fsync; the limit's SHA-256 ran beside it on the core)",
          up.nginxPut as Spread,
          null,
        ),
        fig(
          `upload ${mib} MiB, tus, against nginx's PUT`,
          up.tus as Spread,
          "nginx WebDAV PUT's own time, answered from the page cache (no fsync; the limit's SHA-256 ran beside it on the core)",
          up.nginxPut as Spread,
          null,
        ),
      );
    }
    figures.push(
      fig(
        `download ${mib} MiB, GET /api/files/:id/download`,
        down.app as Spread,
        'bare stream of the same stored file',
        down.bare as Spread,
        0.8,
      ),
    );
    if (nginx)
      figures.push(
        fig(
          `download ${mib} MiB, against nginx`,
          down.app as Spread,
          'nginx sendfile GET of the same file',
          down.nginx as Spread,
          null,
        ),
      );
    return figures;
  } finally {
    started.bare?.stop();
    await started.nginx?.stop();
    await started.server?.stop();
    await target.data.remove();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The SHA-256 of `bytes`, 1 MiB at a time with a turn of the event loop between (as the app's hash
 * worker takes each chunk as it lands), so that it shares the core with the PUT rather than
 * running before it.
 */
async function sha256InSlices(bytes: Buffer): Promise<string> {
  const hash = createHash('sha256');
  for (let at = 0; at < bytes.length; at += MiB) {
    hash.update(bytes.subarray(at, at + MiB));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return hash.digest('hex');
}

/** The stored copy of an upload: the file under `dir` of its size that starts with its 16 bytes. */
async function findStored(dir: string, upload: ClientResult): Promise<string> {
  const head = Buffer.from(upload.head ?? '', 'hex');
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    if ((await stat(file)).size !== upload.bytes) continue;
    const handle = await open(file, 'r');
    const buf = Buffer.alloc(head.length);
    await handle.read(buf, 0, head.length, 0);
    await handle.close();
    if (buf.equals(head)) return file;
  }
  throw new Error('the stored copy of the last upload was not found');
}
