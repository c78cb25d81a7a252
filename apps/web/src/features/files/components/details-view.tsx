import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import type { FileSort } from '@stratos/contracts/files/file.schema';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, useRef } from 'react';
import { formatCompactDate } from '../../../lib/date-format';
import { FileIcon } from '../../../lib/file-icon';
import { friendlyType } from '../../../lib/file-kind';
import { formatBytes } from '../../../lib/format-bytes';
import { useScrollMargin } from '../hooks/use-scroll-margin';
import { type BrowserItem, itemKey, itemName } from '../model/browser-item';
import type { SortState } from '../model/sort';
import { BrowserRow, LoadingRow } from './browser-row';
import { FileTags } from './file-tags';
import styles from './files.module.css';
import type { ItemActions } from './item-actions';
import type { BrowserViewProps } from './list-view';
import { RowCheck } from './row-check';
import { useLoadMore } from './use-load-more';

const ROW = 52;

export function detailsColumns(compact: boolean): string {
  return compact
    ? '24px minmax(0, 1fr) 72px 36px'
    : '24px minmax(0, 1fr) minmax(120px, 170px) 96px 120px 40px';
}

interface DetailsViewProps extends BrowserViewProps {
  sort: SortState;
  onSort(field: FileSort): void;
  /** none, some or all of the loaded items are ticked. */
  selection: 'none' | 'some' | 'all';
  onSelectAll(checked: boolean): void;
  /** Where the column headers stick while the rows scroll under them. */
  stickyTop: number;
  /** Rows in the whole listing (for assistive tech: only some are rendered); -1 when unknown. */
  rowCount: number;
}

interface RowProps {
  item: BrowserItem;
  index: number;
  top: number;
  last: boolean;
  selected: boolean;
  compact: boolean;
  columns: string;
  actions: ItemActions;
}

/** One table row; memoised so scrolling only renders the rows that come into view. */
const DetailsRow = memo(function DetailsRow({
  item,
  index,
  top,
  last,
  selected,
  compact,
  columns,
  actions,
}: RowProps) {
  const name = itemName(item);
  const file = item.kind === 'file' ? item.file : null;
  const date = file ? file.uploadDate : item.kind === 'folder' ? item.folder.createdAt : '';
  return (
    <BrowserRow
      as="tr"
      rowIndex={index + 2}
      item={item}
      top={top}
      height={ROW}
      last={last}
      selected={selected}
      columns={columns}
      actions={actions}
    >
      <td style={{ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }}>
        {file ? <FileIcon mime={file.type} name={file.name} size={30} /> : <FileIcon folder size={30} />}
        <span className={styles.name} title={name}>
          {name}
        </span>
        {file && <FileTags tags={file.tags} max={compact ? 1 : 3} />}
      </td>
      {!compact && <td className={styles.meta}>{file ? friendlyType(file.type, file.name) : 'Folder'}</td>}
      <td className={styles.meta} style={{ textAlign: 'right' }}>
        {file ? formatBytes(file.size, { maxUnit: 'GB' }) : '—'}
      </td>
      {!compact && (
        <td className={styles.meta} style={{ textAlign: 'right' }}>
          {formatCompactDate(date)}
        </td>
      )}
    </BrowserRow>
  );
});

/**
 * Details view: a sortable table virtualised against the window. Clicking the active column's
 * header flips its direction; another column sorts ascending (part 1 section 4).
 */
export function DetailsView(props: DetailsViewProps) {
  const {
    items,
    selected,
    actions,
    compact,
    sort,
    onSort,
    selection,
    onSelectAll,
    stickyTop,
    rowCount,
    ...more
  } = props;
  const body = useRef<HTMLTableSectionElement>(null);
  const scrollMargin = useScrollMargin(body);
  const count = items.length + (more.hasMore ? 1 : 0);
  const virtualizer = useWindowVirtualizer({ count, estimateSize: () => ROW, overscan: 12, scrollMargin });
  useLoadMore(virtualizer, count, more);
  const columns = detailsColumns(compact);

  const header = (field: FileSort, label: string, align: 'left' | 'right' = 'left') => {
    const active = sort.field === field;
    return (
      <th
        scope="col"
        aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
        style={{ justifySelf: align === 'right' ? 'end' : 'start', minWidth: 0 }}
      >
        <button
          type="button"
          className={styles.colButton}
          data-active={active}
          data-align={align}
          onClick={() => onSort(field)}
        >
          {label}
          {active &&
            (sort.direction === 'asc' ? (
              <ArrowUpOutlined aria-label="ascending" />
            ) : (
              <ArrowDownOutlined aria-label="descending" />
            ))}
        </button>
      </th>
    );
  };

  return (
    <table
      className={styles.vtable}
      aria-label="Files and folders"
      aria-rowcount={rowCount < 0 ? -1 : rowCount + 1}
    >
      <thead style={{ position: 'sticky', top: stickyTop, zIndex: 4, background: 'var(--fm-layout-bg)' }}>
        <tr className={styles.headerRow} style={{ gridTemplateColumns: columns }} aria-rowindex={1}>
          <th scope="col">
            <RowCheck
              label="Select all"
              checked={selection === 'all'}
              indeterminate={selection === 'some'}
              onToggle={(checked) => onSelectAll(checked)}
            />
          </th>
          {header('name', 'Name')}
          {!compact && header('type', 'Type')}
          {header('size', 'Size', 'right')}
          {!compact && header('uploadDate', 'Uploaded', 'right')}
          <th scope="col" aria-label="Actions" />
        </tr>
      </thead>
      <tbody
        ref={body}
        className={styles.surface}
        style={{
          position: 'relative',
          height: virtualizer.getTotalSize(),
          borderTop: 0,
          borderTopLeftRadius: 0,
          borderTopRightRadius: 0,
          boxSizing: 'content-box',
        }}
      >
        {virtualizer.getVirtualItems().map((v) => {
          const item = items[v.index];
          if (!item) return <LoadingRow key="more" as="tr" top={v.start - scrollMargin} height={ROW} />;
          const key = itemKey(item);
          return (
            <DetailsRow
              key={key}
              item={item}
              index={v.index}
              top={v.start - scrollMargin}
              last={v.index === items.length - 1}
              selected={selected.has(key)}
              compact={compact}
              columns={columns}
              actions={actions}
            />
          );
        })}
      </tbody>
    </table>
  );
}
