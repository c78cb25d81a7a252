import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiStandins } from './ai-standins';
import {
  type JsonSchema,
  type Path,
  type SampleShape,
  sampleOf,
  withKey,
  withValue,
} from './openapi-samples';
import { createTestApp, type TestApp } from './test-app';
import { createTestUser, type TestUser } from './users.fixture';

/**
 * Every route the app publishes in its OpenAPI document (from the zod contracts), swept for the
 * input rules of issue 14: NUL and unpaired surrogates in any string, control characters, unknown
 * fields at any level, a body where none is taken, and prototype member names as values. A route
 * added later is swept as well. Each check gathers every offending route, so a failure lists them all.
 */

interface Param {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  method: string;
  path: string;
  params: Param[];
  body?: JsonSchema;
}

let standins: AiStandins;
let t: TestApp;
let admin: TestUser;
let operations: Operation[];

beforeAll(async () => {
  standins = await AiStandins.start();
  t = await createTestApp({ ...standins.env(), AI_CHAT_RATE_LIMIT_PER_MINUTE: '100000' });
  await t.app.ready();
  // The superadmin passes every guard, so a refusal can only be the input's.
  admin = await createTestUser(t.app, { role: 'superadmin' });
  const doc = t.app.swagger() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Param[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }
      >
    >;
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      params: op.parameters ?? [],
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
  await standins?.close();
});

/** Each request from its own address, so per-address rate limits never answer instead of validation. */
let addressCounter = 0;
const nextAddress = () => {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
};

/** A request to `op` with valid values everywhere, then changed by the check. */
interface Request {
  pathValues: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  hasBody: boolean;
}

const byName = () => ({ userId: admin.user.id });

function sampleRequest(op: Operation): { request: Request; shape: SampleShape; params: SampleShape } {
  const params: SampleShape = { objects: [], strings: [] };
  const pathValues: Record<string, string> = {};
  const query: Record<string, string> = {};
  for (const p of op.params) {
    if (p.in === 'header') continue;
    const value = String(sampleOf(p.schema, p.name, [p.in, p.name], params, byName()));
    if (p.in === 'path') pathValues[p.name] = value;
    else query[p.name] = value;
  }
  const shape: SampleShape = { objects: [], strings: [] };
  const body = op.body ? sampleOf(op.body, '', [], shape, byName()) : undefined;
  // Params are strings whatever their schema (numbers in the query too): sweep them all.
  params.strings = op.params
    .filter((p) => p.in !== 'header')
    .map((p) => ({ path: [p.in, p.name], schema: p.schema }));
  return { request: { pathValues, query, body, hasBody: Boolean(op.body) }, shape, params };
}

