import {
  DEFAULT_PREFERENCES,
  type Preferences,
  preferencesReplySchema,
} from '@stratos/contracts/preferences/preferences.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../api-client';
import { ApiError } from '../../api-error';
import { useSession } from '../../auth-session';
import { readPersistedPreferences, writePersistedPreferences } from '../model/preferences-storage';

/** Part 1 section 9: preferences are cached for 5 minutes and refreshed in the background. */
export const PREFERENCES_STALE_MS = 300_000;

export const preferencesKey = (userId: string) => ['preferences', userId] as const;

/** A 404 or a failed connection falls back (part 1 section 8); other failures are real errors. */
export function isFallbackFailure(err: unknown): boolean {
  if (err instanceof ApiError) return err.status === 404;
  return err instanceof TypeError || (err instanceof DOMException && err.name === 'TimeoutError');
}

/** GET /api/user-preferences; on a 404 or no connection, the last saved copy or the defaults. */
export async function fetchPreferences(userId: string, signal?: AbortSignal): Promise<Preferences> {
  try {
    const reply = await apiRequest('/user-preferences', { schema: preferencesReplySchema, signal });
    writePersistedPreferences(userId, reply.data);
    return reply.data;
  } catch (err) {
    if (signal?.aborted || !isFallbackFailure(err)) throw err;
    return readPersistedPreferences(userId)?.data ?? DEFAULT_PREFERENCES;
  }
}

export function preferencesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: preferencesKey(userId),
    queryFn: ({ signal }) => fetchPreferences(userId, signal),
    staleTime: PREFERENCES_STALE_MS,
    // The persisted copy shows at once; dated 0 it counts as stale, so a reload refetches behind it.
    initialData: () => readPersistedPreferences(userId)?.data,
    initialDataUpdatedAt: 0,
  });
}

/** The signed-in user's preferences (disabled, and undefined, while signed out). */
export function usePreferences() {
  const session = useSession();
  const userId = session.user?.id ?? '';
  return useQuery({ ...preferencesQueryOptions(userId), enabled: userId !== '' });
}
