import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionState } from '../../lib/auth-session';

let session: SessionState = { status: 'checking', user: null };
vi.mock('../../lib/auth-session', () => ({ useSession: () => session }));

const { RequireAccess, VERIFYING_AUTH } = await import('./require-access');
const { signOutIntent } = await import('./sign-out-intent');

function LoginProbe() {
  const location = useLocation();
  return (
    <div>
      <span data-testid="path">{location.pathname + location.search}</span>
      <span data-testid="state">{JSON.stringify(location.state)}</span>
    </div>
  );
}

function renderAt(path: string, rule = ROUTE_GROUPS.admin) {
  const router = createMemoryRouter(
    [
      {
        path: '/admin-dashboard',
        element: (
          <RequireAccess rule={rule}>
            <p>secret admin page</p>
          </RequireAccess>
        ),
      },
      { path: '/login', element: <LoginProbe /> },
    ],
    { initialEntries: ['/', path], initialIndex: 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const user = (role: 'user' | 'admin') => ({ id: '1', email: 'a@b.co', name: 'A B', role, permissions: [] });

describe('RequireAccess', () => {
  beforeEach(() => {
    session = { status: 'checking', user: null };
  });
  afterEach(cleanup);

  it('shows "Verifying authentication..." while the session is checked', () => {
    renderAt('/admin-dashboard');
    expect(screen.getByText(VERIFYING_AUTH)).toBeTruthy();
    expect(screen.queryByText('secret admin page')).toBeNull();
  });

  it('replaces an anonymous visit with /login?redirect=... carrying from and code', async () => {
    session = { status: 'signedOut', user: null };
    const router = renderAt('/admin-dashboard?tab=users');
    await screen.findByTestId('path');
    expect(screen.getByTestId('path').textContent).toBe('/login?redirect=%2Fadmin-dashboard%3Ftab%3Dusers');
    expect(JSON.parse(screen.getByTestId('state').textContent ?? '')).toEqual({
      from: { pathname: '/admin-dashboard', search: '?tab=users', hash: '' },
      code: 'UNAUTHENTICATED',
    });
    // replace: going back skips the guarded page
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('keeps a signed-in user without the role signed in and shows a 403', () => {
    session = { status: 'signedIn', user: user('user') };
    renderAt('/admin-dashboard');
    expect(screen.getByText("You don't have access to this page")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(screen.queryByText('secret admin page')).toBeNull();
  });

  it('renders the page for a user with the role', () => {
    session = { status: 'signedIn', user: user('admin') };
    renderAt('/admin-dashboard');
    expect(screen.getByText('secret admin page')).toBeTruthy();
  });

  it('stays out of the way of a deliberate sign-out, which picks its own destination', () => {
    session = { status: 'signedOut', user: null };
    signOutIntent.begin();
    try {
      const router = renderAt('/admin-dashboard');
      expect(router.state.location.pathname).toBe('/admin-dashboard');
      expect(screen.queryByText('secret admin page')).toBeNull();
    } finally {
      signOutIntent.end();
    }
  });

  it('moves on when the session check ends', async () => {
    const router = renderAt('/admin-dashboard');
    expect(screen.getByText(VERIFYING_AUTH)).toBeTruthy();
    session = { status: 'signedOut', user: null };
    await act(async () => {
      await router.navigate('/admin-dashboard');
    });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the page’s own refusal, when it has one, instead of the shared 403', async () => {
    session = { status: 'signedIn', user: user('admin') };
    const router = createMemoryRouter([
      {
        path: '/',
        element: (
          <RequireAccess rule={ROUTE_GROUPS.superadmin} denied={<p>Access Denied</p>}>
            <p>superadmin console</p>
          </RequireAccess>
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Access Denied')).toBeTruthy();
    expect(screen.queryByText('superadmin console')).toBeNull();
  });
});
