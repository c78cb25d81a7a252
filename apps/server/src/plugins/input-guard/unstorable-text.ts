import { storableProblem, TEXT_MESSAGES } from '@stratos/contracts/common/text.schema';

export interface TextFinding {
  path: Array<string | number>;
  message: string;
}

function inString(value: string, path: Array<string | number>): TextFinding | null {
  const problem = storableProblem(value);
  return problem ? { path, message: TEXT_MESSAGES[problem] } : null;
}

/**
 * The first string in `value` (a value or an object key, at any depth) that PostgreSQL cannot
 * store: NUL or an unpaired surrogate. Walked with a stack, not recursion, so a hostile nesting
 * cannot exhaust the call stack; path arrays are built per object, not per string.
 */
export function findUnstorableText(value: unknown): TextFinding | null {
  if (typeof value === 'string') return inString(value, []);
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return null;
  const stack: Array<{ node: object; path: Array<string | number> }> = [{ node: value, path: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, path } = item;
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const el: unknown = node[i];
        if (typeof el === 'string') {
          const found = inString(el, [...path, i]);
          if (found) return found;
        } else if (typeof el === 'object' && el !== null) {
          stack.push({ node: el, path: [...path, i] });
        }
      }
      continue;
    }
    for (const key of Object.keys(node)) {
      const keyFinding = inString(key, [...path, key]);
      if (keyFinding) return keyFinding;
      const el: unknown = (node as Record<string, unknown>)[key];
      if (typeof el === 'string') {
        const found = inString(el, [...path, key]);
        if (found) return found;
      } else if (typeof el === 'object' && el !== null) {
        stack.push({ node: el, path: [...path, key] });
      }
    }
  }
  return null;
}
