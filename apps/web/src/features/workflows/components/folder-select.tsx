import type { FolderItem } from '@stratos/contracts/files/file.schema';
import { Select } from 'antd';

const ROOT = '__root__';

/** A top-level folder or My Files (null). */
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
  return (
    <Select
      id={id}
      aria-label={ariaLabel}
      value={value ?? ROOT}
      onChange={(v: string) => onChange(v === ROOT ? null : v)}
      options={[
        { value: ROOT, label: 'My Files (top level)' },
        ...folders.map((f) => ({ value: f.id, label: f.name })),
      ]}
      style={{ width: '100%' }}
    />
  );
}
