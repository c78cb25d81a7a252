import { protocol } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { executeMessages } from './pglite-execute-message';

const { serialize } = protocol;

/** What PGlite's own serializer writes for the same execution. */
function pgliteMessages(statement: string, values: unknown[]): Buffer {
  return Buffer.concat([
    serialize.bind({ statement, values: values as (string | null | ArrayBuffer)[] }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
}

describe('the messages of a prepared execution on PGlite', () => {
  it.each([
    ['one text value', 'drizzle_prepared_1', ['3b2a1c4d-1111-2222-3333-444455556666']],
    ['no values', 'drizzle_prepared_22', []],
    ['nulls among values', 'drizzle_prepared_3', [null, 'x', null]],
    ['non-ASCII text', 'drizzle_prepared_4', ['Grüße, 東京 🚀', '']],
    ['many values', 'drizzle_prepared_5', Array.from({ length: 40 }, (_, i) => `value ${i}`)],
    ['a long value', 'drizzle_prepared_6', ['é'.repeat(70_000)]],
    ['bytes, sent as binary', 'drizzle_prepared_7', [new Uint8Array([0, 1, 2, 255]), 'text']],
  ])('%s: byte for byte what PGlite writes', (_label, statement, values) => {
    expect(executeMessages(statement, values).equals(pgliteMessages(statement, values))).toBe(true);
  });

  it('sends undefined as null', () => {
    expect(executeMessages('s', [undefined]).equals(pgliteMessages('s', [null]))).toBe(true);
  });
});
