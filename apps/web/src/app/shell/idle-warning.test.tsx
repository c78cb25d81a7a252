import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const signOut = vi.fn(async () => undefined);
vi.mock('../../lib/sign-out', () => ({ signOut: () => signOut() }));

const { IDLE_NOTICE, IdleWarning } = await import('./idle-warning');

const IDLE_MS = 15 * 60 * 1000;

function setup() {
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: <IdleWarning idleMs={IDLE_MS} countdownSeconds={60} /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/dashboard'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const advance = async (ms: number) => {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
};

describe('IdleWarning', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    signOut.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('warns after 15 idle minutes, counts down from 60 and really signs out at zero', async () => {
    const router = setup();
    await advance(IDLE_MS - 1000);
    expect(screen.queryByText('Session Timeout Warning')).toBeNull();

    await advance(1000);
    expect(screen.getByText('Session Timeout Warning')).toBeTruthy();
    expect(
      screen.getByText('You will be automatically logged out in 60 seconds due to inactivity.'),
    ).toBeTruthy();

    await advance(10_000);
    expect(
      screen.getByText('You will be automatically logged out in 50 seconds due to inactivity.'),
    ).toBeTruthy();
    expect(signOut).not.toHaveBeenCalled();

    await advance(50_000);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fdashboard');
    expect(router.state.location.state).toEqual({ notice: IDLE_NOTICE });
  });

  it('treats activity as a reason to wait longer', async () => {
    setup();
    await advance(IDLE_MS - 5000);
    fireEvent.keyDown(window, { key: 'a' });
    await advance(10_000);
    expect(screen.queryByText('Session Timeout Warning')).toBeNull();
    await advance(IDLE_MS);
    expect(screen.getByText('Session Timeout Warning')).toBeTruthy();
  });

  it('"Stay Logged In" closes the warning and restarts the wait', async () => {
    const router = setup();
    await advance(IDLE_MS);
    await advance(30_000);
    fireEvent.click(screen.getByRole('button', { name: 'Stay Logged In' }));
    await advance(60_000);
    expect(signOut).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/dashboard');
    await advance(IDLE_MS);
    expect(
      screen.getByText('You will be automatically logged out in 60 seconds due to inactivity.'),
    ).toBeTruthy();
  });
});
