import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { looseBodyPaths } from './body-schema-audit';
import { fieldLabel, type InputLocation } from './field-label';
import { findUnstorableText } from './unstorable-text';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads its body as bytes (a provider's signed webhook): it declares no body schema
     * yet takes a body, and the text checks leave the bytes alone.
     */
    rawBody?: boolean;
  }
}

export const BODY_NOT_ALLOWED = 'This endpoint takes no request body';

/** Request headers whose values are stored (sessions keep the user agent, payments the key). */
const STORED_HEADERS = ['user-agent', 'idempotency-key'] as const;

const invalid = (location: InputLocation, path: Array<string | number>, message: string) => {
  const text = `${fieldLabel(location, path)}: ${message}`;
  return new AppError(400, 'VALIDATION_ERROR', text, [{ in: location, path: path.join('.'), message: text }]);
};

const isEmptyObject = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.keys(v).length === 0;

/** Methods whose bodies Fastify never parses. */
const UNPARSED = new Set(['GET', 'HEAD', 'TRACE']);

/**
 * A body came with a request to a route that declares none (an empty JSON object is no body). A
 * route that reads its own bytes (multipart, tus) gets no parsed body, so it is not refused here.
 */
function carriesBody(request: FastifyRequest): boolean {
  const body = request.body;
  if (body !== undefined && body !== null) return !isEmptyObject(body);
  if (!UNPARSED.has(request.method)) return false;
  // A GET or HEAD body is never parsed: its headers tell.
  const { headers } = request;
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** What every route refuses before validation: returns the error, or null. */
function inspect(request: FastifyRequest): AppError | null {
  const route = request.routeOptions;
  if (!route.config?.rawBody) {
    if (!route.schema?.body && carriesBody(request)) {
      return new AppError(400, 'BODY_NOT_ALLOWED', BODY_NOT_ALLOWED);
    }
    const inBody = findUnstorableText(request.body);
    if (inBody) return invalid('body', inBody.path, inBody.message);
  }
  const inQuery = findUnstorableText(request.query);
  if (inQuery) return invalid('querystring', inQuery.path, inQuery.message);
  const inParams = findUnstorableText(request.params);
  if (inParams) return invalid('params', inParams.path, inParams.message);
  for (const name of STORED_HEADERS) {
    const inHeader = findUnstorableText(request.headers[name]);
    if (inHeader) return invalid('headers', [name, ...inHeader.path], inHeader.message);
  }
  return null;
}

/**
 * The server-wide input rules, so a route cannot forget them:
 * - a string the database cannot store (NUL, unpaired surrogates) anywhere in the body, query,
 *   path parameters or stored headers is a 400 naming the field, before validation and before
 *   any service runs;
 * - a route without a body schema (every GET and DELETE, and POSTs that take none) refuses a body;
 * - a route's body schema must be strict at every level (unknown fields are a 400), checked when
 *   the route is registered: a loose one stops the app from starting.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const body = route.schema?.body;
    if (!body) return;
    const loose = looseBodyPaths(body);
    if (loose.length > 0) {
      const method = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new Error(
        `${method} ${route.url}: the request body schema lets unknown fields through at ${loose.join(', ')}; ` +
          'use z.strictObject, and freeFormObject() for free-form data',
      );
    }
  });

  // A callback hook: it never waits, so it costs no promise on the hot paths.
  app.addHook('preValidation', (request, _reply, done) => {
    const error = inspect(request);
    if (error) done(error);
    else done();
  });
}
