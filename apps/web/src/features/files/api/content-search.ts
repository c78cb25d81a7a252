import {
  type ContentSearchReply,
  contentSearchReplySchema,
} from '@stratos/contracts/files/content-search.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { STORAGE_QUERY_ROOTS } from '../../../lib/storage-events';

export const CONTENT_SEARCH_LIMIT = 20;

/** Under the files root, so an upload, a delete or a restore refreshes open results. */
export const contentSearchKey = (q: string) => [STORAGE_QUERY_ROOTS.files, 'content-search', q] as const;

/** GET /api/files/content-search: the user's files whose text (or meaning) matches `q`. */
export function fetchContentSearch(q: string, signal?: AbortSignal): Promise<ContentSearchReply['data']> {
  return apiRequest('/files/content-search', {
    schema: contentSearchReplySchema,
    signal,
    query: { q, limit: CONTENT_SEARCH_LIMIT },
  }).then((r) => r.data);
}

export const contentSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: contentSearchKey(q),
    queryFn: ({ signal }) => fetchContentSearch(q, signal),
    staleTime: 30_000,
  });

/** Runs once `q` has text; the previous results stay on screen while the next ones load. */
export function useContentSearch(q: string) {
  return useQuery({
    ...contentSearchQueryOptions(q),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  });
}
