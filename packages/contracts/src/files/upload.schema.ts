import { z } from 'zod';
import { storableText } from '../common/text.schema';

/** Where resumable (tus) uploads are created; the web app's tus client points here. */
export const TUS_ENDPOINT = '/api/files/tus';
/**
 * Bytes per tus PATCH the web app sends (the upload figures send the same). A 256 MiB upload took
 * ~465 ms in PATCHes of 64 MiB against ~560 ms in PATCHes of 32 MiB, and no less in 128 MiB
 * (docs/benchmarks.md, 2026-11-27). 64 MiB also stays under the 100 MB a request body may have
 * behind common proxies (Cloudflare's, for one); the server keeps the bytes of a PATCH cut short,
 * so a larger PATCH loses nothing on a broken connection.
 */
export const TUS_CHUNK_BYTES = 64 * 1024 * 1024;
/** Response header of the tus request that completes an upload: the new file's id. */
export const FILE_ID_HEADER = 'X-File-Id';
/** Default of the `maxUploadSize` app setting (100 MB). */
export const DEFAULT_MAX_UPLOAD_BYTES = 104_857_600;

/** `Upload-Metadata` keys of a tus upload (values are base64 in the header, as tus-js-client sends them). */
export const tusUploadMetadataSchema = z.object({
  /** As the file system named it: control characters are dropped when the file is stored. */
  filename: storableText().max(1024).nullish(),
  filetype: storableText().max(255).nullish(),
  folderId: z.union([z.uuid(), z.literal('')]).nullish(),
});
export type TusUploadMetadata = z.infer<typeof tusUploadMetadataSchema>;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** "100 MB", "1.5 GB", "512 B": base 1024, one decimal under 100. */
export function formatByteSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  const rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${UNITS[unit]}`;
}

/** Error codes and messages of the upload and download endpoints. */
export const FILE_ERRORS = {
  FILE_TOO_LARGE: (maxBytes: number) => `File exceeds the maximum upload size of ${formatByteSize(maxBytes)}`,
  QUOTA_EXCEEDED: 'Storage quota exceeded',
  /** 507: the server's disk (or object store) has no room left. */
  STORAGE_FULL: 'Not enough storage space on the server',
  NO_FILE: 'No file was uploaded',
  ONE_FILE_PER_REQUEST: 'Upload one file per request',
  INVALID_METADATA: 'Invalid upload metadata',
  FOLDER_NOT_FOUND: 'Folder not found',
  FILE_NOT_FOUND: 'File not found',
  INVALID_DOWNLOAD_TOKEN: 'This download link is invalid or has expired',
  RANGE_NOT_SATISFIABLE: 'Requested range not satisfiable',
} as const;
