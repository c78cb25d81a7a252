import type { FileItem, FolderItem } from '@stratos/contracts/files/file.schema';

/** One entry of the file browser: a folder or a file. */
export type BrowserItem = { kind: 'folder'; folder: FolderItem } | { kind: 'file'; file: FileItem };

export const itemKey = (item: BrowserItem): string =>
  item.kind === 'folder' ? `folder:${item.folder.id}` : `file:${item.file.id}`;

export const itemName = (item: BrowserItem): string =>
  item.kind === 'folder' ? item.folder.name : item.file.name;

/** Splits selected keys into the ids the bulk calls take. */
export function selectionIds(keys: Iterable<string>): { fileIds: string[]; folderIds: string[] } {
  const fileIds: string[] = [];
  const folderIds: string[] = [];
  for (const key of keys) {
    if (key.startsWith('file:')) fileIds.push(key.slice(5));
    else if (key.startsWith('folder:')) folderIds.push(key.slice(7));
  }
  return { fileIds, folderIds };
}

/** Folders first (as every file manager lists them), then the files in the server's order. */
export function browserItems(folders: readonly FolderItem[], files: readonly FileItem[]): BrowserItem[] {
  return [
    ...folders.map((folder) => ({ kind: 'folder', folder }) as const),
    ...files.map((file) => ({ kind: 'file', file }) as const),
  ];
}

/** Groups items into rows of `columns` for the virtualised grid: folders and files never share a row. */
export type GridRow =
  | { kind: 'heading'; label: string }
  | { kind: 'folders'; items: BrowserItem[] }
  | { kind: 'files'; items: BrowserItem[] };

export function gridRows(items: readonly BrowserItem[], columns: number, folderColumns = columns): GridRow[] {
  const cols = Math.max(1, columns);
  const folderCols = Math.max(1, folderColumns);
  const folders = items.filter((i) => i.kind === 'folder');
  const files = items.filter((i) => i.kind === 'file');
  const rows: GridRow[] = [];
  if (folders.length > 0) {
    rows.push({ kind: 'heading', label: 'Folders' });
    for (let i = 0; i < folders.length; i += folderCols)
      rows.push({ kind: 'folders', items: folders.slice(i, i + folderCols) });
  }
  if (files.length > 0) {
    if (folders.length > 0) rows.push({ kind: 'heading', label: 'Files' });
    for (let i = 0; i < files.length; i += cols)
      rows.push({ kind: 'files', items: files.slice(i, i + cols) });
  }
  return rows;
}

/** How many cards fit a row of `width` px with at least `minCard` px each and `gap` between. */
export function gridColumns(width: number, minCard: number, gap: number): number {
  if (width <= 0) return 1;
  return Math.max(1, Math.floor((width + gap) / (minCard + gap)));
}
