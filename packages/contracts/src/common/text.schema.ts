import { z } from 'zod';

/**
 * What a text field may hold. PostgreSQL cannot store NUL in text or jsonb, nor an unpaired UTF-16
 * surrogate (it is not valid UTF-8), so no string anywhere may carry them. Other C0 control
 * characters and DEL make no sense in names, e-mails, ids or titles (single-line); multi-line text
 * (messages, comments, descriptions) keeps tab, line feed and carriage return.
 */
export type TextKind = 'single-line' | 'multi-line';
export type TextProblem = 'nul' | 'control' | 'surrogate';

export const TEXT_MESSAGES: Record<TextProblem, string> = {
  nul: 'Must not contain NUL characters',
  control: 'Must not contain control characters',
  surrogate: 'Must not contain invalid Unicode (unpaired surrogates)',
};

/**
 * Marks zod issues whose message is generic ("Must not contain ...", "Must be at most ..."): the
 * server puts the field's name in front of it. Messages written for one field are shown as they are.
 */
export const GENERIC_ISSUE_PARAM = 'stratosGeneric';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const SINGLE_LINE_CONTROL = /[\u0000-\u001f\u007f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const MULTI_LINE_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Only what the database cannot store: NUL and unpaired surrogates (the server-wide rule). */
export function storableProblem(value: string): TextProblem | null {
  if (value.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(value)) return 'surrogate';
  return null;
}

/** The first rule `value` breaks for a field of this kind, or null. */
export function textProblem(value: string, kind: TextKind): TextProblem | null {
  const control = kind === 'single-line' ? SINGLE_LINE_CONTROL : MULTI_LINE_CONTROL;
  if (!control.test(value)) return LONE_SURROGATE.test(value) ? 'surrogate' : null;
  return value.includes('\u0000') ? 'nul' : 'control';
}

function textRule(kind: TextKind | 'storable') {
  return (value: string, ctx: z.RefinementCtx) => {
    const problem = kind === 'storable' ? storableProblem(value) : textProblem(value, kind);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        message: TEXT_MESSAGES[problem],
        params: { [GENERIC_ISSUE_PARAM]: problem },
      });
    }
  };
}

interface TextOptions {
  /** Trim before the rule applies (so a trailing newline of a name is not refused, it is dropped). */
  trim?: boolean;
}

/**
 * A string for names, e-mails, ids, titles and other one-line values: no control characters at
 * all. Chain `.min()`, `.max()`, `.regex()` as with `z.string()`.
 */
export function singleLineText(options: TextOptions = {}) {
  const base = options.trim ? z.string().trim() : z.string();
  return base.superRefine(textRule('single-line'));
}

/** A string for free text (chat messages, comments, descriptions): tab, LF and CR allowed. */
export function multiLineText(options: TextOptions = {}) {
  const base = options.trim ? z.string().trim() : z.string();
  return base.superRefine(textRule('multi-line'));
}

/**
 * Any text the database can store (no NUL, no unpaired surrogates): for values a program makes
 * safe itself, such as a file name from a file system, which the upload sanitizes.
 */
export function storableText() {
  return z.string().superRefine(textRule('storable'));
}
