import { type Readable, Transform } from 'node:stream';
import type { ListMultipartUploadsCommandOutput, S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { s3Sdk, s3Uploads } from './s3-sdk';
import {
  assertKey,
  assertTempKey,
  type ByteRange,
  isValidKey,
  type ListedObject,
  ObjectNotFoundError,
  type StorageDriver,
  StorageFullError,
  type StoredObjectInfo,
  type TempListing,
} from './storage-driver';

export interface S3DriverOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Multipart part size for uploads (>= 5 MiB). */
  partSize?: number;
  /** Parts uploaded in parallel; memory held is about partSize x queueSize. */
  queueSize?: number;
}

/** Temporary objects live under this prefix; a bucket lifecycle rule may expire them too. */
export const S3_TEMP_PREFIX = 'tmp/';
/** CopyObject copies at most 5 GiB; larger objects are copied part by part. */
const SINGLE_COPY_MAX = 5 * 1024 * 1024 * 1024;
const COPY_PART_SIZE = 512 * 1024 * 1024;

export function s3ClientConfig(opts: S3DriverOptions): S3ClientConfig {
  return {
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle ?? false,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // Checksums only where the API requires them: S3-compatible stores differ in what they accept,
    // and the content is already hashed (SHA-256) on the way in.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

/**
 * S3-compatible object storage: a streaming multipart upload to `tmp/<tempKey>`, then a
 * server-side copy to the permanent key and a delete of the temporary object.
 */
export class S3StorageDriver implements StorageDriver {
  readonly backend = 's3';
  readonly client: S3Client;
  readonly bucket: string;
  private readonly partSize: number;
  private readonly queueSize: number;
  /** Sizes of temporary objects written by this process, to choose the copy method without a HEAD. */
  private readonly tempSizes = new Map<string, number>();
  /**
   * Temporary objects that are another object of the bucket taken over in place (a finished tus
   * upload): its key, until it is committed (copied once, to its permanent key) or discarded.
   */
  private readonly adopted = new Map<string, string>();

  constructor(opts: S3DriverOptions, client?: S3Client) {
    this.bucket = opts.bucket;
    this.client = client ?? new (s3Sdk().S3Client)(s3ClientConfig(opts));
    this.partSize = Math.max(opts.partSize ?? 8 * 1024 * 1024, 5 * 1024 * 1024);
    this.queueSize = opts.queueSize ?? 4;
  }

  private tempObject(tempKey: string): string {
    assertTempKey(tempKey);
    return `${S3_TEMP_PREFIX}${tempKey}`;
  }

  private object(key: string): string {
    assertKey(key);
    if (key.startsWith(S3_TEMP_PREFIX)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
    return key;
  }

  async putTemp(tempKey: string, body: Readable): Promise<StoredObjectInfo> {
    const Key = this.tempObject(tempKey);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        size += chunk.length;
        cb(null, chunk);
      },
    });
    body.on('error', (err) => counter.destroy(err));
    body.pipe(counter);
    const upload = new (s3Uploads().Upload)({
      client: this.client,
      params: { Bucket: this.bucket, Key, Body: counter },
      partSize: this.partSize,
      queueSize: this.queueSize,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (err) {
      await this.deleteObject(Key).catch(() => {});
      throw storageFullOrS3(err);
    }
    this.tempSizes.set(tempKey, size);
    return { size };
  }

  /**
   * Takes over an object of the bucket (a finished tus upload, outside the temporary area) as the
   * temporary object `tempKey`, without copying it: its commit copies it straight to its
   * permanent key, and a discard deletes it. Only within this process, as a request's next step.
   */
  async adoptTemp(tempKey: string, sourceKey: string): Promise<StoredObjectInfo> {
    assertTempKey(tempKey);
    const info = await this.head(this.object(sourceKey));
    if (!info) throw new ObjectNotFoundError(sourceKey);
    this.adopted.set(tempKey, sourceKey);
    this.tempSizes.set(tempKey, info.size);
    return info;
  }

  async commit(tempKey: string, key: string): Promise<void> {
    const from = this.adopted.get(tempKey) ?? this.tempObject(tempKey);
    const to = this.object(key);
    const size = this.tempSizes.get(tempKey) ?? (await this.head(from))?.size;
    if (size === undefined) throw new ObjectNotFoundError(from);
    try {
      if (size <= SINGLE_COPY_MAX) {
        await this.client.send(
          new (s3Sdk().CopyObjectCommand)({
            Bucket: this.bucket,
            Key: to,
            CopySource: this.copySource(from),
          }),
        );
      } else {
        await this.multipartCopy(from, to, size);
      }
    } catch (err) {
      throw storageFullOrS3(err);
    }
    await this.deleteObject(from);
    this.tempSizes.delete(tempKey);
    this.adopted.delete(tempKey);
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const res = await this.client.send(
        new (s3Sdk().GetObjectCommand)({
          Bucket: this.bucket,
          Key: this.object(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const body = res.Body as Readable;
      // A store that ignored the Range header would send the wrong bytes under a 206: refuse.
      if (range && !res.ContentRange?.startsWith(`bytes ${range.start}-${range.end}/`)) {
        body.destroy();
        throw new Error(
          `Storage returned ${res.ContentRange ?? 'no range'} for bytes ${range.start}-${range.end}`,
        );
      }
      return body;
    } catch (err) {
      if (isNotFound(err)) throw new ObjectNotFoundError(key);
      throw err;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    return this.head(this.object(key));
  }

  async probe(): Promise<void> {
    await this.client.send(new (s3Sdk().HeadBucketCommand)({ Bucket: this.bucket }));
  }

  async delete(key: string): Promise<void> {
    const adopted = this.adopted.get(key);
    await this.deleteObject(adopted ?? (key.includes('/') ? this.object(key) : this.tempObject(key)));
    if (!key.includes('/')) this.tempSizes.delete(key);
    this.adopted.delete(key);
  }

  async sweepTemp(remove: (t: TempListing) => boolean): Promise<number> {
    let removed = 0;
    for await (const o of this.listObjects(S3_TEMP_PREFIX)) {
      const tempKey = o.Key.slice(S3_TEMP_PREFIX.length);
      if (remove({ tempKey, modifiedAt: o.LastModified ?? new Date() })) {
        await this.deleteObject(o.Key);
        removed += 1;
      }
    }
    await this.abortUnfinished(remove);
    return removed;
  }

  /**
   * A process killed while streaming leaves an unfinished multipart upload, not an object: its
   * parts are stored (and billed) until it is aborted. Stores without ListMultipartUploads skip this.
   */
  private async abortUnfinished(remove: (t: TempListing) => boolean): Promise<void> {
    let keyMarker: string | undefined;
    let uploadIdMarker: string | undefined;
    do {
      let page: ListMultipartUploadsCommandOutput;
      try {
        page = await this.client.send(
          new (s3Sdk().ListMultipartUploadsCommand)({
            Bucket: this.bucket,
            Prefix: S3_TEMP_PREFIX,
            KeyMarker: keyMarker,
            UploadIdMarker: uploadIdMarker,
          }),
        );
      } catch {
        return;
      }
      for (const u of page.Uploads ?? []) {
        if (!u.Key || !u.UploadId) continue;
        if (!remove({ tempKey: u.Key.slice(S3_TEMP_PREFIX.length), modifiedAt: u.Initiated ?? new Date() }))
          continue;
        await this.client
          .send(
            new (s3Sdk().AbortMultipartUploadCommand)({
              Bucket: this.bucket,
              Key: u.Key,
              UploadId: u.UploadId,
            }),
          )
          .catch(() => {});
      }
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      uploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
    } while (keyMarker);
  }

  async *list(): AsyncIterable<ListedObject> {
    for await (const o of this.listObjects()) {
      if (o.Key.startsWith(S3_TEMP_PREFIX) || !isValidKey(o.Key)) continue;
      yield { key: o.Key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date() };
    }
  }

  /** The bucket's objects (under `prefix`), through ListObjectsV2 a page (up to 1,000) at a time. */
  private async *listObjects(prefix?: string) {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new (s3Sdk().ListObjectsV2Command)({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) yield { ...o, Key: o.Key };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  private copySource(objectKey: string): string {
    return `${this.bucket}/${objectKey.split('/').map(encodeURIComponent).join('/')}`;
  }

  private async head(objectKey: string): Promise<StoredObjectInfo | null> {
    try {
      const res = await this.client.send(
        new (s3Sdk().HeadObjectCommand)({ Bucket: this.bucket, Key: objectKey }),
      );
      return { size: res.ContentLength ?? 0 };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  private async deleteObject(objectKey: string): Promise<void> {
    try {
      await this.client.send(new (s3Sdk().DeleteObjectCommand)({ Bucket: this.bucket, Key: objectKey }));
    } catch (err) {
      if (!isNotFound(err)) throw err;
    }
  }

  private async multipartCopy(from: string, to: string, size: number): Promise<void> {
    const created = await this.client.send(
      new (s3Sdk().CreateMultipartUploadCommand)({ Bucket: this.bucket, Key: to }),
    );
    const UploadId = created.UploadId;
    try {
      const parts: { ETag?: string; PartNumber: number }[] = [];
      for (let start = 0, n = 1; start < size; start += COPY_PART_SIZE, n++) {
        const end = Math.min(start + COPY_PART_SIZE, size) - 1;
        const res = await this.client.send(
          new (s3Sdk().UploadPartCopyCommand)({
            Bucket: this.bucket,
            Key: to,
            UploadId,
            PartNumber: n,
            CopySource: this.copySource(from),
            CopySourceRange: `bytes=${start}-${end}`,
          }),
        );
        parts.push({ ETag: res.CopyPartResult?.ETag, PartNumber: n });
      }
      await this.client.send(
        new (s3Sdk().CompleteMultipartUploadCommand)({
          Bucket: this.bucket,
          Key: to,
          UploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (err) {
      await this.client
        .send(new (s3Sdk().AbortMultipartUploadCommand)({ Bucket: this.bucket, Key: to, UploadId }))
        .catch(() => {});
      throw err;
    }
  }
}

/**
 * Object stores that run out of room say so in their own words: MinIO 'XMinioStorageFull' (507),
 * Ceph RGW 'QuotaExceeded', WebDAV-style 507 Insufficient Storage from gateways. AWS S3 itself has
 * no such error.
 */
const FULL_CODES = new Set([
  'XMinioStorageFull',
  'XMinioAdminBucketQuotaExceeded',
  'StorageFull',
  'QuotaExceeded',
  'InsufficientStorage',
]);

export function storageFullOrS3(err: unknown): unknown {
  const e = err as { name?: string; Code?: string; $metadata?: { httpStatusCode?: number } };
  const full =
    FULL_CODES.has(e?.name ?? '') || FULL_CODES.has(e?.Code ?? '') || e?.$metadata?.httpStatusCode === 507;
  return full ? new StorageFullError(err) : err;
}

function isNotFound(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}
