import {
  CheckSquareOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  FolderOpenOutlined,
  MinusSquareOutlined,
  MoreOutlined,
  RobotOutlined,
  ShareAltOutlined,
  SwapOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { type BrowserItem, itemKey, itemName } from '../model/browser-item';
import styles from './files.module.css';
import type { ItemActions } from './item-actions';
import { stop } from './row-interaction';

interface ItemMenuProps {
  item: BrowserItem;
  selected: boolean;
  actions: ItemActions;
  size?: 'small' | 'middle';
}

/** The "⋯" menu of a file (download, share, rename, move, delete) or a folder (open, rename, move, delete). */
export function ItemMenu({ item, selected, actions, size = 'middle' }: ItemMenuProps) {
  const [armed, setArmed] = useState(false);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const refocus = useRef(false);
  // The button remounts inside the Dropdown: keep the keyboard focus on it.
  useEffect(() => {
    if (armed && refocus.current) buttonRef.current?.focus();
  }, [armed]);
  const select = {
    key: 'select',
    icon: selected ? <MinusSquareOutlined /> : <CheckSquareOutlined />,
    label: selected ? 'Deselect' : 'Select',
  };
  const items: MenuProps['items'] =
    item.kind === 'file'
      ? [
          { key: 'download', icon: <DownloadOutlined />, label: 'Download' },
          { key: 'share', icon: <ShareAltOutlined />, label: 'Share' },
          ...(actions.analyse ? [{ key: 'analysis', icon: <RobotOutlined />, label: 'AI analysis' }] : []),
          { type: 'divider' },
          { key: 'rename', icon: <EditOutlined />, label: 'Rename' },
          { key: 'move', icon: <SwapOutlined />, label: 'Move' },
          select,
          { type: 'divider' },
          { key: 'delete', icon: <DeleteOutlined />, label: 'Delete', danger: true },
        ]
      : [
          { key: 'open', icon: <FolderOpenOutlined />, label: 'Open' },
          { type: 'divider' },
          { key: 'rename', icon: <EditOutlined />, label: 'Rename' },
          { key: 'move', icon: <SwapOutlined />, label: 'Move' },
          select,
          { type: 'divider' },
          { key: 'delete', icon: <DeleteOutlined />, label: 'Delete', danger: true },
        ];
  const onClick: MenuProps['onClick'] = ({ key, domEvent }) => {
    domEvent.stopPropagation();
    setOpen(false);
    if (key === 'open' && item.kind === 'folder') actions.openFolder(item.folder);
    if (key === 'download' && item.kind === 'file') actions.download(item.file);
    if (key === 'share' && item.kind === 'file') actions.share(item.file);
    if (key === 'analysis' && item.kind === 'file') actions.analyse?.(item.file);
    if (key === 'rename') actions.rename(item);
    if (key === 'move') actions.move(item);
    if (key === 'delete') actions.remove(item);
    if (key === 'select') actions.toggleSelect(itemKey(item));
  };
  // Antd's Dropdown is heavy for a list that mounts dozens of rows per frame while scrolling: each
  // row starts with a plain button and gets its Dropdown on the first click, which opens it.
  const button = (
    <button
      ref={buttonRef}
      type="button"
      className={`${styles.menuButton} ${size === 'small' ? styles.menuButtonSmall : ''}`}
      aria-label={`Actions for ${itemName(item)}`}
      aria-haspopup="menu"
      aria-expanded={open}
      onClick={() => {
        if (armed) return;
        refocus.current = document.activeElement === buttonRef.current;
        setArmed(true);
        setOpen(true);
      }}
    >
      <MoreOutlined />
    </button>
  );
  // Events of the menu (rendered in a portal) still bubble through React to the row: stop them here.
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: only stops events from reaching the row.
    <span onClick={stop} onDoubleClick={stop} onKeyDown={stop} style={{ display: 'inline-flex' }}>
      {armed ? (
        <Dropdown
          menu={{ items, onClick }}
          trigger={['click']}
          placement="bottomRight"
          open={open}
          onOpenChange={setOpen}
        >
          {button}
        </Dropdown>
      ) : (
        button
      )}
    </span>
  );
}
