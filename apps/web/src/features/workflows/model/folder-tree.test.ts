import type { FolderItem } from '@stratos/contracts/files/file.schema';
import { describe, expect, it } from 'vitest';
import { buildFolderTree, folderPathName } from './folder-tree';

const f = (id: string, name: string, parentId: string | null): FolderItem => ({
  id,
  name,
  parentId,
  createdAt: '2026-11-01T00:00:00.000Z',
});
const folders = [
  f('c', 'invoices', 'a'),
  f('a', 'Inbox', null),
  f('d', '2026', 'c'),
  f('b', 'Archive', null),
];

describe('folder tree', () => {
  it('nests folders under their parents, by name', () => {
    expect(buildFolderTree(folders)).toEqual([
      { value: 'b', title: 'Archive', label: 'Archive', children: [] },
      {
        value: 'a',
        title: 'Inbox',
        label: 'Inbox',
        children: [
          {
            value: 'c',
            title: 'invoices',
            label: 'Inbox / invoices',
            children: [{ value: 'd', title: '2026', label: 'Inbox / invoices / 2026', children: [] }],
          },
        ],
      },
    ]);
  });

  it('names a folder by its path', () => {
    expect(folderPathName(folders, 'd')).toBe('Inbox / invoices / 2026');
    expect(folderPathName(folders, null)).toBe('My Files');
    expect(folderPathName(folders, 'gone')).toBe('a folder');
  });
});
