import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A minimal S3-protocol server for tests, in memory, path-style, no authentication. It speaks the
 * real REST/XML API for what the S3 driver and @tus/s3-store call: objects (put, get with
 * ranges, head, delete, copy, batch delete, list v2, user metadata) and multipart uploads
 * (create, upload part, upload part copy, list parts, list uploads, complete, abort).
 * s3rver (used by the driver and API tests) has no ListParts or ListMultipartUploads, which
 * @tus/s3-store needs to resume an upload.
 */
export interface S3StandIn {
  endpoint: string;
  bucket: string;
  objects: Map<string, StoredObject>;
  /** While true, every write answers as MinIO does when its drives are full (507 XMinioStorageFull). */
  full: boolean;
  /** Every request so far: method, object key and query (e.g. `uploadId`, `partNumber`). */
  requests: Array<{ method: string; key: string; query: string }>;
  close(): Promise<void>;
}

interface StoredObject {
  data: Buffer;
  etag: string;
  modified: Date;
  contentType: string;
  meta: Record<string, string>;
}

interface MultipartUpload {
  key: string;
  initiated: Date;
  parts: Map<number, { data: Buffer; etag: string; modified: Date }>;
  contentType: string;
  meta: Record<string, string>;
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const md5 = (b: Buffer) => `"${createHash('md5').update(b).digest('hex')}"`;

export async function startS3StandIn(
  bucket = `standin-${randomBytes(4).toString('hex')}`,
): Promise<S3StandIn> {
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, MultipartUpload>();

  const standIn: S3StandIn = {
    endpoint: '',
    bucket,
    objects,
    full: false,
    requests: [],
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = http.createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      handle(req, res, body);
    } catch (err) {
      sendError(res, 500, 'InternalError', String(err));
    }
  });

  function handle(req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) {
    if (standIn.full && (req.method === 'PUT' || req.method === 'POST')) {
      return sendError(
        res,
        507,
        'XMinioStorageFull',
        'Storage backend has reached its minimum free drive threshold. Please delete a few objects to proceed.',
      );
    }
    const url = new URL(req.url ?? '/', 'http://x');
    const [, b, ...rest] = url.pathname.split('/');
    const key = rest.map(decodeURIComponent).join('/');
    const q = url.searchParams;
    const method = req.method ?? 'GET';
    standIn.requests.push({ method, key, query: url.search });
    if (b !== bucket) {
      if (method === 'PUT' && !key) return send(res, 200);
      return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    }
    if (!key) return bucketRequest(method, q, body, res);

    if (q.has('uploadId')) {
      const uploadId = q.get('uploadId') ?? '';
      const upload = uploads.get(uploadId);
      if (!upload || upload.key !== key)
        return sendError(res, 404, 'NoSuchUpload', 'The specified upload does not exist');
      if (method === 'PUT') {
        const n = Number(q.get('partNumber'));
        let data = body;
        const source = req.headers['x-amz-copy-source'];
        if (typeof source === 'string') {
          const src = objects.get(copySourceKey(source));
          if (!src) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
          const range = /bytes=(\d+)-(\d+)/.exec(String(req.headers['x-amz-copy-source-range'] ?? ''));
          data = range ? src.data.subarray(Number(range[1]), Number(range[2]) + 1) : src.data;
        }
        const etag = md5(data);
        upload.parts.set(n, { data, etag, modified: new Date() });
        if (typeof source === 'string') {
          return sendXml(
            res,
            200,
            `<CopyPartResult><ETag>${xmlEscape(etag)}</ETag><LastModified>${new Date().toISOString()}</LastModified></CopyPartResult>`,
          );
        }
        return send(res, 200, { etag });
      }
      if (method === 'GET') {
        const marker = Number(q.get('part-number-marker') ?? 0);
        const parts = [...upload.parts.entries()].filter(([n]) => n > marker).sort(([a], [b2]) => a - b2);
        const xml = parts
          .map(
            ([n, p]) =>
              `<Part><PartNumber>${n}</PartNumber><LastModified>${p.modified.toISOString()}</LastModified><ETag>${xmlEscape(p.etag)}</ETag><Size>${p.data.length}</Size></Part>`,
          )
          .join('');
        return sendXml(
          res,
          200,
          `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId><PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${parts.at(-1)?.[0] ?? 0}</NextPartNumberMarker><MaxParts>10000</MaxParts><IsTruncated>false</IsTruncated>${xml}</ListPartsResult>`,
        );
      }
      if (method === 'POST') {
        const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) =>
          Number(m[1]),
        );
        const chunks: Buffer[] = [];
        for (const n of numbers) {
          const part = upload.parts.get(n);
          if (!part) return sendError(res, 400, 'InvalidPart', `Part ${n} was not uploaded`);
          chunks.push(part.data);
        }
        const data = Buffer.concat(chunks);
        const etag = `"${createHash('md5').update(data).digest('hex')}-${numbers.length}"`;
        objects.set(key, {
          data,
          etag,
          modified: new Date(),
          contentType: upload.contentType,
          meta: upload.meta,
        });
        uploads.delete(uploadId);
        return sendXml(
          res,
          200,
          `<CompleteMultipartUploadResult><Location>/${bucket}/${xmlEscape(key)}</Location><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`,
        );
      }
      if (method === 'DELETE') {
        uploads.delete(uploadId);
        return send(res, 204);
      }
    }

    if (method === 'POST' && q.has('uploads')) {
      const uploadId = randomUUID();
      uploads.set(uploadId, {
        key,
        initiated: new Date(),
        parts: new Map(),
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        meta: userMeta(req),
      });
      return sendXml(
        res,
        200,
        `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
    }
    if (method === 'PUT' && q.has('tagging')) return send(res, 200);
    if (method === 'PUT') {
      const source = req.headers['x-amz-copy-source'];
      if (typeof source === 'string') {
        const src = objects.get(copySourceKey(source));
        if (!src) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        const copy = { ...src, modified: new Date() };
        objects.set(key, copy);
        return sendXml(
          res,
          200,
          `<CopyObjectResult><ETag>${xmlEscape(copy.etag)}</ETag><LastModified>${copy.modified.toISOString()}</LastModified></CopyObjectResult>`,
        );
      }
      const obj = {
        data: body,
        etag: md5(body),
        modified: new Date(),
        contentType: String(req.headers['content-type'] ?? 'application/octet-stream'),
        meta: userMeta(req),
      };
      objects.set(key, obj);
      return send(res, 200, { etag: obj.etag });
    }
    if (method === 'GET' || method === 'HEAD') {
      const obj = objects.get(key);
      if (!obj)
        return method === 'HEAD'
          ? send(res, 404)
          : sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
      const headers: Record<string, string> = {
        etag: obj.etag,
        'last-modified': obj.modified.toUTCString(),
        'content-type': obj.contentType,
        'accept-ranges': 'bytes',
      };
      for (const [k, v] of Object.entries(obj.meta)) headers[`x-amz-meta-${k}`] = v;
      const range = /^bytes=(\d*)-(\d*)$/.exec(String(req.headers.range ?? ''));
      let data = obj.data;
      let status = 200;
      if (range && method === 'GET') {
        const size = obj.data.length;
        let start = range[1] === '' ? size - Number(range[2]) : Number(range[1]);
        let end = range[1] === '' || range[2] === '' ? size - 1 : Math.min(Number(range[2]), size - 1);
        start = Math.max(start, 0);
        if (start >= size)
          return sendError(res, 416, 'InvalidRange', 'The requested range is not satisfiable');
        end = Math.max(end, start);
        data = obj.data.subarray(start, end + 1);
        headers['content-range'] = `bytes ${start}-${end}/${size}`;
        status = 206;
      }
      headers['content-length'] = String(data.length);
      res.writeHead(status, headers);
      return res.end(method === 'HEAD' ? undefined : data);
    }
    if (method === 'DELETE') {
      objects.delete(key);
      return send(res, 204);
    }
    return sendError(
      res,
      405,
      'MethodNotAllowed',
      'The specified method is not allowed against this resource.',
    );
  }

  function bucketRequest(method: string, q: URLSearchParams, body: Buffer, res: http.ServerResponse) {
    if (method === 'PUT' || method === 'HEAD') return send(res, 200);
    if (method === 'POST' && q.has('delete')) {
      const keys = [...body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unescapeXml(m[1] ?? ''));
      for (const k of keys) objects.delete(k);
      return sendXml(
        res,
        200,
        `<DeleteResult>${keys.map((k) => `<Deleted><Key>${xmlEscape(k)}</Key></Deleted>`).join('')}</DeleteResult>`,
      );
    }
    if (method === 'GET' && q.has('uploads')) {
      const list = [...uploads.entries()]
        .map(
          ([id, u]) =>
            `<Upload><Key>${xmlEscape(u.key)}</Key><UploadId>${id}</UploadId><Initiated>${u.initiated.toISOString()}</Initiated></Upload>`,
        )
        .join('');
      return sendXml(
        res,
        200,
        `<ListMultipartUploadsResult><Bucket>${bucket}</Bucket><IsTruncated>false</IsTruncated>${list}</ListMultipartUploadsResult>`,
      );
    }
    if (method === 'GET') {
      const prefix = q.get('prefix') ?? '';
      const max = Number(q.get('max-keys') ?? 1000);
      const after = q.get('continuation-token') ?? q.get('start-after') ?? '';
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
      const page = keys.slice(0, max);
      const truncated = keys.length > page.length;
      const contents = page
        .map((k) => {
          const o = objects.get(k) as StoredObject;
          return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.modified.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.data.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
        })
        .join('');
      return sendXml(
        res,
        200,
        `<ListBucketResult><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1) ?? '')}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`,
      );
    }
    return sendError(
      res,
      405,
      'MethodNotAllowed',
      'The specified method is not allowed against this resource.',
    );
  }

  const copySourceKey = (source: string) => {
    const path = decodeURIComponent(source.split('?')[0] ?? '').replace(/^\//, '');
    return path.slice(path.indexOf('/') + 1);
  };

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.endpoint = `http://127.0.0.1:${port}`;
  return standIn;
}

