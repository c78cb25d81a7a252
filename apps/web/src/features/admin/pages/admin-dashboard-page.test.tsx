import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../components/render-with-app';
import AdminDashboardPage from './admin-dashboard-page';

const session = vi.hoisted(() => ({ role: 'admin' }));
vi.mock('../../../lib/auth-session', () => ({
  useSession: () => ({
    status: 'signedIn',
    user: { id: 'u1', email: 'a@b.c', name: 'A', role: session.role },
  }),
}));

const renderPage = (url: string) => renderWithApp(<AdminDashboardPage />, url);

describe('AdminDashboardPage AI providers tab', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500, headers: { 'content-type': 'application/json' } })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is offered to the superadmin and opened from the address', () => {
    session.role = 'superadmin';
    renderPage('/admin-dashboard?tab=ai-providers');
    const tab = screen.getByRole('tab', { name: /AI providers/ });
    expect(tab.getAttribute('aria-selected')).toBe('true');
  });

  it('is not offered to an admin, even from the address', () => {
    session.role = 'admin';
    renderPage('/admin-dashboard?tab=ai-providers');
    expect(screen.queryByRole('tab', { name: /AI providers/ })).toBeNull();
    expect(screen.getByRole('tab', { name: /Users/ }).getAttribute('aria-selected')).toBe('true');
  });
});

describe('AdminDashboardPage mail outbox', () => {
  afterEach(() => cleanup());

  it('links the superadmin to the outbox page, and old ?tab=outbox links go there', () => {
    session.role = 'superadmin';
    renderPage('/admin-dashboard');
    expect(screen.getByRole('button', { name: /Mail outbox/ })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /Outbox/ })).toBeNull();
    cleanup();
    renderWithApp(
      <Routes>
        <Route path="/admin-dashboard" element={<AdminDashboardPage />} />
        <Route path="/admin/outbox" element={<p>the outbox page</p>} />
      </Routes>,
      '/admin-dashboard?tab=outbox',
    );
    expect(screen.getByText('the outbox page')).toBeTruthy();
  });

  it('offers an admin neither the outbox tab nor its link', () => {
    session.role = 'admin';
    renderPage('/admin-dashboard?tab=outbox');
    expect(screen.queryByRole('button', { name: /Mail outbox/ })).toBeNull();
    expect(screen.queryByRole('tab', { name: /Outbox/ })).toBeNull();
    expect(screen.getByRole('tab', { name: /Users/ }).getAttribute('aria-selected')).toBe('true');
  });
});
