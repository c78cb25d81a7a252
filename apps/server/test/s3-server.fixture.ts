import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { startS3StandIn } from './s3-standin';

export interface TestS3Server {
  /** Environment for createTestApp: STORAGE_DRIVER=s3 against this server. */
  env: Record<string, string>;
  options: {
    bucket: string;
    region: string;
    endpoint: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  };
  close(): Promise<void>;
  /** The stand-in only: makes every write fail as a full object store's does (or not). */
  setFull?(full: boolean): void;
  /** The stand-in only: the requests it has answered (method, object key, query). */
  requests?(): Array<{ method: string; key: string; query: string }>;
}

/**
 * A local S3-protocol server on a free port with a fresh bucket: the AWS SDK speaks real HTTP
 * to it (multipart upload, copy, ranged get, list). `s3rver` by default; `standin` is our
 * minimal in-memory server (test/s3-standin.ts), for @tus/s3-store, which needs ListParts and
 * ListMultipartUploads that s3rver lacks.
 */
export async function startTestS3(kind: 's3rver' | 'standin' = 's3rver'): Promise<TestS3Server> {
  // The SDK warns once per process that it will need Node 22 from 2027; the tests run on 20.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
  if (kind === 'standin') {
    const standIn = await startS3StandIn();
    return {
      ...describeServer(standIn.bucket, standIn.endpoint, () => standIn.close()),
      setFull: (full) => {
        standIn.full = full;
      },
      requests: () => standIn.requests,
    };
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'stratos-s3-'));
  const bucket = `stratos-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return describeServer(bucket, `http://127.0.0.1:${port}`, async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });
}

function describeServer(bucket: string, endpoint: string, close: () => Promise<void>): TestS3Server {
  const options = {
    bucket,
    region: 'us-east-1',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    options,
    env: {
      STORAGE_DRIVER: 's3',
      S3_BUCKET: bucket,
      S3_REGION: options.region,
      S3_ENDPOINT: options.endpoint,
      S3_ACCESS_KEY_ID: options.accessKeyId,
      S3_SECRET_ACCESS_KEY: options.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close,
  };
}
