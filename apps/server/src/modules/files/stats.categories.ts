/** The analytics buckets a file's MIME type falls in (the web's file-kind uses the same ones). */
export const FILE_CATEGORIES = ['image', 'video', 'audio', 'document', 'archive', 'code', 'other'] as const;
export type FileCategory = (typeof FILE_CATEGORIES)[number];

const ARCHIVES = new Set([
  'application/zip',
  'application/x-zip-compressed',
  'application/x-tar',
  'application/gzip',
  'application/x-gzip',
  'application/x-bzip2',
  'application/x-xz',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/zstd',
  'application/java-archive',
]);

const CODE = new Set([
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'application/typescript',
  'application/json',
  'application/ld+json',
  'application/xml',
  'application/x-sh',
  'application/x-httpd-php',
  'application/sql',
  'application/x-python-code',
  'application/wasm',
  'application/yaml',
  'application/x-yaml',
  'application/toml',
  'text/html',
  'text/css',
  'text/javascript',
  'text/xml',
  'text/x-shellscript',
  'text/x-sql',
  'text/yaml',
  'text/x-yaml',
]);

const DOCUMENTS = new Set([
  'application/pdf',
  'application/rtf',
  'application/msword',
  'application/epub+zip',
]);

/** image/video/audio by top-level type; PDF, text and office formats are documents; source and markup are code. */
export function fileCategory(mimeType: string): FileCategory {
  const mime = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  const [top] = mime.split('/');
  if (top === 'image') return 'image';
  if (top === 'video') return 'video';
  if (top === 'audio') return 'audio';
  if (ARCHIVES.has(mime)) return 'archive';
  if (CODE.has(mime) || mime.startsWith('text/x-') || mime.endsWith('+json') || mime.endsWith('+xml')) {
    return 'code';
  }
  if (
    DOCUMENTS.has(mime) ||
    top === 'text' ||
    mime.startsWith('application/vnd.openxmlformats-officedocument.') ||
    mime.startsWith('application/vnd.ms-') ||
    mime.startsWith('application/vnd.oasis.opendocument.') ||
    mime.startsWith('application/vnd.apple.')
  ) {
    return 'document';
  }
  return 'other';
}

export type FileTypeTotals = Record<FileCategory, { count: number; size: number }>;

/** Per-MIME counts folded into categories; every category is present (zero when empty). */
export function foldFileTypes(rows: { mimeType: string; count: number; size: number }[]): FileTypeTotals {
  const out = Object.fromEntries(FILE_CATEGORIES.map((c) => [c, { count: 0, size: 0 }])) as FileTypeTotals;
  for (const r of rows) {
    const bucket = out[fileCategory(r.mimeType)];
    bucket.count += r.count;
    bucket.size += r.size;
  }
  return out;
}
