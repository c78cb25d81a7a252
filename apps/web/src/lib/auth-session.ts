import type { LoginReply, RefreshReply } from '@stratos/contracts/auth/session.schema';
import type { AccessTokenClaims } from '@stratos/contracts/auth/user.schema';
import { useSyncExternalStore } from 'react';
import { decodeAccessToken, tokenIsFresh } from './jwt';
import { clearTokens, readTokens, TOKENS_STORAGE_KEY, writeTokens } from './token-storage';

export type SessionUser = Pick<AccessTokenClaims, 'id' | 'email' | 'name' | 'role' | 'permissions'>;

export type SessionState =
  | { status: 'checking'; user: null }
  | { status: 'signedIn'; user: SessionUser }
  | { status: 'signedOut'; user: null };

let state: SessionState = { status: 'checking', user: null };
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const l of listeners) l();
}

const userFrom = (token: string): SessionUser => {
  const c = decodeAccessToken(token);
  return { id: c.id, email: c.email, name: c.name, role: c.role, permissions: c.permissions };
};

/** The session as an external store: one source of truth for guards, header and API client. */
export const authSession = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },

  accessToken(): string | null {
    return readTokens()?.token ?? null;
  },

  /** Stores a login's tokens; the reply must carry success and a token (part 1 section 5). */
  signIn(reply: Pick<LoginReply, 'token' | 'refreshToken'>) {
    writeTokens({ token: reply.token, refreshToken: reply.refreshToken });
    setState({ status: 'signedIn', user: userFrom(reply.token) });
  },

  signOut() {
    clearTokens();
    setState({ status: 'signedOut', user: null });
  },

  /**
   * Single-flight refresh: concurrent 401s in this tab share one call, and tabs take turns through
   * a Web Lock; a tab that waited finds the tokens another tab stored and uses them instead of
   * replaying a spent refresh token.
   */
  refresh: (() => {
    let inFlight: Promise<boolean> | null = null;
    return (): Promise<boolean> => {
      const startedWith = readTokens()?.refreshToken;
      inFlight ??= withRefreshLock(() => refreshOnce(startedWith)).finally(() => {
        inFlight = null;
      });
      return inFlight;
    };
  })(),

  /** On load: signed in if the stored token is fresh, or a refresh replaces it. */
  async restore(): Promise<void> {
    const stored = readTokens();
    if (!stored) return setState({ status: 'signedOut', user: null });
    if (tokenIsFresh(stored.token)) return setState({ status: 'signedIn', user: userFrom(stored.token) });
    const ok = await authSession.refresh();
    if (!ok && state.status !== 'signedOut') setState({ status: 'signedOut', user: null });
  },
};

async function withRefreshLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks?.request) {
    return navigator.locks.request('stratos-token-refresh', fn);
  }
  return fn();
}

async function refreshOnce(startedWith: string | undefined): Promise<boolean> {
  const stored = readTokens();
  if (!stored) return false;
  if (stored.refreshToken !== startedWith && tokenIsFresh(stored.token)) {
    // Another tab refreshed while this one waited for the lock.
    authSession.signIn(stored);
    return true;
  }
  try {
    const res = await fetch('/api/auth/refresh', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: stored.refreshToken }),
      signal: AbortSignal.timeout(30_000),
    });
    if (!res.ok) {
      if (res.status === 401 || res.status === 400) authSession.signOut();
      return false;
    }
    const reply = (await res.json()) as RefreshReply;
    authSession.signIn(reply);
    return true;
  } catch {
    return false;
  }
}

// Signing in or out in one tab does the same in the others.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== TOKENS_STORAGE_KEY) return;
    const stored = readTokens();
    if (!stored && state.status === 'signedIn') setState({ status: 'signedOut', user: null });
    else if (stored && tokenIsFresh(stored.token))
      setState({ status: 'signedIn', user: userFrom(stored.token) });
  });
}

export function useSession(): SessionState {
  return useSyncExternalStore(authSession.subscribe, authSession.get, authSession.get);
}
