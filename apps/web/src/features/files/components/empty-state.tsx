import { CloudUploadOutlined, FolderAddOutlined, SearchOutlined, TagsOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { EmptyPanel } from '../../../lib/empty-panel';

interface EmptyStateProps {
  search: string;
  /** The tag filter, when one is on. */
  tag?: string | null;
  onClearTag?(): void;
  inFolder: boolean;
  onUpload(): void;
  onNewFolder(): void;
  onClearSearch(): void;
}

/** 'No files found' with the way forward: upload, or clear the search. */
export function EmptyState({
  search,
  tag = null,
  onClearTag,
  inFolder,
  onUpload,
  onNewFolder,
  onClearSearch,
}: EmptyStateProps) {
  if (tag && !search.trim()) {
    return (
      <EmptyPanel
        tone="invite"
        icon={<TagsOutlined />}
        title="No files found"
        description={`No files in ${inFolder ? 'this folder' : 'My Files'} are tagged “${tag}”.`}
        actions={<Button onClick={onClearTag}>Show all files</Button>}
      />
    );
  }
  const searching = search.trim().length > 0;
  // Dragging files in needs a pointer that can drag: say so only where it works.
  const touch = typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;
  return (
    <EmptyPanel
      tone="invite"
      icon={searching ? <SearchOutlined /> : <CloudUploadOutlined />}
      title="No files found"
      description={
        searching
          ? `No file names in ${inFolder ? 'this folder' : 'My Files'} contain “${search.trim()}”.`
          : 'Upload some files to get started'
      }
      actions={
        searching ? (
          <Button onClick={onClearSearch}>Clear search</Button>
        ) : (
          <>
            <Button type="primary" icon={<CloudUploadOutlined />} onClick={onUpload}>
              Upload files
            </Button>
            <Button icon={<FolderAddOutlined />} onClick={onNewFolder}>
              New folder
            </Button>
          </>
        )
      }
      note={!searching && !touch ? 'or drag and drop files anywhere on this page' : undefined}
    />
  );
}
