/**
 * What kind of file a MIME type (or, failing that, a file name) is: drives the icon, its colour
 * and the friendly type label. Categories match the server's analytics buckets.
 */
export type FileCategory = 'image' | 'video' | 'audio' | 'document' | 'archive' | 'code' | 'other';

/** A finer split for icons: documents are PDFs, text, spreadsheets, slides or word-processor files. */
export type FileIconKind =
  | 'image'
  | 'video'
  | 'audio'
  | 'pdf'
  | 'word'
  | 'sheet'
  | 'slides'
  | 'text'
  | 'archive'
  | 'code'
  | 'other';

const EXT_KIND: Record<string, FileIconKind> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  svg: 'image',
  heic: 'image',
  bmp: 'image',
  mp4: 'video',
  mov: 'video',
  mkv: 'video',
  webm: 'video',
  avi: 'video',
  mp3: 'audio',
  wav: 'audio',
  flac: 'audio',
  ogg: 'audio',
  m4a: 'audio',
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  odt: 'word',
  rtf: 'word',
  xls: 'sheet',
  xlsx: 'sheet',
  ods: 'sheet',
  csv: 'sheet',
  ppt: 'slides',
  pptx: 'slides',
  odp: 'slides',
  key: 'slides',
  txt: 'text',
  md: 'text',
  log: 'text',
  zip: 'archive',
  rar: 'archive',
  '7z': 'archive',
  tar: 'archive',
  gz: 'archive',
  tgz: 'archive',
  bz2: 'archive',
  js: 'code',
  ts: 'code',
  tsx: 'code',
  jsx: 'code',
  json: 'code',
  html: 'code',
  css: 'code',
  py: 'code',
  go: 'code',
  rs: 'code',
  java: 'code',
  c: 'code',
  cpp: 'code',
  sh: 'code',
  yml: 'code',
  yaml: 'code',
  xml: 'code',
  sql: 'code',
};

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

function kindFromMime(mime: string): FileIconKind | null {
  const m = mime.toLowerCase().split(';')[0]?.trim() ?? '';
  if (!m || m === 'application/octet-stream') return null;
  if (m.startsWith('image/')) return 'image';
  if (m.startsWith('video/')) return 'video';
  if (m.startsWith('audio/')) return 'audio';
  if (m === 'application/pdf') return 'pdf';
  if (m.includes('wordprocessing') || m === 'application/msword' || m.includes('opendocument.text'))
    return 'word';
  if (m.includes('spreadsheet') || m.includes('ms-excel') || m === 'text/csv') return 'sheet';
  if (m.includes('presentation') || m.includes('powerpoint')) return 'slides';
  if (/zip|x-tar|gzip|x-7z|rar|x-bzip/.test(m)) return 'archive';
  if (/javascript|typescript|json|xml|x-sh|x-python|html|css|yaml|sql/.test(m)) return 'code';
  if (m.startsWith('text/')) return 'text';
  return null;
}

export function fileIconKind(mime: string, name = ''): FileIconKind {
  return kindFromMime(mime) ?? EXT_KIND[extensionOf(name)] ?? 'other';
}

const CATEGORY_OF: Record<FileIconKind, FileCategory> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  pdf: 'document',
  word: 'document',
  sheet: 'document',
  slides: 'document',
  text: 'document',
  archive: 'archive',
  code: 'code',
  other: 'other',
};

export function fileCategory(mime: string, name = ''): FileCategory {
  return CATEGORY_OF[fileIconKind(mime, name)];
}

export const CATEGORY_LABEL: Record<FileCategory, string> = {
  image: 'Images',
  video: 'Videos',
  audio: 'Audio',
  document: 'Documents',
  archive: 'Archives',
  code: 'Code',
  other: 'Other',
};

const KIND_LABEL: Record<FileIconKind, string> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  pdf: 'document',
  word: 'document',
  sheet: 'spreadsheet',
  slides: 'presentation',
  text: 'text file',
  archive: 'archive',
  code: 'file',
  other: 'file',
};

/** "PNG image", "PDF document", "ZIP archive", "File" (no extension, unknown type). */
export function friendlyType(mime: string, name = ''): string {
  const kind = fileIconKind(mime, name);
  const ext = extensionOf(name);
  if (kind === 'pdf') return 'PDF document';
  if (!ext) {
    const label = KIND_LABEL[kind];
    return label.charAt(0).toUpperCase() + label.slice(1);
  }
  return `${ext.toUpperCase()} ${KIND_LABEL[kind]}`;
}

/** Chart colours of the categories, distinct from one another in light and dark themes. */
export const CATEGORY_COLOR: Record<FileCategory, string> = {
  image: '#13a8a8',
  video: '#eb2f96',
  audio: '#9254de',
  document: '#1890ff',
  archive: '#d48806',
  code: '#52c41a',
  other: '#8c95a3',
};

/** Reads a server category key (unknown keys count as other). */
export function asCategory(key: string): FileCategory {
  return key in CATEGORY_LABEL ? (key as FileCategory) : 'other';
}
