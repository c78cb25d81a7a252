import { useCallback, useMemo, useRef, useState } from 'react';
import { type BrowserItem, itemKey } from '../model/browser-item';

/** Ticked items by key, with shift-click ranges over the items in their listed order. */
export function useSelection(items: readonly BrowserItem[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const anchor = useRef<string | null>(null);
  const order = useMemo(() => items.map(itemKey), [items]);

  const toggle = useCallback(
    (key: string, range = false) => {
      setSelected((prev) => {
        const next = new Set(prev);
        const from = anchor.current ? order.indexOf(anchor.current) : -1;
        const to = order.indexOf(key);
        if (range && from >= 0 && to >= 0) {
          const [a, b] = from < to ? [from, to] : [to, from];
          for (const k of order.slice(a, b + 1)) next.add(k);
        } else if (next.has(key)) next.delete(key);
        else next.add(key);
        return next;
      });
      anchor.current = key;
    },
    [order],
  );
  const clear = useCallback(() => {
    anchor.current = null;
    setSelected(new Set());
  }, []);
  const setAll = useCallback((on: boolean) => setSelected(on ? new Set(order) : new Set()), [order]);

  // Keys no longer listed (deleted, moved, another folder) drop out of the selection.
  const visible = useMemo(() => {
    const present = new Set(order);
    const next = new Set([...selected].filter((k) => present.has(k)));
    return next.size === selected.size ? selected : next;
  }, [selected, order]);

  return { selected: visible, toggle, clear, setAll };
}
