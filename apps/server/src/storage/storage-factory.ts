import type { StorageConfig } from '../config';
import { LocalStorageDriver } from './local.driver';
import { S3StorageDriver } from './s3.driver';
import type { StorageDriver } from './storage-driver';

/** The driver the configuration selects (STORAGE_DRIVER). */
export function createStorageDriver(config: StorageConfig): StorageDriver {
  if (config.driver === 's3') {
    if (!config.s3) throw new Error('STORAGE_DRIVER=s3 needs S3_BUCKET');
    return new S3StorageDriver(config.s3);
  }
  return new LocalStorageDriver(config.dir);
}
