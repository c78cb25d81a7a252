import { isFreeFormSchema } from '@stratos/contracts/common/free-form.schema';

interface ZodDefLike {
  type: string;
  [key: string]: unknown;
}
const defOf = (schema: unknown): ZodDefLike | undefined =>
  (schema as { _zod?: { def?: ZodDefLike } } | null)?._zod?.def;
const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/**
 * Where a request body schema would let unknown fields through: an object that is not strict, or
 * a record / unknown / any that is not a bounded free-form object (common/free-form.schema.ts).
 * Empty when the whole schema is strict. Reads zod 4's schema definitions.
 */
export function looseBodyPaths(schema: unknown, path = '', seen = new Set<unknown>()): string[] {
  if (isFreeFormSchema(schema) || seen.has(schema)) return [];
  const def = defOf(schema);
  if (!def) return [];
  seen.add(schema);
  const at = path || '(body)';
  switch (def.type) {
    case 'object': {
      const catchall = defOf(def.catchall);
      const own = catchall?.type === 'never' ? [] : [at];
      const shape = def.shape as Record<string, unknown>;
      return [
        ...own,
        ...Object.entries(shape).flatMap(([key, s]) => looseBodyPaths(s, join(path, key), seen)),
      ];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'readonly':
    case 'catch':
      return looseBodyPaths(def.innerType, path, seen);
    case 'array':
      return looseBodyPaths(def.element, join(path, '[]'), seen);
    case 'union':
      return (def.options as unknown[]).flatMap((o) => looseBodyPaths(o, path, seen));
    case 'intersection':
      return [...looseBodyPaths(def.left, path, seen), ...looseBodyPaths(def.right, path, seen)];
    case 'pipe':
      // What arrives is what the input side accepts.
      return looseBodyPaths(def.in, path, seen);
    case 'lazy':
      return looseBodyPaths((def.getter as () => unknown)(), path, seen);
    case 'tuple':
      return [...(def.items as unknown[]), ...(def.rest ? [def.rest] : [])].flatMap((s, i) =>
        looseBodyPaths(s, join(path, i), seen),
      );
    case 'record':
    case 'map':
    case 'unknown':
    case 'any':
      return [at];
    default:
      return [];
  }
}
