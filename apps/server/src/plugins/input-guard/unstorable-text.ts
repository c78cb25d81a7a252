import { storableProblem, TEXT_MESSAGES } from '@stratos/contracts/common/text.schema';

export interface TextFinding {
  path: Array<string | number>;
  message: string;
}

/** A step of the walk: the key it was reached by and the step before, so no path is copied per node. */
interface Step {
  node: unknown;
  key: string | number | null;
  parent: Step | null;
}

function pathOf(step: Step): Array<string | number> {
  const path: Array<string | number> = [];
  for (let s: Step | null = step; s && s.key !== null; s = s.parent) path.push(s.key);
  return path.reverse();
}

/**
 * The first string in `value` (a value or an object key, at any depth) that PostgreSQL cannot
 * store: NUL or an unpaired surrogate. Walked with a stack, not recursion, and paths are built
 * only for the finding, so a hostile nesting costs neither stack nor quadratic time.
 */
export function findUnstorableText(value: unknown): TextFinding | null {
  if (typeof value !== 'string' && (typeof value !== 'object' || value === null || Buffer.isBuffer(value))) {
    return null;
  }
  const stack: Step[] = [{ node: value, key: null, parent: null }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    const { node } = step;
    if (typeof node === 'string') {
      const problem = storableProblem(node);
      if (problem) return { path: pathOf(step), message: TEXT_MESSAGES[problem] };
    } else if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const el: unknown = node[i];
        if (typeof el === 'string' || (typeof el === 'object' && el !== null)) {
          stack.push({ node: el, key: i, parent: step });
        }
      }
    } else if (typeof node === 'object' && node !== null) {
      for (const key of Object.keys(node)) {
        const keyProblem = storableProblem(key);
        if (keyProblem)
          return { path: pathOf({ node: key, key, parent: step }), message: TEXT_MESSAGES[keyProblem] };
        const el: unknown = (node as Record<string, unknown>)[key];
        if (typeof el === 'string' || (typeof el === 'object' && el !== null)) {
          stack.push({ node: el, key, parent: step });
        }
      }
    }
  }
  return null;
}
