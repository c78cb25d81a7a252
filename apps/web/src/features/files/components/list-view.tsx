import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { formatCompactDate } from '../../../lib/date-format';
import { FileIcon } from '../../../lib/file-icon';
import { formatBytes } from '../../../lib/format-bytes';
import { useScrollMargin } from '../hooks/use-scroll-margin';
import { type BrowserItem, itemKey, itemName } from '../model/browser-item';
import { BrowserRow, LoadingRow } from './browser-row';
import { FileTags } from './file-tags';
import styles from './files.module.css';
import type { ItemActions } from './item-actions';
import { type LoadMore, useLoadMore } from './use-load-more';

export interface BrowserViewProps extends LoadMore {
  items: BrowserItem[];
  selected: ReadonlySet<string>;
  /** Items are being picked (something is ticked, or Bulk Ops is on): every checkbox shows. */
  selectMode: boolean;
  actions: ItemActions;
  compact: boolean;
}

const ROW = 60;

function metaOf(item: BrowserItem): string {
  if (item.kind === 'folder') return `Folder · ${formatCompactDate(item.folder.createdAt)}`;
  return `${formatBytes(item.file.size, { maxUnit: 'GB' })} · ${formatCompactDate(item.file.uploadDate)}`;
}

interface RowProps {
  item: BrowserItem;
  /** Offset from the top of the list, px. */
  top: number;
  last: boolean;
  selected: boolean;
  compact: boolean;
  actions: ItemActions;
}

/** One row; memoised so scrolling only renders the rows that come into view. */
const ListRow = memo(function ListRow({ item, top, last, selected, compact, actions }: RowProps) {
  const name = itemName(item);
  return (
    <BrowserRow
      as="li"
      item={item}
      top={top}
      height={ROW}
      last={last}
      selected={selected}
      columns={compact ? '24px 36px minmax(0, 1fr) 36px' : '24px 36px minmax(0, 1fr) 96px 110px 40px'}
      actions={actions}
    >
      {item.kind === 'folder' ? (
        <FileIcon folder />
      ) : (
        <FileIcon mime={item.file.type} name={item.file.name} />
      )}
      <div style={{ minWidth: 0 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
          <div className={styles.name} title={name}>
            {name}
          </div>
          {item.kind === 'file' && <FileTags tags={item.file.tags} max={compact ? 1 : 3} />}
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
    </BrowserRow>
  );
});

/** List view: one line per item, virtualised against the window so 10,000 files scroll smoothly. */
export function ListView({
  items,
  selected,
  selectMode: _selectMode,
  actions,
  compact,
  ...more
}: BrowserViewProps) {
  const ref = useRef<HTMLUListElement>(null);
  const scrollMargin = useScrollMargin(ref);
  const count = items.length + (more.hasMore ? 1 : 0);
  const virtualizer = useWindowVirtualizer({ count, estimateSize: () => ROW, overscan: 10, scrollMargin });
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
          if (!item) return <LoadingRow key="more" as="li" top={v.start - scrollMargin} height={ROW} />;
          const key = itemKey(item);
          return (
            <ListRow
              key={key}
              item={item}
              top={v.start - scrollMargin}
              last={v.index === items.length - 1}
              selected={selected.has(key)}
              compact={compact}
              actions={actions}
            />
          );
        })}
      </ul>
    </div>
  );
}
