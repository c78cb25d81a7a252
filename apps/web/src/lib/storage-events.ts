import type { QueryClient } from '@tanstack/react-query';

/** Query-key roots of the storage views; every feature that shows stored files keys its queries under one. */
export const STORAGE_QUERY_ROOTS = {
  files: 'files',
  dashboard: 'dashboard',
  analytics: 'analytics',
  recycleBin: 'recycle-bin',
  shares: 'shares',
  /** Uploads fire workflows, whose runs then report on the live events stream too. */
  workflows: 'workflows',
} as const;

/** Window events the dashboard reloads on (part 1 section 7). */
export const FILE_UPLOADED_EVENT = 'fileUploaded';
export const CACHE_INVALIDATED_EVENT = 'cacheInvalidated';

/**
 * After anything that changes what is stored (upload, delete, restore, purge): mark every storage
 * view stale and tell listeners (the dashboard) through a window event.
 */
export function storageChanged(
  queryClient: QueryClient,
  event: typeof FILE_UPLOADED_EVENT | typeof CACHE_INVALIDATED_EVENT = CACHE_INVALIDATED_EVENT,
): void {
  for (const root of Object.values(STORAGE_QUERY_ROOTS)) {
    void queryClient.invalidateQueries({ queryKey: [root] });
  }
  window.dispatchEvent(new Event(event));
}
