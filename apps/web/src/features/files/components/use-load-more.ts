import type { Virtualizer } from '@tanstack/react-virtual';
import { useEffect } from 'react';

export interface LoadMore {
  hasMore: boolean;
  loadingMore: boolean;
  loadMore(): void;
}

/** Fetches the next page once the last rendered row comes within `threshold` rows of the end. */
export function useLoadMore(
  virtualizer: Virtualizer<Window, Element>,
  rowCount: number,
  { hasMore, loadingMore, loadMore }: LoadMore,
  threshold = 8,
) {
  const items = virtualizer.getVirtualItems();
  const lastIndex = items[items.length - 1]?.index ?? -1;
  useEffect(() => {
    if (lastIndex < 0 || !hasMore || loadingMore) return;
    if (lastIndex >= rowCount - threshold) loadMore();
  }, [lastIndex, rowCount, hasMore, loadingMore, loadMore, threshold]);
}
