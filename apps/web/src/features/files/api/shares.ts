import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import {
  type CreateShareBody,
  shareListReplySchema,
  shareReplySchema,
} from '@stratos/contracts/files/share.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { STORAGE_QUERY_ROOTS } from '../../../lib/storage-events';

export const sharesKey = [STORAGE_QUERY_ROOTS.shares] as const;

/** POST /api/files/:id/shares: a new link, optionally expiring and password-protected. */
export function createShare(fileId: string, body: CreateShareBody) {
  return apiRequest(`/files/${fileId}/shares`, { method: 'POST', body, schema: shareReplySchema });
}

/** The newest links the shares page lists (the server's cap for one call). */
export const SHARES_LIMIT = 500;

/** GET /api/shares: the links the user has made, newest first. */
export const sharesQueryOptions = queryOptions({
  queryKey: sharesKey,
  queryFn: ({ signal }) =>
    apiRequest('/shares', { schema: shareListReplySchema, query: { limit: SHARES_LIMIT }, signal }),
  select: (reply) => reply.shares,
});

export function useShares(enabled = true) {
  return useQuery({ ...sharesQueryOptions, enabled });
}

/** DELETE /api/shares/:id: the link stops working at once. */
export function revokeShare(id: string) {
  return apiRequest(`/shares/${id}`, { method: 'DELETE', schema: successOnlySchema });
}

/** The absolute address of a share path ('/s/<token>'), for copying. */
export function absoluteShareUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}
