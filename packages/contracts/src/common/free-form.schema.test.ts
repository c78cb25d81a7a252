import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FREE_FORM_LIMITS, freeFormObject, freeFormProblem, isFreeFormSchema } from './free-form.schema';

const nest = (depth: number): unknown => (depth <= 1 ? { leaf: 1 } : { n: nest(depth - 1) });

describe('freeFormObject', () => {
  const schema = freeFormObject();

  it('takes plain JSON objects within the limits', () => {
    expect(
      schema.safeParse({ timestamp: '2026-01-01T00:00:00Z', n: 1, ok: true, none: null, list: [1, 'a'] })
        .success,
    ).toBe(true);
    expect(schema.safeParse(nest(FREE_FORM_LIMITS.maxDepth)).success).toBe(true);
  });

  it('refuses nesting deeper than the limit, arrays counting as a level', () => {
    expect(schema.safeParse(nest(FREE_FORM_LIMITS.maxDepth + 1)).error?.issues[0]?.message).toBe(
      'Must be nested at most 5 levels deep',
    );
    expect(schema.safeParse({ a: [[[[1]]]] }).success).toBe(true);
    expect(schema.safeParse({ a: [[[[[1]]]]] }).success).toBe(false);
  });

  it('refuses more than 4 KB of JSON, counted in UTF-8 bytes', () => {
    expect(schema.safeParse({ s: 'x'.repeat(4000) }).success).toBe(true);
    expect(schema.safeParse({ s: 'x'.repeat(4100) }).success).toBe(false);
    // 1,500 characters of three bytes each: 4,500 bytes.
    expect(schema.safeParse({ s: '日'.repeat(1500) }).success).toBe(false);
  });

  it('refuses keys that reach prototypes, at any depth, even as own keys from JSON.parse', () => {
    for (const value of [
      JSON.parse('{"__proto__": {"x": 1}}'),
      { constructor: 1 },
      { a: { prototype: 1 } },
      { list: [{ constructor: {} }] },
    ]) {
      const issue = schema.safeParse(value).error?.issues[0];
      expect(issue?.message, JSON.stringify(value)).toMatch(
        /^The key "(__proto__|constructor|prototype)" is not allowed$/,
      );
    }
  });

  it('names the path of the problem inside the object', () => {
    const wrapped = z.strictObject({ metadata: schema });
    const issue = wrapped.safeParse({ metadata: { a: { b: 'x\u0000' } } }).error?.issues[0];
    expect(issue).toMatchObject({ path: ['metadata', 'a', 'b'], message: 'Must not contain NUL characters' });
  });

  it('refuses control characters in keys, not in values (free text keeps line breaks)', () => {
    expect(schema.safeParse({ 'a\nb': 1 }).success).toBe(false);
    expect(schema.safeParse({ note: 'line one\nline two' }).success).toBe(true);
    expect(schema.safeParse({ ['k'.repeat(101)]: 1 }).success).toBe(false);
  });

  it('refuses what is not an object', () => {
    for (const value of [[1], 'x', 1, null]) expect(schema.safeParse(value).success).toBe(false);
  });

  it('walks a hostile nesting without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(freeFormProblem({ deep })?.message).toBe('Must be nested at most 5 levels deep');
  });

  it('is recognised as free-form (wrapped or not), a plain record is not', () => {
    expect(isFreeFormSchema(schema)).toBe(true);
    expect(isFreeFormSchema(z.record(z.string(), z.unknown()))).toBe(false);
  });
});
