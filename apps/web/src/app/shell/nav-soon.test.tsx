import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../lib/auth-session';
import { APP_ROUTES, routeForPath } from '../routes';
import { AccountMenu } from './account-menu';
import { DrawerNav } from './drawer-nav';
import { HeaderNav } from './header-nav';
import { BOTTOM_NAV } from './mobile-bottom-nav';
import { isComingSoon } from './nav-items';

const superadmin: SessionUser = {
  id: 'u',
  email: 'ops@x.io',
  name: 'Ops',
  role: 'superadmin',
  permissions: ['ai:read', 'ai:use', 'ai:train', 'storage:read', 'storage:write', 'view:all-storage'],
};

/** Every link in `root`: where it goes and what it says. */
const linksIn = (root: HTMLElement) =>
  within(root)
    .queryAllByRole('link')
    .concat(
      within(root)
        .queryAllByRole('menuitem')
        .filter((el) => el.tagName === 'A'),
    )
    .map((a) => ({ to: a.getAttribute('href') ?? '', text: a.textContent ?? '' }));

/** A link to a placeholder page carries the "Soon" marker; a link to a built page does not. */
function expectMarked(links: { to: string; text: string }[]) {
  expect(links.length).toBeGreaterThan(0);
  for (const { to, text } of links) {
    if (!routeForPath(to)) continue;
    expect([to, /Soon$/.test(text)]).toEqual([to, isComingSoon(to)]);
  }
}

describe('navigation says "Soon" before the click on a page still to come', () => {
  afterEach(cleanup);

  it('knows the placeholders from the route table', () => {
    expect(isComingSoon('/workflows')).toBe(false);
    expect(isComingSoon('/help')).toBe(true);
    expect(isComingSoon('/merch-store')).toBe(false);
    expect(isComingSoon('/files')).toBe(false);
  });

  it('marks them in the desktop header, its Admin and Explore menus', async () => {
    const { container } = render(
      <MemoryRouter>
        <HeaderNav user={superadmin} />
      </MemoryRouter>,
    );
    const links = linksIn(container);
    expect(links.find((l) => l.to === '/workflows')?.text).toBe('Workflows');
    for (const menu of ['Admin', 'Explore']) {
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: menu }));
      });
      links.push(...linksIn(screen.getByRole('menu')));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: menu }));
      });
    }
    expect(links.some((l) => l.to === '/merch-store')).toBe(true);
    expectMarked(links);
  });

  it('marks them in the phone drawer', () => {
    const { container } = render(
      <MemoryRouter>
        <DrawerNav user={superadmin} />
      </MemoryRouter>,
    );
    expectMarked(linksIn(container));
  });

  it('marks them in the account menu', async () => {
    render(
      <MemoryRouter>
        <AccountMenu user={superadmin} />
      </MemoryRouter>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /account menu/i }));
    });
    const links = linksIn(screen.getByRole('menu'));
    expect(links.some((l) => l.to === '/platform/integration-tests')).toBe(true);
    expectMarked(links);
  });

  it('keeps placeholders out of the bottom navigation, which has no room for the marker', () => {
    for (const item of BOTTOM_NAV) expect([item.to, isComingSoon(item.to)]).toEqual([item.to, false]);
  });

  it('links to a placeholder only from the navigation, which marks it', () => {
    const src = path.resolve(import.meta.dirname, '../..');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((n) => {
        const f = path.join(dir, n);
        if (statSync(f).isDirectory()) return files(f);
        return /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n) ? [f] : [];
      });
    const placeholders = APP_ROUTES.filter((r) => r.source.kind === 'comingSoon').flatMap((r) => r.paths);
    const allowed = ['app/shell/nav-items.ts', 'app/shell/drawer-nav.tsx', 'app/routes.ts'];
    const offenders: string[] = [];
    for (const file of files(src)) {
      const rel = path.relative(src, file);
      if (allowed.includes(rel)) continue;
      const text = readFileSync(file, 'utf8');
      for (const p of placeholders)
        if (new RegExp(`['"\`]${p.replaceAll('/', '\\/')}(['"\`?#])`).test(text))
          offenders.push(`${rel} -> ${p}`);
    }
    expect(offenders).toEqual([]);
  });
});
