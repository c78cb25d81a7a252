import { useCallback, useMemo, useRef, useState } from 'react';
import { type BrowserItem, itemKey } from '../model/browser-item';

/** Ticked items by key, with shift-click ranges over the items in their listed order. */
export function useSelection(items: readonly BrowserItem[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const anchor = useRef<string | null>(null);
  const order = useMemo(() => items.map(itemKey), [items]);
  // Read through a ref so the callbacks stay the same as pages load: rows are memoised on them.
  const orderRef = useRef(order);
  orderRef.current = order;

  const toggle = useCallback((key: string, range = false) => {
    // Read the anchor now: the updater runs later, after the anchor has moved to `key`.
    const from = anchor.current ? orderRef.current.indexOf(anchor.current) : -1;
    setSelected((prev) => {
      const next = new Set(prev);
      const keys = orderRef.current;
      const to = keys.indexOf(key);
      if (range && from >= 0 && to >= 0) {
        const [a, b] = from < to ? [from, to] : [to, from];
        for (const k of keys.slice(a, b + 1)) next.add(k);
      } else if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
    anchor.current = key;
  }, []);
  const clear = useCallback(() => {
    anchor.current = null;
    setSelected(new Set());
  }, []);
  const setAll = useCallback((on: boolean) => setSelected(on ? new Set(orderRef.current) : new Set()), []);

  // Keys no longer listed (deleted, moved, another folder) drop out of the selection.
  const visible = useMemo(() => {
    const present = new Set(order);
    const next = new Set([...selected].filter((k) => present.has(k)));
    return next.size === selected.size ? selected : next;
  }, [selected, order]);

  return { selected: visible, toggle, clear, setAll };
}
