import { randomUUID } from 'node:crypto';

/** The part of a JSON Schema (as @fastify/swagger publishes the zod contracts) the samples read. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

/** Values whose rules the JSON Schema cannot say (a refinement or a transform), by field name. */
const BY_NAME: Record<string, unknown> = {
  number: '4242 4242 4242 4242',
  email: 'sweep@example.com',
  user_email: 'sweep@example.com',
};

/** Candidates for a `pattern`, the first that matches is used. */
const PATTERN_CANDIDATES = ['123456', '123', 'sweep@example.com', 'Sample1a'];

/** A free-form object (no properties known): the sample gives it one key, so its values are swept too. */
export const FREE_FORM_SAMPLE_KEY = 'note';

export type Path = Array<string | number>;

/** What a sample holds: its objects with known fields, and its strings with their schemas. */
export interface SampleShape {
  objects: Path[];
  strings: Array<{ path: Path; schema: JsonSchema }>;
}

const typeOf = (s: JsonSchema): string | undefined => {
  if (Array.isArray(s.type)) return s.type.find((t) => t !== 'null');
  if (s.type) return s.type;
  if (s.properties) return 'object';
  return undefined;
};

function sampleString(s: JsonSchema): string {
  if (s.format === 'uuid') return randomUUID();
  if (s.format === 'email') return 'sweep@example.com';
  if (s.format === 'date-time') return new Date().toISOString();
  if (s.format === 'date') return new Date().toISOString().slice(0, 10);
  const min = s.minLength ?? 1;
  const max = s.maxLength ?? 64;
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    const hit = PATTERN_CANDIDATES.find((c) => re.test(c) && c.length >= min && c.length <= max);
    if (hit) return hit;
  }
  // Upper and lower case and a digit: passes the password rules too.
  let value = 'Sample1a';
  while (value.length < min) value += 'Sample1a';
  return value.slice(0, Math.max(min, Math.min(max, value.length)));
}

function sampleNumber(s: JsonSchema, integer: boolean): number {
  let n = s.minimum ?? 1;
  if (s.exclusiveMinimum === true || (typeof s.exclusiveMinimum === 'number' && n <= s.exclusiveMinimum)) {
    n = (typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum : n) + 1;
  }
  if (s.maximum !== undefined && n > s.maximum) n = s.maximum;
  return integer ? Math.ceil(n) : n;
}

/**
 * A value the schema accepts, with every optional field present (so refinements such as "Nothing
 * to change" pass). `found` collects where its strings and its objects with known fields are;
 * `byName` gives values by field name (the signed-in user's id for `userId`, ...).
 */
export function sampleOf(
  schema: JsonSchema,
  name = '',
  at: Path = [],
  found: SampleShape = { objects: [], strings: [] },
  byName: Record<string, unknown> = {},
): unknown {
  const recurse = (s: JsonSchema, n: string, p: Path) => sampleOf(s, n, p, found, byName);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const first = options.find((o) => typeOf(o) !== 'null' && o.type !== 'null') ?? options[0];
    return first ? recurse(first, name, at) : null;
  }
  if (schema.allOf?.[0]) return recurse(schema.allOf[0], name, at);
  const leaf = (value: unknown) => {
    if (typeof value === 'string') found.strings.push({ path: at, schema });
    return value;
  };
  if (schema.const !== undefined) return leaf(schema.const);
  if (schema.enum) return leaf(schema.enum.find((v) => v !== null) ?? null);
  if (name in byName) return leaf(byName[name]);
  if (name in BY_NAME) return leaf(BY_NAME[name]);
  switch (typeOf(schema)) {
    case 'string':
      return leaf(sampleString(schema));
    case 'integer':
      return sampleNumber(schema, true);
    case 'number':
      return sampleNumber(schema, false);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, (_, i) =>
        recurse(schema.items ?? {}, name, [...at, i]),
      );
    case 'object': {
      if (!schema.properties) {
        // Free-form: its one sample value is swept as a string of its own.
        found.strings.push({ path: [...at, FREE_FORM_SAMPLE_KEY], schema: { type: 'string' } });
        return { [FREE_FORM_SAMPLE_KEY]: 'free text' };
      }
      found.objects.push(at);
      return Object.fromEntries(
        Object.entries(schema.properties).map(([k, v]) => [k, recurse(v, k, [...at, k])]),
      );
    }
    default:
      return leaf(schema.default ?? 'Sample1a');
  }
}

/** A deep copy of `value` with the value at `path` replaced (or, with `add`, a key added to the object there). */
export function withValue(value: unknown, path: Path, replacement: unknown): unknown {
  const copy = structuredClone(value);
  if (path.length === 0) return replacement;
  let node = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = replacement;
  return copy;
}

export function withKey(value: unknown, path: Path, key: string, keyValue: unknown): unknown {
  const copy = structuredClone(value);
  let node = copy as Record<string | number, unknown>;
  for (const k of path) node = node[k] as Record<string | number, unknown>;
  node[key] = keyValue;
  return copy;
}
