import type { z } from 'zod';
import { ApiError } from './api-error';
import { authSession } from './auth-session';
import { tokenIsFresh } from './jwt';

export const API_TIMEOUT_MS = 30_000;

export interface RequestOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  /** The contract schema of the reply; the reply is parsed with it. */
  schema?: T;
  /** Skip the bearer token (public calls). */
  anonymous?: boolean;
  /** Extra request headers, e.g. the `Idempotency-Key` of a money-moving call. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A call known to take long (a 90,000-record seed): its own timeout instead of API_TIMEOUT_MS. */
  timeoutMs?: number;
}

interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

/**
 * The error envelope `{ error: { code, message, details? } }`, checked by hand: this client is on
 * every page's first load, and a zod schema here would bring zod onto the home page (about 25 KB
 * gzip) that otherwise never needs it. Replies with a contract schema are still parsed with it.
 */
function isErrorBody(json: unknown): json is ErrorBody {
  if (typeof json !== 'object' || json === null) return false;
  const error = (json as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return typeof code === 'string' && typeof message === 'string';
}

function url(path: string, query?: RequestOptions<z.ZodType>['query']): string {
  const u = new URL(`/api${path}`, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null && v !== '') u.searchParams.set(k, String(v));
  }
  return u.pathname + u.search;
}

async function send(path: string, opts: RequestOptions<z.ZodType>, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(opts.timeoutMs ?? API_TIMEOUT_MS);
  return fetch(url(path, opts.query), {
    method: opts.method ?? 'GET',
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
  });
}

async function currentToken(): Promise<string | null> {
  const token = authSession.accessToken();
  if (token && !tokenIsFresh(token)) {
    await authSession.refresh();
    return authSession.accessToken();
  }
  return token;
}

/**
 * The one HTTP client: JSON, bearer token, 30-second timeout, one transparent refresh on an
 * expired session, and errors as ApiError carrying the server's code and message.
 */
export async function apiRequest<T extends z.ZodType = z.ZodUnknown>(
  path: string,
  opts: RequestOptions<T> = {},
): Promise<z.infer<T>> {
  let token = opts.anonymous ? null : await currentToken();
  let res = await send(path, opts, token);
  if (res.status === 401 && token && !opts.anonymous) {
    if (await authSession.refresh()) {
      token = authSession.accessToken();
      res = await send(path, opts, token);
    }
  }
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    throw new ApiError(res.status, 'INVALID_RESPONSE', 'Invalid API response.');
  }
  if (!res.ok) {
    if (isErrorBody(json)) {
      throw new ApiError(res.status, json.error.code, json.error.message, json.error.details);
    }
    throw new ApiError(res.status, 'HTTP_ERROR', `API request failed: ${res.status} ${res.statusText}`);
  }
  if (!opts.schema) return json as z.infer<T>;
  const parsed = opts.schema.safeParse(json);
  if (!parsed.success) throw new ApiError(res.status, 'INVALID_RESPONSE', 'Invalid API response.');
  return parsed.data;
}
