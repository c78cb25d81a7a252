/** Drizzle wraps driver errors; the PostgreSQL SQLSTATE sits on the error or one of its causes. */
export function pgErrorCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => pgErrorCode(err) === '23505';

/** The PostgreSQL error fields a message can be built from (on the error or one of its causes). */
export interface PgErrorFields {
  code: string;
  message: string;
  detail?: string;
  constraint?: string;
}

export function pgErrorOf(err: unknown): PgErrorFields | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const f = e as Partial<PgErrorFields>;
    if (typeof f.code === 'string' && /^[0-9A-Z]{5}$/.test(f.code)) {
      return { code: f.code, message: String(f.message ?? ''), detail: f.detail, constraint: f.constraint };
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
