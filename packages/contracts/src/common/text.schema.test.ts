import { describe, expect, it } from 'vitest';
import {
  multiLineText,
  singleLineText,
  storableProblem,
  storableText,
  TEXT_MESSAGES,
  textProblem,
} from './text.schema';

const C0_EXCEPT_WHITESPACE = Array.from({ length: 32 }, (_, i) => String.fromCharCode(i)).filter(
  (c) => !['\t', '\n', '\r'].includes(c),
);

describe('textProblem', () => {
  it('finds NUL first, in both kinds', () => {
    expect(textProblem('a\u0000b', 'single-line')).toBe('nul');
    expect(textProblem('a\u0000b\n', 'multi-line')).toBe('nul');
  });

  it('refuses every other C0 control character and DEL in both kinds', () => {
    for (const c of [...C0_EXCEPT_WHITESPACE.filter((c) => c !== '\u0000'), '\u007f']) {
      expect(textProblem(`a${c}b`, 'single-line'), JSON.stringify(c)).toBe('control');
      expect(textProblem(`a${c}b`, 'multi-line'), JSON.stringify(c)).toBe('control');
    }
  });

  it('lets multi-line text keep tab, LF and CR; single-line text refuses them', () => {
    for (const c of ['\t', '\n', '\r']) {
      expect(textProblem(`a${c}b`, 'multi-line')).toBeNull();
      expect(textProblem(`a${c}b`, 'single-line')).toBe('control');
    }
  });

  it('refuses unpaired surrogates, high or low, anywhere; a pair (an emoji) is fine', () => {
    for (const v of ['\ud800', 'a\ud83d', '\udc00a', 'x\udfffy', '\ude00\ud83d']) {
      expect(textProblem(v, 'single-line'), JSON.stringify(v)).toBe('surrogate');
      expect(storableProblem(v), JSON.stringify(v)).toBe('surrogate');
    }
    expect(textProblem('smile 😀 ok', 'single-line')).toBeNull();
    expect(storableProblem('😀')).toBeNull();
  });

  it('accepts ordinary text in any script, C1 characters and non-characters PostgreSQL stores', () => {
    for (const v of ['', 'Zoë', '日本語', 'مرحبا', '\u0085', '\u00a0', '\ufffd', 'a\u200bb']) {
      expect(textProblem(v, 'single-line'), JSON.stringify(v)).toBeNull();
    }
  });

  it('storableProblem only refuses what the database cannot store', () => {
    expect(storableProblem('a\u0001\n\u007f')).toBeNull();
    expect(storableProblem('a\u0000')).toBe('nul');
  });
});

describe('the zod builders', () => {
  it('singleLineText refuses a line break with the control message, and chains like z.string()', () => {
    const schema = singleLineText({ trim: true }).min(1, 'Name is required').max(5);
    expect(schema.safeParse('  Ann \n').data).toBe('Ann');
    const issues = schema.safeParse('An\nn').error?.issues ?? [];
    expect(issues[0]).toMatchObject({ code: 'custom', message: TEXT_MESSAGES.control });
    expect(schema.safeParse('  ').error?.issues[0]?.message).toBe('Name is required');
    expect(schema.safeParse('toolong').success).toBe(false);
  });

  it('without trim, a trailing line break is refused, not dropped', () => {
    expect(singleLineText().safeParse('id\n').success).toBe(false);
  });

  it('multiLineText keeps line breaks and refuses NUL with its own message', () => {
    expect(multiLineText().safeParse('one\r\ntwo\tthree').success).toBe(true);
    expect(multiLineText().safeParse('one\u0000').error?.issues[0]?.message).toBe(TEXT_MESSAGES.nul);
    expect(multiLineText().safeParse('bell\u0007').error?.issues[0]?.message).toBe(TEXT_MESSAGES.control);
  });

  it('storableText takes control characters (they are sanitised later) but not NUL', () => {
    expect(storableText().safeParse('a\u0001b').success).toBe(true);
    expect(storableText().safeParse('a\u0000b').success).toBe(false);
  });
});
