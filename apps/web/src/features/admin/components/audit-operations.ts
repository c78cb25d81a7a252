import { AUDIT_OPERATIONS } from '@stratos/contracts/audit/audit.schema';

const LABELS: Record<string, string> = {
  [AUDIT_OPERATIONS.signUp]: 'Sign-up',
  [AUDIT_OPERATIONS.confirm]: 'Email confirmed',
  [AUDIT_OPERATIONS.loginSuccess]: 'Sign-in',
  [AUDIT_OPERATIONS.loginFailure]: 'Failed sign-in',
  [AUDIT_OPERATIONS.refreshReuse]: 'Refresh token reused',
  [AUDIT_OPERATIONS.logout]: 'Sign-out',
  [AUDIT_OPERATIONS.passwordReset]: 'Password reset',
  [AUDIT_OPERATIONS.passwordChange]: 'Password changed',
  [AUDIT_OPERATIONS.roleChange]: 'Role changed',
  [AUDIT_OPERATIONS.userDisabled]: 'User disabled',
  [AUDIT_OPERATIONS.userEnabled]: 'User enabled',
  [AUDIT_OPERATIONS.permissionsChange]: 'Permissions changed',
};

/**
 * A readable name for an operation; unknown (client) operations show as recorded. An own-property
 * look-up: a client may record an operation named `constructor` or `toString`.
 */
export const operationLabel = (op: string) => (Object.hasOwn(LABELS, op) ? (LABELS[op] as string) : op);

/** Warning-worthy operations are red, admin actions purple, the rest blue (server) or default. */
export function operationColor(op: string): string {
  if (
    op === AUDIT_OPERATIONS.loginFailure ||
    op === AUDIT_OPERATIONS.refreshReuse ||
    op === AUDIT_OPERATIONS.userDisabled
  ) {
    return 'error';
  }
  if (op.startsWith('admin.')) return 'purple';
  if (op.startsWith('auth.')) return 'blue';
  return 'default';
}

export const OPERATION_OPTIONS = Object.values(AUDIT_OPERATIONS).map((op) => ({
  value: op,
  label: `${operationLabel(op)} (${op})`,
}));
