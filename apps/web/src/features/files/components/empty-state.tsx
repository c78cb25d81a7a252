import { CloudUploadOutlined, FolderAddOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';

interface EmptyStateProps {
  search: string;
  inFolder: boolean;
  onUpload(): void;
  onNewFolder(): void;
  onClearSearch(): void;
}

/** 'No files found' with the way forward: upload, or clear the search. */
export function EmptyState({ search, inFolder, onUpload, onNewFolder, onClearSearch }: EmptyStateProps) {
  const { token } = theme.useToken();
  const searching = search.trim().length > 0;
  // Dragging files in needs a pointer that can drag: say so only where it works.
  const touch = typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches;
  return (
    <div
      style={{
        padding: 'clamp(40px, 8vw, 72px) 24px',
        textAlign: 'center',
        border: `2px dashed ${token.colorBorder}`,
        borderRadius: 16,
        background: token.colorBgContainer,
      }}
    >
      <div
        aria-hidden
        style={{
          width: 76,
          height: 76,
          margin: '0 auto 18px',
          borderRadius: 22,
          display: 'grid',
          placeItems: 'center',
          fontSize: 34,
          color: token.colorPrimary,
          background: token.colorPrimaryBg,
        }}
      >
        {searching ? <SearchOutlined /> : <CloudUploadOutlined />}
      </div>
      <h2 style={{ margin: '0 0 6px', fontSize: 20, color: token.colorTextHeading }}>No files found</h2>
      <p style={{ margin: '0 auto 22px', maxWidth: 420, color: token.colorTextSecondary }}>
        {searching
          ? `No file names in ${inFolder ? 'this folder' : 'My Files'} contain “${search.trim()}”.`
          : 'Upload some files to get started'}
      </p>
      <Flex gap={12} justify="center" wrap>
        {searching ? (
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
        )}
      </Flex>
      {!searching && !touch && (
        <p style={{ margin: '18px 0 0', fontSize: 13, color: token.colorTextTertiary }}>
          or drag and drop files anywhere on this page
        </p>
      )}
    </div>
  );
}
