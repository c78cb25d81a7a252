import {
  CloseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  ShareAltOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import styles from './files.module.css';

interface SelectionBarProps {
  count: number;
  /** Exactly one file is selected: it can be downloaded or shared from here. */
  singleFile: boolean;
  compact: boolean;
  onMove(): void;
  onDelete(): void;
  onDownload(): void;
  onShare(): void;
  onClear(): void;
}

/** Bulk operations on the ticked items. */
export function SelectionBar({
  count,
  singleFile,
  compact,
  onMove,
  onDelete,
  onDownload,
  onShare,
  onClear,
}: SelectionBarProps) {
  const label = (text: string) => (compact ? undefined : text);
  return (
    <div role="toolbar" aria-label="Selection" className={styles.selectionBar}>
      <Tooltip title="Clear selection">
        <Button
          type="text"
          shape="circle"
          icon={<CloseOutlined />}
          aria-label="Clear selection"
          onClick={onClear}
        />
      </Tooltip>
      <strong style={{ flex: 1, whiteSpace: 'nowrap' }} aria-live="polite">
        {count} selected
      </strong>
      {singleFile && (
        <>
          <Button icon={<DownloadOutlined />} onClick={onDownload} aria-label="Download selected">
            {label('Download')}
          </Button>
          <Button icon={<ShareAltOutlined />} onClick={onShare} aria-label="Share selected">
            {label('Share')}
          </Button>
        </>
      )}
      <Button icon={<SwapOutlined />} onClick={onMove} aria-label="Move selected">
        {label('Move')}
      </Button>
      <Button danger icon={<DeleteOutlined />} onClick={onDelete} aria-label="Delete selected">
        {label('Delete')}
      </Button>
    </div>
  );
}
