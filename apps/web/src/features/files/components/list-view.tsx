import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Checkbox, Spin } from 'antd';
import { useRef } from 'react';
import { formatCompactDate } from '../../../lib/date-format';
import { FileIcon } from '../../../lib/file-icon';
import { formatBytes } from '../../../lib/format-bytes';
import { useScrollMargin } from '../hooks/use-scroll-margin';
import { type BrowserItem, itemKey, itemName } from '../model/browser-item';
import styles from './files.module.css';
import type { ItemActions } from './item-actions';
import { ItemMenu } from './item-menu';
import { rowInteraction, stop } from './row-interaction';
import { type LoadMore, useLoadMore } from './use-load-more';

export interface BrowserViewProps extends LoadMore {
  items: BrowserItem[];
  selected: ReadonlySet<string>;
  actions: ItemActions;
  compact: boolean;
}

const ROW = 60;

function metaOf(item: BrowserItem): string {
  if (item.kind === 'folder') return `Folder · ${formatCompactDate(item.folder.createdAt)}`;
  return `${formatBytes(item.file.size, { maxUnit: 'GB' })} · ${formatCompactDate(item.file.uploadDate)}`;
}

/** List view: one line per item, virtualised against the window so 10,000 files scroll smoothly. */
export function ListView({ items, selected, actions, compact, ...more }: BrowserViewProps) {
  const ref = useRef<HTMLUListElement>(null);
  const scrollMargin = useScrollMargin(ref);
  const count = items.length + (more.hasMore ? 1 : 0);
  const virtualizer = useWindowVirtualizer({ count, estimateSize: () => ROW, overscan: 12, scrollMargin });
  useLoadMore(virtualizer, count, more);
  return (
    <div className={styles.surface}>
      <ul
        ref={ref}
        aria-label="Files and folders"
        className={styles.vlist}
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((v) => {
          const item = items[v.index];
          const style = {
            position: 'absolute' as const,
            top: 0,
            left: 0,
            width: '100%',
            height: ROW,
            transform: `translateY(${v.start - scrollMargin}px)`,
          };
          if (!item)
            return (
              <li key="more" style={{ ...style, display: 'grid', placeItems: 'center' }}>
                <Spin size="small" />
              </li>
            );
          const key = itemKey(item);
          const name = itemName(item);
          const isSelected = selected.has(key);
          return (
            <li
              key={key}
              data-selected={isSelected}
              className={`${styles.row} ${item.kind === 'folder' ? styles.folderRow : ''}`}
              style={{
                ...style,
                gridTemplateColumns: compact
                  ? '24px 36px minmax(0, 1fr) 36px'
                  : '24px 36px minmax(0, 1fr) 96px 110px 40px',
                borderBottomColor: v.index === items.length - 1 ? 'transparent' : undefined,
              }}
              {...rowInteraction(item, actions)}
            >
              <Checkbox
                checked={isSelected}
                aria-label={`Select ${name}`}
                onClick={stop}
                onChange={(e) => actions.toggleSelect(key, (e.nativeEvent as MouseEvent).shiftKey)}
              />
              {item.kind === 'folder' ? (
                <FileIcon folder />
              ) : (
                <FileIcon mime={item.file.type} name={item.file.name} />
              )}
              <div style={{ minWidth: 0 }}>
                <div className={styles.name} title={name}>
                  {name}
                </div>
                {compact && <div className={styles.meta}>{metaOf(item)}</div>}
              </div>
              {!compact && (
                <>
                  <span className={styles.meta} style={{ textAlign: 'right' }}>
                    {item.kind === 'file' ? formatBytes(item.file.size, { maxUnit: 'GB' }) : '—'}
                  </span>
                  <span className={styles.meta} style={{ textAlign: 'right' }}>
                    {formatCompactDate(item.kind === 'file' ? item.file.uploadDate : item.folder.createdAt)}
                  </span>
                </>
              )}
              <ItemMenu item={item} selected={isSelected} actions={actions} />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
