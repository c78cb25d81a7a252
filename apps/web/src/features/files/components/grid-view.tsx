import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { Spin } from 'antd';
import { memo, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { formatCompactDate } from '../../../lib/date-format';
import { FileIcon } from '../../../lib/file-icon';
import { formatBytes } from '../../../lib/format-bytes';
import { useScrollMargin } from '../hooks/use-scroll-margin';
import {
  type BrowserItem,
  type GridRow,
  gridColumns,
  gridRows,
  itemKey,
  itemName,
} from '../model/browser-item';
import { FileTags } from './file-tags';
import styles from './files.module.css';
import type { ItemActions } from './item-actions';
import { ItemMenu } from './item-menu';
import type { BrowserViewProps } from './list-view';
import { RowCheck } from './row-check';
import { rowInteraction } from './row-interaction';
import { useLoadMore } from './use-load-more';

const GAP = 12;

function rowHeight(row: GridRow | undefined, compact: boolean): number {
  if (!row) return 56;
  if (row.kind === 'heading') return 40;
  if (row.kind === 'folders') return 56 + GAP;
  return (compact ? 168 : 196) + GAP;
}

function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref]);
  return width;
}

function Tick({ item, checked, actions }: { item: BrowserItem; checked: boolean; actions: ItemActions }) {
  const key = itemKey(item);
  return (
    <RowCheck
      checked={checked}
      label={`Select ${itemName(item)}`}
      onToggle={(_c, range) => actions.toggleSelect(key, range)}
    />
  );
}

function FolderTile({
  item,
  selected,
  actions,
}: {
  item: BrowserItem;
  selected: boolean;
  actions: ItemActions;
}) {
  if (item.kind !== 'folder') return null;
  const name = item.folder.name;
  return (
    <div
      data-selected={selected}
      className={styles.folderTile}
      title={name}
      {...rowInteraction(item, actions)}
    >
      <span className={styles.tileLead}>
        <span className={styles.tileIcon}>
          <FileIcon folder size={32} />
        </span>
        <span className={styles.tileCheck}>
          <Tick item={item} checked={selected} actions={actions} />
        </span>
      </span>
      <span className={styles.name} style={{ flex: 1 }}>
        {name}
      </span>
      <ItemMenu item={item} selected={selected} actions={actions} size="small" />
    </div>
  );
}

function FileCard({
  item,
  selected,
  actions,
  compact,
}: {
  item: BrowserItem;
  selected: boolean;
  actions: ItemActions;
  compact: boolean;
}) {
  if (item.kind !== 'file') return null;
  const { file } = item;
  return (
    <div
      data-selected={selected}
      className={styles.card}
      title={file.name}
      {...rowInteraction(item, actions)}
    >
      <span className={styles.cardCheck}>
        <Tick item={item} checked={selected} actions={actions} />
      </span>
      <div className={styles.preview} style={{ position: 'relative' }}>
        <FileIcon mime={file.type} name={file.name} size={compact ? 56 : 64} style={{ borderRadius: 16 }} />
        {file.tags && file.tags.length > 0 && (
          <div
            style={{
              position: 'absolute',
              left: 6,
              right: 6,
              bottom: 6,
              display: 'flex',
              overflow: 'hidden',
            }}
          >
            <FileTags tags={file.tags} max={compact ? 1 : 2} />
          </div>
        )}
      </div>
      <div className={styles.cardFooter}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <div className={styles.name}>{file.name}</div>
          <div className={styles.meta}>
            {formatBytes(file.size, { maxUnit: 'GB' })} · {formatCompactDate(file.uploadDate)}
          </div>
        </div>
        <ItemMenu item={item} selected={selected} actions={actions} size="small" />
      </div>
    </div>
  );
}

interface CellProps {
  item: BrowserItem;
  top: number;
  left: string;
  width: string;
  height: number;
  selected: boolean;
  compact: boolean;
  actions: ItemActions;
}

/** One tile or card in place; memoised so scrolling only renders the cells that come into view. */
const GridCell = memo(function GridCell({
  item,
  top,
  left,
  width,
  height,
  selected,
  compact,
  actions,
}: CellProps) {
  return (
    <li style={{ position: 'absolute', top: 0, left, width, height, transform: `translateY(${top}px)` }}>
      {item.kind === 'folder' ? (
        <FolderTile item={item} selected={selected} actions={actions} />
      ) : (
        <FileCard item={item} selected={selected} actions={actions} compact={compact} />
      )}
    </li>
  );
});

/** Grid view: folder tiles, then file cards, in rows virtualised against the window. */
export function GridView({ items, selected, selectMode, actions, compact, ...more }: BrowserViewProps) {
  const ref = useRef<HTMLUListElement>(null);
  const width = useWidth(ref);
  const scrollMargin = useScrollMargin(ref);
  const columns = gridColumns(width, compact ? 140 : 180, GAP);
  const folderColumns = gridColumns(width, compact ? 240 : 220, GAP);
  const rows = useMemo(() => gridRows(items, columns, folderColumns), [items, columns, folderColumns]);
  const count = rows.length + (more.hasMore ? 1 : 0);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: (i) => rowHeight(rows[i], compact),
    overscan: 4,
    scrollMargin,
  });
  // Row heights depend on the row kinds, which change with the column count.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure when the packing changes.
  useLayoutEffect(() => virtualizer.measure(), [rows, compact, virtualizer]);
  useLoadMore(virtualizer, count, more, 3);
  const selecting = selectMode;
  const cellWidth = (cols: number) => `calc((100% - ${(cols - 1) * GAP}px) / ${cols})`;
  const cellLeft = (col: number, cols: number) =>
    `calc(${col} * ((100% - ${(cols - 1) * GAP}px) / ${cols} + ${GAP}px))`;
  return (
    <ul
      ref={ref}
      aria-label="Files and folders"
      className={`${styles.vlist} ${selecting ? styles.selecting : ''}`}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().flatMap((v) => {
        const row = rows[v.index];
        const y = v.start - scrollMargin;
        const base = { position: 'absolute' as const, top: 0, transform: `translateY(${y}px)` };
        if (!row)
          return (
            <li
              key="more"
              style={{
                ...base,
                left: 0,
                width: '100%',
                height: v.size,
                display: 'grid',
                placeItems: 'center',
              }}
            >
              <Spin size="small" />
            </li>
          );
        if (row.kind === 'heading')
          return (
            <li
              key={`h-${row.label}`}
              style={{ ...base, left: 0, width: '100%', height: v.size }}
              className={styles.gridHeading}
            >
              {row.label}
            </li>
          );
        const cols = row.kind === 'folders' ? folderColumns : columns;
        return row.items.map((item, col) => {
          const key = itemKey(item);
          return (
            <GridCell
              key={key}
              item={item}
              top={y}
              left={cellLeft(col, cols)}
              width={cellWidth(cols)}
              height={v.size - GAP}
              selected={selected.has(key)}
              compact={compact}
              actions={actions}
            />
          );
        });
      })}
    </ul>
  );
}
