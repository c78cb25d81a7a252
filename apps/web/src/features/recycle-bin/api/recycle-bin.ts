import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import { type RecycleActionBody, recycleListReplySchema } from '@stratos/contracts/files/recycle-bin.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { STORAGE_QUERY_ROOTS } from '../../../lib/storage-events';

export const recycleBinKey = [STORAGE_QUERY_ROOTS.recycleBin] as const;
/** Items per page of the recycle bin (the server pages it; its cap is higher). */
export const RECYCLE_PAGE_SIZE = 50;

/** GET /api/recycle-bin: one page of deleted items with their purge dates, the total, and the retention. */
export const recycleBinQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...recycleBinKey, page],
    queryFn: ({ signal }) =>
      apiRequest('/recycle-bin', {
        schema: recycleListReplySchema,
        query: { limit: RECYCLE_PAGE_SIZE, offset: (page - 1) * RECYCLE_PAGE_SIZE },
        signal,
      }),
    // The page on screen stays while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useRecycleBin(page: number) {
  return useQuery(recycleBinQueryOptions(page));
}

type Items = RecycleActionBody['items'];
// Replies may carry counts; only success matters here.
const reply = successOnlySchema.loose();

/** POST /api/recycle-bin/restore: back to where they were. */
export function restoreItems(items: Items) {
  return apiRequest('/recycle-bin/restore', { method: 'POST', body: { items }, schema: reply });
}

/** POST /api/recycle-bin/purge: delete for good. */
export function purgeItems(items: Items) {
  return apiRequest('/recycle-bin/purge', { method: 'POST', body: { items }, schema: reply });
}

/** POST /api/recycle-bin/empty: delete everything in the bin for good. */
export function emptyRecycleBin() {
  return apiRequest('/recycle-bin/empty', { method: 'POST', schema: reply });
}
