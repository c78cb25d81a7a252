/**
 * Where the session's tokens live (part 1 section 3): `auth_token` in local storage
 * ({ token, refreshToken }) shared by every tab, mirrored as accessToken/refreshToken in session
 * storage. Local storage is read first: refresh tokens rotate, and a tab must never replay one that
 * another tab already spent (the server would end the whole session as a reuse).
 * Signed-in still requires a token that verifies or a refresh that succeeds.
 */
export interface StoredTokens {
  token: string;
  refreshToken: string;
}

const LOCAL_KEY = 'auth_token';

export function readTokens(): StoredTokens | null {
  try {
    const raw = localStorage.getItem(LOCAL_KEY);
    if (raw) {
      const parsed = JSON.parse(raw) as Partial<StoredTokens>;
      if (typeof parsed.token === 'string' && typeof parsed.refreshToken === 'string') {
        return { token: parsed.token, refreshToken: parsed.refreshToken };
      }
    }
    const token = sessionStorage.getItem('accessToken');
    const refreshToken = sessionStorage.getItem('refreshToken');
    if (token && refreshToken) return { token, refreshToken };
  } catch {
    // Corrupt storage counts as signed out.
  }
  return null;
}

export function writeTokens(tokens: StoredTokens): void {
  sessionStorage.setItem('accessToken', tokens.token);
  sessionStorage.setItem('refreshToken', tokens.refreshToken);
  localStorage.setItem(LOCAL_KEY, JSON.stringify(tokens));
}

export function clearTokens(): void {
  for (const key of ['accessToken', 'idToken', 'refreshToken', 'username']) sessionStorage.removeItem(key);
  localStorage.removeItem(LOCAL_KEY);
}

export const TOKENS_STORAGE_KEY = LOCAL_KEY;
