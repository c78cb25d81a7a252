import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import { type RecycleActionBody, recycleListReplySchema } from '@stratos/contracts/files/recycle-bin.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { STORAGE_QUERY_ROOTS } from '../../../lib/storage-events';

export const recycleBinKey = [STORAGE_QUERY_ROOTS.recycleBin] as const;

/** GET /api/recycle-bin: deleted items with their purge dates, and the retention in days. */
export const recycleBinQueryOptions = queryOptions({
  queryKey: recycleBinKey,
  queryFn: ({ signal }) => apiRequest('/recycle-bin', { schema: recycleListReplySchema, signal }),
});

export function useRecycleBin() {
  return useQuery(recycleBinQueryOptions);
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
