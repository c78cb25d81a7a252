import {
  publicShareDownloadReplySchema,
  publicShareReplySchema,
  SHARE_ERRORS,
} from '@stratos/contracts/files/share.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export const publicShareKey = (token: string) => ['public-share', token] as const;

/** GET /api/public/shares/:token, without the bearer token: works signed out. */
export const publicShareQueryOptions = (token: string) =>
  queryOptions({
    queryKey: publicShareKey(token),
    queryFn: ({ signal }) =>
      apiRequest(`/public/shares/${encodeURIComponent(token)}`, {
        anonymous: true,
        schema: publicShareReplySchema,
        signal,
      }),
    retry: false,
  });

export function usePublicShare(token: string) {
  return useQuery(publicShareQueryOptions(token));
}

/** POST /api/public/shares/:token/download -> a short-lived URL for the bytes. */
export async function publicShareDownloadUrl(token: string, password?: string): Promise<string> {
  const reply = await apiRequest(`/public/shares/${encodeURIComponent(token)}/download`, {
    method: 'POST',
    anonymous: true,
    body: password ? { password } : {},
    schema: publicShareDownloadReplySchema,
  });
  return reply.url;
}

export const LINK_UNAVAILABLE = 'This link is no longer available';
export const INCORRECT_PASSWORD = SHARE_ERRORS.INCORRECT_PASSWORD;

/** Expired, revoked and unknown links all read the same; a refused password reads 'Incorrect password'. */
export function shareProblem(err: unknown): { kind: 'unavailable' | 'password' | 'other'; message: string } {
  if (err instanceof ApiError) {
    if (err.status === 404 || err.status === 410) return { kind: 'unavailable', message: LINK_UNAVAILABLE };
    if (err.status === 401 || err.status === 403 || /password/i.test(err.code))
      return { kind: 'password', message: INCORRECT_PASSWORD };
    return { kind: 'other', message: err.message };
  }
  return {
    kind: 'other',
    message: err instanceof Error ? err.message : 'Something went wrong. Please try again.',
  };
}
