import { type Preferences, preferencesSchema } from '@stratos/contracts/preferences/preferences.schema';

const PREFIX = 'stratos.preferences.';

export interface PersistedPreferences {
  data: Preferences;
  savedAt: number;
}

/** The last preferences the server confirmed for this user, kept so a reload shows them at once. */
export function readPersistedPreferences(userId: string): PersistedPreferences | null {
  try {
    const raw = localStorage.getItem(PREFIX + userId);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { data?: unknown; savedAt?: unknown };
    const data = preferencesSchema.safeParse(parsed.data);
    if (!data.success || typeof parsed.savedAt !== 'number') return null;
    return { data: data.data, savedAt: parsed.savedAt };
  } catch {
    return null;
  }
}

export function writePersistedPreferences(userId: string, data: Preferences, now = Date.now()): void {
  try {
    localStorage.setItem(PREFIX + userId, JSON.stringify({ data, savedAt: now }));
  } catch {
    // Storage full or blocked: the server copy is still the truth.
  }
}

export function clearPersistedPreferences(userId: string): void {
  try {
    localStorage.removeItem(PREFIX + userId);
  } catch {
    // Nothing to clear.
  }
}
