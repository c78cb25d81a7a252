import { fileTagsReplySchema } from '@stratos/contracts/files/file.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { filesKey } from './list-files';

/** Under the files key: whatever refreshes the listing (a storage change) refreshes the tags too. */
export const fileTagsKey = [...filesKey, 'tags'] as const;

/** GET /api/files/tags: the user's tags with how many live files carry each. */
export async function fetchFileTags(signal?: AbortSignal) {
  const reply = await apiRequest('/files/tags', { schema: fileTagsReplySchema, signal });
  return reply.data.tags;
}

export const fileTagsQueryOptions = queryOptions({
  queryKey: fileTagsKey,
  queryFn: ({ signal }) => fetchFileTags(signal),
});

export function useFileTags() {
  return useQuery(fileTagsQueryOptions);
}
