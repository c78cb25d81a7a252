import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../lib/auth-session';
import { navSections } from './nav-items';

const as = (role: SessionUser['role'], permissions: string[]): SessionUser => ({
  id: 'u',
  email: 'u@x.io',
  name: 'U',
  role,
  permissions,
});
const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('navigation filtered by login and role', () => {
  it('shows visitors the public pages only', () => {
    const s = navSections(null);
    expect(labels(s.public)).toEqual([
      'Enterprise Intelligence',
      'Merch Store',
      'John 3:16',
      'Security',
      'Pricing',
    ]);
    expect(s.app).toEqual([]);
    expect(s.admin).toEqual([]);
    expect(s.superadmin).toEqual([]);
  });

  it('shows a user the workspace, minus what their permissions exclude', () => {
    const full = navSections(as('user', ['ai:read', 'ai:use', 'storage:read', 'storage:write']));
    expect(labels(full.app)).toEqual(['Dashboard', 'Files', 'AI', 'Workflows', 'Analytics', 'Billing']);
    expect(full.admin).toEqual([]);
    const noAi = navSections(as('user', ['storage:read']));
    expect(labels(noAi.app)).not.toContain('AI');
  });

  it('adds the admin entries for admins and the platform entries for the superadmin', () => {
    expect(labels(navSections(as('admin', [])).admin)).toEqual(['Admin Dashboard', 'Audit Log']);
    expect(labels(navSections(as('superadmin', [])).admin)).toEqual([
      'Admin Dashboard',
      'Audit Log',
      'Mail Outbox',
    ]);
    expect(navSections(as('admin', [])).superadmin).toEqual([]);
    expect(labels(navSections(as('superadmin', [])).superadmin)).toContain('Superadmin Panel');
  });
});
