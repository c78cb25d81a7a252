import type { KeyboardEvent, MouseEvent } from 'react';
import { type BrowserItem, itemKey } from '../model/browser-item';
import type { ItemActions } from './item-actions';

/**
 * How a row or card responds: a folder opens on click (or Enter); a file is ticked on click
 * (shift extends the range), downloads on double-click or Enter; Space ticks either.
 */
export function rowInteraction(item: BrowserItem, actions: ItemActions) {
  const key = itemKey(item);
  const activate = () => {
    if (item.kind === 'folder') actions.openFolder(item.folder);
    else actions.download(item.file);
  };
  return {
    tabIndex: 0,
    onClick: (e: MouseEvent) => {
      if (item.kind === 'folder') actions.openFolder(item.folder);
      else actions.toggleSelect(key, e.shiftKey);
    },
    onDoubleClick: () => {
      if (item.kind === 'file') actions.download(item.file);
    },
    onKeyDown: (e: KeyboardEvent) => {
      if (e.target !== e.currentTarget) return;
      if (e.key === 'Enter') {
        e.preventDefault();
        activate();
      } else if (e.key === ' ') {
        e.preventDefault();
        actions.toggleSelect(key, e.shiftKey);
      }
    },
  };
}

/** Clicks on a row's checkbox or menu must not also open or tick the row. */
export const stop = (e: { stopPropagation(): void }) => e.stopPropagation();