function userMeta(req: http.IncomingMessage): Record<string, string> {
  const meta: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (k.startsWith('x-amz-meta-') && typeof v === 'string') meta[k.slice('x-amz-meta-'.length)] = v;
  }
  return meta;
}

function unescapeXml(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The request body, with aws-chunked content encoding undone when the SDK streams that way. */
async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks);
  const sha = String(req.headers['x-amz-content-sha256'] ?? '');
  const encoding = String(req.headers['content-encoding'] ?? '');
  if (!sha.startsWith('STREAMING-') && !encoding.includes('aws-chunked')) return raw;
  const out: Buffer[] = [];
  let i = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', i);
    if (lineEnd < 0) break;
    const size = Number.parseInt(raw.subarray(i, lineEnd).toString().split(';')[0] ?? '0', 16);
    if (!size) break;
    out.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    i = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

function send(res: http.ServerResponse, status: number, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-length': '0', ...headers });
  res.end();
}

function sendXml(res: http.ServerResponse, status: number, xml: string) {
  const body = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${xml}`);
  res.writeHead(status, { 'content-type': 'application/xml', 'content-length': String(body.length) });
  res.end(body);
}

function sendError(res: http.ServerResponse, status: number, code: string, message: string) {
  sendXml(res, status, `<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`);
}
