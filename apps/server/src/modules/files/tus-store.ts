import { readdir } from 'node:fs/promises';
import type { S3 } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import type { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/server';
import { s3Sdk } from '../../storage/s3-sdk';

interface Logger {
  warn(obj: object, msg?: string): void;
}

/** The parts of @tus/s3-store it keeps private. */
const s3Of = (store: S3Store) =>
  store as unknown as { client: S3; bucket: string; clearCache?: (id: string) => void };

/**
 * What the tus servers' stores keep of uploads in progress, on disk (FileStore) or in the bucket
 * (S3Store): removing one, and listing them. Only what tus.service.ts needs beyond the stores' API.
 */
export class TusStoreFiles {
  constructor(
    private readonly store: DataStore,
    /** S3: the key prefix of partial uploads. */
    private readonly prefix: string,
    private readonly log: Logger,
  ) {}

  /** Deletes what tus kept of an upload (bytes and info); missing parts are fine. */
  async remove(id: string): Promise<void> {
    try {
      if (!(this.store instanceof FileStore)) {
        const s3 = s3Of(this.store as S3Store);
        for (const Key of [id, `${id}.info`, `${id}.part`]) {
          await s3.client.deleteObject({ Bucket: s3.bucket, Key }).catch(() => {});
        }
        s3.clearCache?.(id);
      } else {
        const store = this.store;
        // The bytes may already be gone (renamed into the blob store): then only the info remains.
        await store.remove(id).catch(() => store.configstore.delete(id));
      }
    } catch (err) {
      this.log.warn({ err, id }, 'tus: could not remove an upload');
    }
  }

  /** An upload that will never finish: its S3 multipart upload aborted, then what tus kept deleted. */
  async discard(id: string): Promise<void> {
    if (!(this.store instanceof FileStore)) await this.store.remove(id).catch(() => {});
    await this.remove(id);
  }

  /** Every upload the store holds. */
  async ids(): Promise<string[]> {
    if (this.store instanceof FileStore) {
      const names = await readdir(this.store.directory).catch(() => [] as string[]);
      return names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length));
    }
    const s3 = s3Of(this.store as S3Store);
    const ids: string[] = [];
    let token: string | undefined;
    do {
      const page = await s3.client.send(
        new (s3Sdk().ListObjectsV2Command)({
          Bucket: s3.bucket,
          Prefix: this.prefix,
          ContinuationToken: token,
        }),
      );
      for (const o of page.Contents ?? [])
        if (o.Key?.endsWith('.info')) ids.push(o.Key.slice(0, -'.info'.length));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return ids;
  }
}
