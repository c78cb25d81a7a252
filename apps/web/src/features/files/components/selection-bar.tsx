import {
  CheckSquareOutlined,
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
  /** Items listed so far (what "Select all" ticks). */
  total: number;
  /** Exactly one file is selected: it can be downloaded or shared from here. */
  singleFile: boolean;
  compact: boolean;
  onMove(): void;
  onDelete(): void;
  onDownload(): void;
  onShare(): void;
  onSelectAll(): void;
  /** Clears the selection and leaves bulk mode. */
  onClose(): void;
}

/** Bulk operations on the ticked items (shown while items are ticked, or in Bulk Ops mode). */
export function SelectionBar(p: SelectionBarProps) {
  const label = (text: string) => (p.compact ? undefined : text);
  const none = p.count === 0;
  return (
    <div role="toolbar" aria-label="Selection" className={styles.selectionBar}>
      <Tooltip title="Done">
        <Button
          type="text"
          shape="circle"
          icon={<CloseOutlined />}
          aria-label="Clear selection"
          onClick={p.onClose}
        />
      </Tooltip>
      <strong style={{ flex: 1, whiteSpace: 'nowrap' }} aria-live="polite">
        {none ? (p.compact ? 'Select items' : 'Tick the items to move or delete') : `${p.count} selected`}
      </strong>
      {p.count < p.total && (
        <Button type="text" icon={<CheckSquareOutlined />} onClick={p.onSelectAll} aria-label="Select all">
          {label('Select all')}
        </Button>
      )}
      {p.singleFile && (
        <>
          <Button icon={<DownloadOutlined />} onClick={p.onDownload} aria-label="Download selected">
            {label('Download')}
          </Button>
          <Button icon={<ShareAltOutlined />} onClick={p.onShare} aria-label="Share selected">
            {label('Share')}
          </Button>
        </>
      )}
      <Button icon={<SwapOutlined />} onClick={p.onMove} disabled={none} aria-label="Move selected">
        {label('Move')}
      </Button>
      <Button
        danger
        icon={<DeleteOutlined />}
        onClick={p.onDelete}
        disabled={none}
        aria-label="Delete selected"
      >
        {label('Delete')}
      </Button>
    </div>
  );
}
