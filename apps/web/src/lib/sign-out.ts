import { authSession } from './auth-session';
import { readTokens } from './token-storage';

/** Ends the session on the server (best effort) and locally; callers then navigate to /login. */
export async function signOut(): Promise<void> {
  const stored = readTokens();
  authSession.signOut();
  if (!stored) return;
  try {
    await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${stored.token}` },
      body: JSON.stringify({ refreshToken: stored.refreshToken }),
      signal: AbortSignal.timeout(5_000),
    });
  } catch {
    // The local session is gone either way; the refresh token expires on its own.
  }
}
