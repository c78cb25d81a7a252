import { describe, expect, it } from 'vitest';
import { type BrowserItem, browserItems, gridColumns, gridRows, selectionIds } from './browser-item';

const folder = (id: string) => ({ id, name: id, parentId: null, createdAt: '2025-01-01T00:00:00Z' });
const file = (id: string) => ({
  id,
  name: id,
  size: 1,
  type: 'text/plain',
  uploadDate: '2025-01-01T00:00:00Z',
  path: '/My Files',
  folderId: null,
  checksum: 'x',
});

describe('browser items', () => {
  it('lists folders before files', () => {
    const items = browserItems([folder('d1')], [file('f1'), file('f2')]);
    expect(items.map((i) => i.kind)).toEqual(['folder', 'file', 'file']);
  });

  it('splits a selection into file and folder ids', () => {
    expect(selectionIds(['file:a', 'folder:b', 'file:c'])).toEqual({ fileIds: ['a', 'c'], folderIds: ['b'] });
  });

  it('packs grid rows by kind with headings when both kinds are present', () => {
    const items: BrowserItem[] = browserItems([folder('d1'), folder('d2'), folder('d3')], [file('f1')]);
    const rows = gridRows(items, 2);
    expect(rows.map((r) => (r.kind === 'heading' ? r.label : `${r.kind}:${r.items.length}`))).toEqual([
      'Folders',
      'folders:2',
      'folders:1',
      'Files',
      'files:1',
    ]);
    expect(gridRows(browserItems([], [file('a'), file('b'), file('c')]), 2).map((r) => r.kind)).toEqual([
      'files',
      'files',
    ]);
  });

  it('fits as many cards as the width allows, at least one', () => {
    expect(gridColumns(358, 150, 12)).toBe(2);
    expect(gridColumns(1152, 180, 16)).toBe(5);
    expect(gridColumns(100, 180, 16)).toBe(1);
  });
});
