import type { LoginReply, RefreshReply } from '@stratos/contracts/auth/session.schema';
import type { AccessTokenClaims } from '@stratos/contracts/auth/user.schema';
import { useSyncExternalStore } from 'react';
import { decodeAccessToken, tokenIsFresh } from './jwt';
import { clearTokens, readTokens, writeTokens } from './token-storage';

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

  /** Single-flight refresh: concurrent 401s share one call, so a rotated token is never replayed. */
  refresh: (() => {
    let inFlight: Promise<boolean> | null = null;
    return (): Promise<boolean> => {
      inFlight ??= (async () => {
        const stored = readTokens();
        if (!stored) return false;
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
        } finally {
          inFlight = null;
        }
      })();
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

export function useSession(): SessionState {
  return useSyncExternalStore(authSession.subscribe, authSession.get, authSession.get);
}
