/**
 * The HTTP client of the transfer figures, run in a process of its own so it neither shares the
 * server's thread nor counts in its memory. Uploads a file from disk with its first 16 bytes
 * replaced by fresh random ones, so every run is new content (no deduplication shortcut; `head`
 * names them, to find the stored copy) of exactly the file's size (a 256 MiB upload is four tus
 * PATCHes of 64 MiB, as for any 256 MiB file, not four and a fifth of 16 bytes), or downloads and
 * discards a response. Prints one JSON line.
 * - multipart: one POST of multipart/form-data, as a browser's form upload sends it;
 * - tus: a creation POST, then PATCHes of `chunkBytes`, as tus-js-client sends them for the web app;
 * - put: one PUT of the raw bytes;
 * - download: one GET.
 *
 *   echo '<json job>' | node --import tsx files-client.ts
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';
import { readJob, runClient, STARTED_LINE } from './child';

export type ClientJob =
  | { kind: 'multipart'; url: string; headers: Record<string, string>; file: string; filename: string }
  | {
      kind: 'tus';
      url: string;
      headers: Record<string, string>;
      file: string;
      filename: string;
      chunkBytes: number;
    }
  | {
      kind: 'put';
      url: string;
      headers: Record<string, string>;
      file: string;
      /** Print STARTED_LINE the moment the clock starts (work timed alongside begins then). */
      announceStart?: boolean;
    }
  | { kind: 'download'; url: string; headers: Record<string, string> };

export interface ClientResult {
  status: number;
  bytes: number;
  ms: number;
  body: string;
  /** The 16 bytes sent first (hex). */
  head?: string;
  /** tus: the file id the last PATCH answered with. */
  fileId?: string;
}

/** Runs one client job in a child process; `onStarted` is told when a put's clock starts (announceStart). */
export function transferClient(job: ClientJob, onStarted?: () => void): Promise<ClientResult> {
  return runClient<ClientResult>('files-client.ts', job, onStarted);
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request whose body is `parts` in order: buffers, and file ranges streamed from disk. */
function send(
  url: string,
  method: string,
  headers: Record<string, string | number>,
  parts: (Buffer | { file: string; start: number; end: number })[],
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent, headers });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    const next = (i: number) => {
      const part = parts[i];
      if (!part) return void req.end();
      if (Buffer.isBuffer(part)) {
        if (req.write(part)) next(i + 1);
        else req.once('drain', () => next(i + 1));
        return;
      }
      if (part.end < part.start) return next(i + 1);
      const stream = createReadStream(part.file, {
        start: part.start,
        end: part.end,
        highWaterMark: 1024 * 1024,
      });
      stream.on('error', reject);
      stream.pipe(req, { end: false });
      stream.on('end', () => next(i + 1));
    };
    next(0);
  });
}

async function multipart(job: Extract<ClientJob, { kind: 'multipart' }>): Promise<ClientResult> {
  const size = statSync(job.file).size;
  const unique = randomBytes(16);
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${job.filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const start = performance.now();
  const res = await send(
    job.url,
    'POST',
    {
      ...job.headers,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + size + tail.length,
    },
    [head, unique, { file: job.file, start: unique.length, end: size - 1 }, tail],
  );
  return {
    status: res.status,
    bytes: size,
    ms: performance.now() - start,
    body: res.body,
    head: unique.toString('hex'),
  };
}

async function put(job: Extract<ClientJob, { kind: 'put' }>): Promise<ClientResult> {
  const size = statSync(job.file).size;
  const unique = randomBytes(16);
  if (job.announceStart) process.stdout.write(`${STARTED_LINE}\n`);
  const start = performance.now();
  const res = await send(
    job.url,
    'PUT',
    { ...job.headers, 'content-type': 'application/octet-stream', 'content-length': size },
    [unique, { file: job.file, start: unique.length, end: size - 1 }],
  );
  return {
    status: res.status,
    bytes: size,
    ms: performance.now() - start,
    body: res.body,
    head: unique.toString('hex'),
  };
}

async function tus(job: Extract<ClientJob, { kind: 'tus' }>): Promise<ClientResult> {
  const size = statSync(job.file).size;
  const unique = randomBytes(16);
  const total = size;
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  const start = performance.now();
  const created = await send(
    job.url,
    'POST',
    {
      ...job.headers,
      'tus-resumable': '1.0.0',
      'upload-length': total,
      'upload-metadata': `filename ${b64(job.filename)},filetype ${b64('application/octet-stream')}`,
      'content-length': 0,
    },
    [],
  );
  if (created.status !== 201 || !created.headers.location)
    return { status: created.status, bytes: 0, ms: 0, body: created.body };
  const location = new URL(created.headers.location, job.url).toString();
  let last: Reply = created;
  for (let offset = 0; offset < total; offset += job.chunkBytes) {
    const end = Math.min(total, offset + job.chunkBytes);
    // The chunk [offset, end) of the upload: the 16 fresh bytes, then the file from byte 16 on.
    const parts: (Buffer | { file: string; start: number; end: number })[] = [];
    if (offset < unique.length) parts.push(unique.subarray(offset, Math.min(end, unique.length)));
    parts.push({ file: job.file, start: Math.max(unique.length, offset), end: end - 1 });
    last = await send(
      location,
      'PATCH',
      {
        ...job.headers,
        'tus-resumable': '1.0.0',
        'upload-offset': offset,
        'content-type': 'application/offset+octet-stream',
        'content-length': end - offset,
      },
      parts,
    );
    // The last PATCH may answer 200 with the stored file (the app does); the others 204.
    if (last.status !== 204 && !(end === total && last.status === 200))
      return { status: last.status, bytes: offset, ms: 0, body: last.body };
  }
  const fileId = last.headers['x-file-id'];
  return {
    status: last.status,
    bytes: total,
    ms: performance.now() - start,
    body: last.body,
    head: unique.toString('hex'),
    fileId: typeof fileId === 'string' ? fileId : undefined,
  };
}

function download(job: Extract<ClientJob, { kind: 'download' }>): Promise<ClientResult> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.get(job.url, { agent, headers: job.headers }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, bytes, ms: performance.now() - start, body: '' }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

async function main(job: ClientJob) {
  const result =
    job.kind === 'multipart'
      ? await multipart(job)
      : job.kind === 'tus'
        ? await tus(job)
        : job.kind === 'put'
          ? await put(job)
          : await download(job);
  process.stdout.write(`${JSON.stringify(result)}\n`);
  agent.destroy();
}

if (process.argv[1]?.endsWith('files-client.ts')) await main(await readJob<ClientJob>());
