import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { buildRoutes } from '../router';
import { APP_ROUTES } from '../routes';
import { MobileHeader } from './mobile-header';

const user = { id: '1', email: 'a@b.co', name: 'A B', role: 'user' as const, permissions: [] };

/**
 * The shell's route tree with the phone header as every page, so the header sees the real matches;
 * `titleAt` moves to a path and reads the header's title.
 */
function renderHeader() {
  const children = buildRoutes()[0]?.children?.[0]?.children ?? [];
  const router = createMemoryRouter(
    children.map((r) => ({ path: r.path, handle: r.handle, element: <MobileHeader user={user} /> })),
  );
  render(<RouterProvider router={router} />);
  return async (path: string) => {
    await act(() => router.navigate(path));
    return screen.getByTestId('mobile-title').textContent;
  };
}

/** A concrete URL for a path pattern (`/s/:token` -> `/s/x`). */
const concrete = (path: string) => path.replace(/:\w+/g, 'x');

describe('MobileHeader title', () => {
  afterEach(cleanup);

  it('names the recycle bin (it used to say "Stratos")', async () => {
    const titleAt = renderHeader();
    expect(await titleAt('/recycle-bin')).toBe('Recycle Bin');
  });

  it('keeps the titles part 1 section 2 lists', async () => {
    const titleAt = renderHeader();
    const expected: [string, string][] = [
      ['/dashboard', 'Dashboard'],
      ['/files', 'Files'],
      ['/ai-chat', 'AI Chat'],
      ['/analytics', 'Analytics'],
      ['/settings', 'Settings'],
      ['/pricing', 'Pricing'],
      ['/profile', 'Profile'],
    ];
    for (const [path, title] of expected) expect(await titleAt(path)).toBe(title);
  });

  it("shows every route's own title from the route table, aliases included", async () => {
    const titleAt = renderHeader();
    const seen: string[] = [];
    for (const route of APP_ROUTES)
      for (const path of route.paths) seen.push(`${path} -> ${await titleAt(concrete(path))}`);
    expect(seen).toEqual(
      APP_ROUTES.flatMap((r) => r.paths.map((p) => `${p} -> ${r.id === 'home' ? 'Stratos' : r.title}`)),
    );
  });

  it('shows the product name on a path the table does not know', async () => {
    const titleAt = renderHeader();
    expect(await titleAt('/no-such-page')).toBe('Stratos');
  });
});
