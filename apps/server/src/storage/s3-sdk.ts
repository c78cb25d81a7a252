import { createRequire } from 'node:module';

/**
 * The S3 SDKs, loaded on first use: a server storing on local disk never loads them, and one
 * storing in a bucket loads them when its driver is made, not while every start imports the app
 * (they are a good part of a cold start). Synchronous, so drivers keep synchronous constructors.
 */
const load = createRequire(import.meta.url);

type ClientS3 = typeof import('@aws-sdk/client-s3');
type LibStorage = typeof import('@aws-sdk/lib-storage');
type TusS3Store = typeof import('@tus/s3-store');

let clientS3: ClientS3 | undefined;
let libStorage: LibStorage | undefined;
let tusS3Store: TusS3Store | undefined;

export const s3Sdk = (): ClientS3 => {
  clientS3 ??= load('@aws-sdk/client-s3') as ClientS3;
  return clientS3;
};
export const s3Uploads = (): LibStorage => {
  libStorage ??= load('@aws-sdk/lib-storage') as LibStorage;
  return libStorage;
};
export const tusS3 = (): TusS3Store => {
  tusS3Store ??= load('@tus/s3-store') as TusS3Store;
  return tusS3Store;
};
