import { freeFormObject } from '@stratos/contracts/common/free-form.schema';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { looseBodyPaths } from './body-schema-audit';
import { findUnstorableText } from './unstorable-text';

describe('looseBodyPaths', () => {
  it('is empty for a strict schema, whatever wraps its objects', () => {
    const schema = z
      .strictObject({
        a: z.strictObject({ b: z.array(z.strictObject({ c: z.string() })) }).optional(),
        d: z.union([z.strictObject({ e: z.number() }), z.null()]),
        meta: freeFormObject().optional(),
      })
      .partial()
      .refine(() => true)
      .nullish();
    expect(looseBodyPaths(schema)).toEqual([]);
  });

  it('names every object that lets unknown fields through, and records / unknowns not built as free-form', () => {
    const schema = z.strictObject({
      client: z.object({ ua: z.string() }),
      items: z.array(z.looseObject({ id: z.string() })),
      details: z.record(z.string(), z.unknown()),
      anything: z.unknown(),
    });
    expect(looseBodyPaths(schema)).toEqual(['client', 'items.[]', 'details', 'anything']);
    expect(looseBodyPaths(z.object({ a: z.string() }))).toEqual(['(body)']);
  });
});

describe('findUnstorableText', () => {
  it('finds NUL or an unpaired surrogate in values and keys at any depth, with the path', () => {
    expect(findUnstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toEqual({
      path: ['a', 1, 'c'],
      message: 'Must not contain NUL characters',
    });
    expect(findUnstorableText({ 'k\ud800': 1 })?.path).toEqual(['k\ud800']);
    expect(findUnstorableText('\u0000')?.path).toEqual([]);
  });

  it('lets other control characters through (schemas decide those) and skips bytes', () => {
    expect(findUnstorableText({ a: 'tab\there\u0001' })).toBeNull();
    expect(findUnstorableText(Buffer.from([0, 0xd8]))).toBeNull();
    expect(findUnstorableText(null)).toBeNull();
  });

  it('walks a hostile nesting without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findUnstorableText(deep)?.path).toHaveLength(200_000);
  });
});
