import { Spin } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { type BrowserItem, itemKey, itemName } from '../model/browser-item';
import styles from './files.module.css';
import type { ItemActions } from './item-actions';
import { ItemMenu } from './item-menu';
import { RowCheck } from './row-check';
import { rowInteraction } from './row-interaction';

/** Where the window virtualiser puts a row: `top` px down the list, `height` px tall. */
function rowPosition(top: number, height: number): CSSProperties {
  return {
    position: 'absolute',
    top: 0,
    left: 0,
    width: '100%',
    height,
    transform: `translateY(${top}px)`,
  };
}

interface BrowserRowProps {
  /** `li` in the list view; `tr` in the details table, which wraps the checkbox and menu in cells. */
  as: 'li' | 'tr';
  item: BrowserItem;
  /** Offset from the top of the list, px. */
  top: number;
  height: number;
  last: boolean;
  selected: boolean;
  /** The row's grid columns. */
  columns: string;
  actions: ItemActions;
  /** The table row's aria-rowindex. */
  rowIndex?: number;
  /** What stands between the checkbox and the menu: icon, name and facts. */
  children: ReactNode;
}

/**
 * One row of the list or details view: placed by the virtualiser, ticked by its checkbox, opened
 * or ticked by click and keyboard (rowInteraction), with the item's menu at the end.
 */
export function BrowserRow({
  as: Row,
  item,
  top,
  height,
  last,
  selected,
  columns,
  actions,
  rowIndex,
  children,
}: BrowserRowProps) {
  const key = itemKey(item);
  const cell = (node: ReactNode) => (Row === 'tr' ? <td>{node}</td> : node);
  return (
    <Row
      aria-rowindex={rowIndex}
      data-selected={selected}
      className={`${styles.row} ${item.kind === 'folder' ? styles.folderRow : ''}`}
      style={{
        ...rowPosition(top, height),
        gridTemplateColumns: columns,
        borderBottomColor: last ? 'transparent' : undefined,
      }}
      {...rowInteraction(item, actions)}
    >
      {cell(
        <RowCheck
          checked={selected}
          label={`Select ${itemName(item)}`}
          onToggle={(_c, range) => actions.toggleSelect(key, range)}
        />,
      )}
      {children}
      {cell(<ItemMenu item={item} selected={selected} actions={actions} />)}
    </Row>
  );
}

/** The spinner row after the loaded items while the next page comes. */
export function LoadingRow({ as, top, height }: { as: 'li' | 'tr'; top: number; height: number }) {
  const style: CSSProperties = { ...rowPosition(top, height), display: 'grid', placeItems: 'center' };
  const spinner = <Spin size="small" />;
  return as === 'tr' ? (
    <tr style={style}>
      <td>{spinner}</td>
    </tr>
  ) : (
    <li style={style}>{spinner}</li>
  );
}
