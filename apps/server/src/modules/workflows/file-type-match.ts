import type { FileTypeFilter } from '@stratos/contracts/workflows/workflow-steps.schema';

const EXTENSIONS: Record<Exclude<FileTypeFilter, 'any'>, readonly string[]> = {
  pdf: ['pdf'],
  image: ['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'heic', 'bmp', 'tif', 'tiff'],
  text: ['txt', 'md', 'markdown', 'csv', 'json', 'log'],
  document: ['doc', 'docx', 'odt', 'rtf', 'pdf'],
  spreadsheet: ['xls', 'xlsx', 'ods', 'csv'],
};

const MIME_TEST: Record<Exclude<FileTypeFilter, 'any'>, (mime: string) => boolean> = {
  pdf: (m) => m === 'application/pdf',
  image: (m) => m.startsWith('image/'),
  text: (m) => m.startsWith('text/') || m === 'application/json',
  document: (m) =>
    m === 'application/pdf' ||
    m === 'application/msword' ||
    m.startsWith('application/vnd.openxmlformats-officedocument.wordprocessingml') ||
    m === 'application/vnd.oasis.opendocument.text' ||
    m === 'application/rtf',
  spreadsheet: (m) =>
    m === 'text/csv' ||
    m === 'application/vnd.ms-excel' ||
    m.startsWith('application/vnd.openxmlformats-officedocument.spreadsheetml') ||
    m === 'application/vnd.oasis.opendocument.spreadsheet',
};

/** Whether a file is of the trigger's type, by MIME type or extension (a client may send either wrong). */
export function matchesFileType(filter: FileTypeFilter, name: string, mimeType: string): boolean {
  if (filter === 'any') return true;
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  return MIME_TEST[filter](mimeType.toLowerCase()) || EXTENSIONS[filter].includes(ext);
}