async function send(op: Operation, r: Request, rawPayload?: string) {
  const url =
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(r.pathValues[name] ?? '')) +
    (Object.keys(r.query).length ? `?${new URLSearchParams(r.query)}` : '');
  const res = await t.app.inject({
    method: op.method as 'GET',
    url,
    remoteAddress: nextAddress(),
    headers: {
      ...admin.headers,
      ...(rawPayload !== undefined || r.hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(rawPayload !== undefined
      ? { payload: rawPayload }
      : r.hasBody
        ? { payload: JSON.stringify(r.body) }
        : {}),
  });
  let json: { error?: { code?: string; message?: string; details?: Array<{ path?: string }> } } = {};
  try {
    json = res.json();
  } catch {}
  return {
    status: res.statusCode,
    code: json.error?.code,
    message: json.error?.message ?? '',
    details: json.error?.details ?? [],
    raw: res.body,
  };
}

/** The request with the string at `path` (['path'|'query', name] or a body path) replaced. */
function replaced(r: Request, where: 'params' | 'body', path: Path, value: string): Request {
  if (where === 'body') return { ...r, body: withValue(r.body, path, value) };
  const [location, name] = path as ['path' | 'query', string];
  return location === 'path'
    ? { ...r, pathValues: { ...r.pathValues, [name]: value } }
    : { ...r, query: { ...r.query, [name]: value } };
}

/** How an error message names a field: `a.b.0.c` in the body, `query.x`, `params.x`. */
function label(where: 'params' | 'body', path: Path): string {
  if (where === 'body') return path.join('.');
  const [location, name] = path as ['path' | 'query', string];
  return location === 'path' ? `params.${name}` : `query.${name}`;
}

const routeName = (op: Operation) => `${op.method} ${op.path}`;

/** Every string of every operation, with where it sits. */
function everyString(): Array<{
  op: Operation;
  request: Request;
  where: 'params' | 'body';
  path: Path;
  schema: JsonSchema;
}> {
  return operations.flatMap((op) => {
    const { request, shape, params } = sampleRequest(op);
    return [
      ...params.strings.map((s) => ({ op, request, where: 'params' as const, ...s })),
      ...shape.strings.map((s) => ({ op, request, where: 'body' as const, ...s })),
    ];
  });
}

describe('every published route', () => {
  it('is found in the OpenAPI document (the sweep covers something)', () => {
    expect(operations.length).toBeGreaterThan(60);
    expect(operations.filter((o) => o.body).length).toBeGreaterThan(25);
  });

  it('refuses a NUL character in any string of the body, query or path with a 400 naming the field', async () => {
    const failures: string[] = [];
    const strings = everyString();
    expect(strings.length).toBeGreaterThan(150);
    for (const { op, request, where, path } of strings) {
      const res = await send(op, replaced(request, where, path, 'a\u0000b'));
      const field = label(where, path);
      if (res.status !== 400 || !res.message.includes(field) || !/NUL/.test(res.message)) {
        failures.push(`${routeName(op)} ${field}: ${res.status} ${res.message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses an unpaired surrogate in any body string with a 400 naming the field', async () => {
    const failures: string[] = [];
    for (const { op, request, where, path } of everyString().filter((s) => s.where === 'body')) {
      const res = await send(op, replaced(request, where, path, 'a\ud800b'));
      const field = label(where, path);
      if (res.status !== 400 || !res.message.includes(field)) {
        failures.push(`${routeName(op)} ${field}: ${res.status} ${res.message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses other control characters in any string with a 400 about that field', async () => {
    const failures: string[] = [];
    for (const { op, request, where, path } of everyString()) {
      const res = await send(op, replaced(request, where, path, 'a\u0001b'));
      const field = label(where, path);
      const bodyPath = where === 'body' ? path.join('.') : String(path[1]);
      const named = res.message.includes(field) || res.details.some((d) => d.path === bodyPath);
      if (res.status !== 400 || !named)
        failures.push(`${routeName(op)} ${field}: ${res.status} ${res.message}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses an unknown field at any level of a body with a 400 naming it', async () => {
    const failures: string[] = [];
    let checked = 0;
    for (const op of operations.filter((o) => o.body)) {
      const { request, shape } = sampleRequest(op);
      for (const at of shape.objects) {
        checked += 1;
        const res = await send(op, { ...request, body: withKey(request.body, at, 'unexpectedField', 1) });
        const field = [...at, 'unexpectedField'].join('.');
        if (res.status !== 400 || !res.message.includes(`"${field}"`)) {
          failures.push(`${routeName(op)} ${field}: ${res.status} ${res.message}`);
        }
      }
    }
    // Nested objects too (audit's client, the sandbox card, preferences' groups, recycle items).
    expect(checked).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });

  it('refuses a body on every route that takes none (GET, DELETE and body-less POSTs) with a 400', async () => {
    const failures: string[] = [];
    const bodyless = operations.filter((o) => !o.body);
    expect(bodyless.map((o) => o.method)).toEqual(expect.arrayContaining(['GET', 'DELETE', 'POST']));
    for (const op of bodyless) {
      const { request } = sampleRequest(op);
      const res = await send(op, request, JSON.stringify({ ids: ['00000000-0000-4000-8000-000000000000'] }));
      // A route that reads its own body (the multipart upload) refuses JSON as the wrong kind: 415.
      const refused = (res.status === 400 && res.code === 'BODY_NOT_ALLOWED') || res.status === 415;
      if (!refused) {
        failures.push(`${routeName(op)}: ${res.status} ${res.code} ${res.message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('treats __proto__, constructor, toString and hasOwnProperty as plain unknown values: never a 500, a 4xx where an id or a choice is expected', async () => {
    const failures: string[] = [];
    const names = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'prototype'];
    for (const { op, request, where, path, schema } of everyString()) {
      // An id, a choice of a list, a code: an unknown value is a refusal, not a success. (A chat
      // conversation may be named by any key of the client's, these names included.)
      const idLike =
        Boolean(schema.enum || schema.format || schema.pattern) ||
        (ID_FIELDS.has(String(path.at(-1))) && !op.path.startsWith('/api/ai/conversations/'));
      for (const name of names) {
        const res = await send(op, replaced(request, where, path, name));
        const bad = res.status >= 500 || (idLike && (res.status < 400 || res.status >= 500));
        if (bad)
          failures.push(
            `${routeName(op)} ${label(where, path)}=${name}: ${res.status} ${res.raw.slice(0, 120)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  });
});

/** Free-text fields that name a catalogue entry or a stored record: an unknown name is a 4xx. */
const ID_FIELDS = new Set(['plan_id', 'packageId', 'payment_intent_id', 'provider', 'id', 'token', 't']);
