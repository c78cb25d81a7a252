import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';

const REDACTED = '[redacted]';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Long opaque strings (share tokens are 43 base64url characters): a credential more often than not. */
const TOKEN_LIKE = /^[A-Za-z0-9_~.-]{32,}$/;

/**
 * A request's URL as the log may keep it: the path with credential segments replaced, and every
 * query value dropped (`?token=[redacted]`). Download links carry their token in the query, share
 * links carry theirs in the path (`/s/<token>`, `/api/public/shares/<token>/...`); any other long
 * opaque segment that is not a UUID is treated the same way, so a new route cannot leak one.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const segments = path.split('/');
  const safePath = segments
    .map((seg, i) => {
      if (seg === '') return seg;
      const before = segments[i - 1];
      const isShareToken =
        (i === 2 && before === 's') || (before === 'shares' && segments[i - 2] === 'public');
      return isShareToken || (TOKEN_LIKE.test(seg) && !UUID.test(seg)) ? REDACTED : seg;
    })
    .join('/');
  if (q === -1) return safePath;
  const names = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=${REDACTED}`);
  return `${safePath}?${names.join('&')}`;
}

/** Fastify's request serializer minus anything secret: no headers at all, the URL redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket ? request.socket.remotePort : undefined,
  };
}

/**
 * Paths pino blanks wherever a log call passes request headers along (ours never do; the list
 * keeps a future `log.info({ headers })` from printing a session).
 */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'headers.authorization',
  'headers.cookie',
  'headers["set-cookie"]',
  'res.headers["set-cookie"]',
];

/**
 * The app's pino options: level and pretty printing from the configuration, or the caller's
 * `overrides` (tests and benchmarks pass a level or a stream), and always the redaction above.
 */
export function loggerOptions(config: AppConfig, overrides?: Record<string, unknown>) {
  const pretty =
    config.logPretty && !overrides
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {};
  return {
    level: config.logLevel,
    ...pretty,
    ...overrides,
    serializers: { req: serializeRequest },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  };
}
