import { DEFAULT_MAX_UPLOAD_BYTES } from '@stratos/contracts/files/upload.schema';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appSettings } from '../../db/schema/index';

const TTL_MS = 30_000;

/**
 * The upload size cap: MAX_UPLOAD_BYTES when configured, else the `maxUploadSize` app setting
 * (superadmin-editable), read at most every 30 s so an upload does not pay a query for it.
 */
export class UploadSettings {
  private cached: { value: number; until: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly override?: number,
    private readonly now: () => number = Date.now,
  ) {}

  async maxUploadBytes(): Promise<number> {
    if (this.override) return this.override;
    const t = this.now();
    if (this.cached && this.cached.until > t) return this.cached.value;
    const rows = await this.db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, 'maxUploadSize'));
    const n = Number(rows[0]?.value);
    const value = Number.isSafeInteger(n) && n > 0 ? n : DEFAULT_MAX_UPLOAD_BYTES;
    this.cached = { value, until: t + TTL_MS };
    return value;
  }

  /** Forget the cached value (after the setting changed). */
  invalidate(): void {
    this.cached = null;
  }
}
