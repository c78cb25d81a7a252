import { describe, expect, it } from 'vitest';
import { operationColor, operationLabel } from './audit-operations';

describe('audit operation labels', () => {
  it('names known operations and keeps unknown ones', () => {
    expect(operationLabel('auth.login_failure')).toBe('Failed sign-in');
    expect(operationLabel('client.page_view')).toBe('client.page_view');
    // Names of Object.prototype members are operations like any other, never its functions.
    for (const op of ['constructor', 'toString', '__proto__', 'hasOwnProperty'])
      expect(operationLabel(op)).toBe(op);
  });

  it('colours failures, admin actions and auth events', () => {
    expect(operationColor('auth.login_failure')).toBe('error');
    expect(operationColor('admin.role_change')).toBe('purple');
    expect(operationColor('auth.login_success')).toBe('blue');
    expect(operationColor('upload')).toBe('default');
  });
});
