import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers of an API reply (JSON, a download, an event stream), as the OWASP REST Security
 * Cheat Sheet lists them: nothing in such a reply is ever rendered as a page, so it gets a policy
 * that allows nothing and may not be framed, no sniffing, HTTPS only, and no caching of what a
 * signed-in person reads (a route that may be cached, such as the plan list, says so itself).
 * Helmet's page-only headers (DNS prefetch, download options, agent clustering, the XSS auditor,
 * cross-domain policies) mean nothing here and would cost every API reply ~600 bytes.
 */
const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['cache-control', 'no-store'],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['referrer-policy', 'no-referrer'],
];

/** An API reply rather than a page: /api/*, except the OpenAPI browser at /api/docs (a page). */
const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Security headers and the request id on every response: pages (the web app, /api/docs) get
 * Helmet's full set with the app's CSP, API replies the lean set above plus the same HSTS. One
 * synchronous onRequest hook with a helmet middleware built once: @fastify/helmet rebuilt the
 * middleware (re-parsing every CSP directive) in two hooks per request.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>) {
  const applyHelmet = helmet(options);
  const hsts = hstsValue(options.hsts);
  app.addHook('onRequest', (request, reply, done) => {
    const raw = reply.raw;
    if (isApi(request.url)) {
      for (const [name, value] of API_HEADERS) raw.setHeader(name, value);
      if (hsts) raw.setHeader('strict-transport-security', hsts);
      reply.header('x-request-id', request.id);
      done();
      return;
    }
    let failure: Error | undefined;
    // Synchronous: helmet calls back before returning (only a function-valued CSP directive can fail).
    applyHelmet(request.raw, raw, (err?: unknown) => {
      if (err) failure = err instanceof Error ? err : new Error(String(err));
    });
    reply.header('x-request-id', request.id);
    done(failure);
  });
}

/** The Strict-Transport-Security value Helmet sends for these options (null when turned off). */
function hstsValue(option: HelmetOptions['hsts']): string | null {
  if (option === false) return null;
  const o = option === true || option === undefined ? {} : option;
  let value = `max-age=${o.maxAge ?? 31536000}`;
  if (o.includeSubDomains ?? true) value += '; includeSubDomains';
  if (o.preload) value += '; preload';
  return value;
}
