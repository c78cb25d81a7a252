import type { z } from 'zod';

/** An antd Form rule that validates one field with its contract schema and shows the schema's message. */
export function zodRule(schema: z.ZodType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Please check this field');
    },
  };
}
