import type { FormInstance } from 'antd';

/**
 * Shows one problem at a time beside its field (part 1 section 5): clears the other fields'
 * errors, sets this one's, and moves focus there. Returns true when there was a problem.
 */
export function showFieldProblem<F extends string>(
  form: FormInstance,
  fields: readonly F[],
  problem: { field: F; message: string } | null,
): boolean {
  form.setFields(fields.map((name) => ({ name, errors: problem?.field === name ? [problem.message] : [] })));
  if (problem) form.getFieldInstance(problem.field)?.focus?.();
  return problem !== null;
}

/** Clears a field's error as soon as its value changes. */
export function clearErrorsOnChange(form: FormInstance) {
  return (changed: Record<string, unknown>) => {
    const names = Object.keys(changed).filter((name) => form.getFieldError(name).length > 0);
    if (names.length > 0) form.setFields(names.map((name) => ({ name, errors: [] })));
  };
}
