import type { FolderItem } from '@stratos/contracts/files/file.schema';
import { TreeSelect } from 'antd';
import { useMemo } from 'react';
import { buildFolderTree } from '../model/folder-tree';

const ROOT = '__root__';

/** Any folder of the user, at any depth, or My Files (null): the whole tree, searchable by name. */
export function FolderSelect({
  value,
  onChange,
  folders,
  id,
  ariaLabel,
}: {
  value: string | null;
  onChange: (folderId: string | null) => void;
  folders: FolderItem[];
  id?: string;
  ariaLabel: string;
}) {
  const treeData = useMemo(
    () => [
      {
        value: ROOT,
        title: 'My Files (top level)',
        label: 'My Files (top level)',
        children: buildFolderTree(folders),
      },
    ],
    [folders],
  );
  return (
    <TreeSelect
      id={id}
      aria-label={ariaLabel}
      value={value ?? ROOT}
      onChange={(v: string) => onChange(v === ROOT ? null : v)}
      treeData={treeData}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      treeNodeLabelProp="label"
      popupMatchSelectWidth={false}
      style={{ width: '100%' }}
    />
  );
}
