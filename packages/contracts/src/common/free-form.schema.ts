import { z } from 'zod';
import { GENERIC_ISSUE_PARAM, TEXT_MESSAGES, textProblem } from './text.schema';

/**
 * Free-form JSON a client may attach (audit details, charge metadata, ...): stored as jsonb, so
 * it is bounded in size and depth, its keys are plain one-line names, and it cannot carry keys
 * that mean something to JavaScript objects.
 */
export const FREE_FORM_LIMITS = {
  /** Serialized JSON, in UTF-8 bytes. */
  maxBytes: 4096,
  /** The object itself is level 1. */
  maxDepth: 5,
  maxKeyLength: 100,
} as const;

/** Keys refused at any depth: they reach prototypes when code merges or indexes such objects. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export const FREE_FORM_MESSAGES = {
  tooLarge: (bytes: number) => `Must be at most ${bytes} bytes of JSON`,
  tooDeep: (depth: number) => `Must be nested at most ${depth} levels deep`,
  forbiddenKey: (key: string) => `The key "${key}" is not allowed`,
  keyTooLong: (max: number) => `Keys must be at most ${max} characters`,
  notJson: 'Must hold only JSON values (strings, finite numbers, booleans, null, arrays, objects)',
} as const;

type Limits = { maxBytes: number; maxDepth: number };

/** Schemas built here: the server lets free-form values through its strict-body audit only from here. */
const freeFormSchemas = new WeakSet<object>();
export const isFreeFormSchema = (schema: unknown): boolean =>
  typeof schema === 'object' && schema !== null && freeFormSchemas.has(schema);

const isPlainObject = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/**
 * The first problem of `value` as free-form JSON, with the path to it (walked without recursion,
 * and no deeper than the limit, so a hostile nesting cannot exhaust the stack).
 */
export function freeFormProblem(
  value: unknown,
  limits: Limits = FREE_FORM_LIMITS,
): { path: (string | number)[]; message: string; params?: Record<string, string> } | null {
  const stack: Array<{ value: unknown; path: (string | number)[]; depth: number }> = [
    { value, path: [], depth: 1 },
  ];
  while (stack.length > 0) {
    const item = stack.pop() as (typeof stack)[number];
    const v = item.value;
    if (typeof v === 'string') {
      const problem = textProblem(v, 'multi-line');
      if (problem) {
        return {
          path: item.path,
          message: TEXT_MESSAGES[problem],
          params: { [GENERIC_ISSUE_PARAM]: problem },
        };
      }
      continue;
    }
    if (v === null || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return { path: item.path, message: FREE_FORM_MESSAGES.notJson };
      continue;
    }
    const isArray = Array.isArray(v);
    if (!isArray && !isPlainObject(v)) return { path: item.path, message: FREE_FORM_MESSAGES.notJson };
    if (item.depth > limits.maxDepth) {
      return { path: item.path, message: FREE_FORM_MESSAGES.tooDeep(limits.maxDepth) };
    }
    if (isArray) {
      (v as unknown[]).forEach((el, i) => {
        stack.push({ value: el, path: [...item.path, i], depth: item.depth + 1 });
      });
      continue;
    }
    for (const key of Object.keys(v as object)) {
      const path = [...item.path, key];
      if (FORBIDDEN_KEYS.has(key)) return { path, message: FREE_FORM_MESSAGES.forbiddenKey(key) };
      if (key.length > FREE_FORM_LIMITS.maxKeyLength) {
        return { path, message: FREE_FORM_MESSAGES.keyTooLong(FREE_FORM_LIMITS.maxKeyLength) };
      }
      const problem = textProblem(key, 'single-line');
      if (problem)
        return { path, message: TEXT_MESSAGES[problem], params: { [GENERIC_ISSUE_PARAM]: problem } };
      stack.push({ value: (v as Record<string, unknown>)[key], path, depth: item.depth + 1 });
    }
  }
  // Depth is bounded now, so serializing cannot recurse without end.
  const bytes = new TextEncoder().encode(JSON.stringify(value)).length;
  if (bytes > limits.maxBytes) return { path: [], message: FREE_FORM_MESSAGES.tooLarge(limits.maxBytes) };
  return null;
}

/**
 * A free-form JSON object, bounded (FREE_FORM_LIMITS unless given): the one way a request schema
 * takes an object whose keys it does not know. Checked as it arrives (before zod copies it, which
 * would quietly drop a `__proto__` key instead of refusing it).
 */
export function freeFormObject(limits: Partial<Limits> = {}) {
  const bounds = { ...FREE_FORM_LIMITS, ...limits };
  const schema = z
    .unknown()
    .superRefine((value, ctx) => {
      if (!isPlainObject(value)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Expected an object',
          params: { [GENERIC_ISSUE_PARAM]: 'free-form' },
        });
        return;
      }
      const problem = freeFormProblem(value, bounds);
      if (problem) {
        ctx.addIssue({
          code: 'custom',
          message: problem.message,
          path: problem.path,
          params: { [GENERIC_ISSUE_PARAM]: 'free-form', ...problem.params },
        });
      }
    })
    .pipe(z.record(z.string(), z.unknown()))
    .meta({
      type: 'object',
      description: `Free-form JSON object (at most ${bounds.maxBytes} bytes, ${bounds.maxDepth} levels)`,
    } as never);
  freeFormSchemas.add(schema);
  return schema;
}
