/**
 * The HTTP client of the file benchmarks, run in its own process so it neither shares the
 * server's event loop nor counts in its memory. Streams an upload from a file on disk (multipart,
 * as a browser sends it) or downloads and discards a response; prints one JSON line with the
 * status, the bytes moved and the time taken.
 *
 *   node --import tsx files-client.ts '<json job>'
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import http from 'node:http';

export type ClientJob =
  | { kind: 'upload'; url: string; headers: Record<string, string>; file: string; filename: string }
  | { kind: 'download'; url: string; headers: Record<string, string> };

export interface ClientResult {
  status: number;
  bytes: number;
  ms: number;
  body: string;
}

const agent = new http.Agent({ keepAlive: false });

function upload(job: Extract<ClientJob, { kind: 'upload' }>): Promise<ClientResult> {
  const size = statSync(job.file).size;
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  // 16 fresh bytes first, so every run is new content (no deduplication shortcut).
  const unique = randomBytes(16);
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${job.filename}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + unique.length + size + tail.length;
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const req = http.request(job.url, {
      method: 'POST',
      agent,
      headers: {
        ...job.headers,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(length),
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          bytes: unique.length + size,
          ms: performance.now() - start,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.write(head);
    req.write(unique);
    const file = createReadStream(job.file, { highWaterMark: 1024 * 1024 });
    file.on('error', reject);
    file.pipe(req, { end: false });
    file.on('end', () => req.end(tail));
  });
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

const job = JSON.parse(process.argv[2] ?? '{}') as ClientJob;
const result = await (job.kind === 'upload' ? upload(job) : download(job));
process.stdout.write(`${JSON.stringify(result)}\n`);
