import type { Preferences, PreferencesUpdate } from '@stratos/contracts/preferences/preferences.schema';
import { normalizeThemeUpdate, THEME_MESSAGES } from '@stratos/contracts/preferences/theme';
import { AppError, badRequest } from '../../lib/app-error';
import { changedFields, effectivePreferences } from './preferences.merge';
import type { PreferencesRepository } from './preferences.repository';

/** The repository's surface, so a unit test can hand the service a fake. */
export type PreferencesStore = Pick<PreferencesRepository, 'find' | 'merge' | 'remove'>;

export class PreferencesService {
  constructor(private readonly store: PreferencesStore) {}

  async get(userId: string): Promise<Preferences> {
    return effectivePreferences(await this.store.find(userId));
  }

  async update(
    userId: string,
    patch: PreferencesUpdate,
  ): Promise<{ updatedFields: string[]; preferences: Preferences }> {
    // theme and dark_mode are stored together, always agreeing (one value, two spellings).
    const normalized = normalizeThemeUpdate(patch);
    if (!normalized) throw badRequest(THEME_MESSAGES.conflict, 'VALIDATION_ERROR');
    let result: Awaited<ReturnType<PreferencesStore['merge']>>;
    try {
      result = await this.store.merge(userId, normalized);
    } catch (err) {
      // The token outlived its user (deleted account): the row has nobody to belong to.
      if (isForeignKeyViolation(err)) throw new AppError(404, 'NOT_FOUND', 'User not found');
      throw err;
    }
    return {
      updatedFields: changedFields(normalized, result.previous, result.data),
      preferences: effectivePreferences(result.data),
    };
  }

  reset(userId: string): Promise<void> {
    return this.store.remove(userId);
  }
}

/** Drizzle wraps driver errors; the PostgreSQL code sits on the error or its cause. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
