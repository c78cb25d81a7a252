import type { KeyboardEvent, MouseEvent } from 'react';
import { type BrowserItem, itemKey } from '../model/browser-item';
import type { ItemActions } from './item-actions';

const DOUBLE_CLICK_MS = 500;
let quietUntil = 0;

/**
 * How a row or card responds: a folder opens on click (or Enter); a file is ticked on click
 * (shift extends the range), downloads on double-click or Enter; Space ticks either.
 */
export function rowInteraction(item: BrowserItem, actions: ItemActions) {
  const key = itemKey(item);
  const open = () => {
    // The second click of a double-click must not land on whatever the opened folder shows there.
    quietUntil = performance.now() + DOUBLE_CLICK_MS;
    if (item.kind === 'folder') actions.openFolder(item.folder);
  };
  const activate = () => {
    if (item.kind === 'folder') open();
    else actions.download(item.file);
  };
  return {
    tabIndex: 0,
    onClick: (e: MouseEvent) => {
      if (performance.now() < quietUntil) return;
      if (item.kind === 'folder') open();
      else actions.toggleSelect(key, e.shiftKey);
    },
    onDoubleClick: () => {
      if (performance.now() < quietUntil) return;
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
