import { cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage, PageLoadBoundary } from './lazy-page';

describe('lazy pages', () => {
  afterEach(cleanup);

  it('shows "{page} Loading Error" with a reload button when the chunk fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const Page = lazyPage('Pricing', () =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    );
    render(
      <PageLoadBoundary title="Pricing">
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </PageLoadBoundary>,
    );
    expect(await screen.findByText('Pricing Loading Error')).toBeTruthy();
    expect(screen.getByRole('button', { name: /reload/i })).toBeTruthy();
  });

  it('renders the page when it loads', async () => {
    const Page = lazyPage('About', async () => ({ default: () => <h1>About us</h1> }));
    render(
      <PageLoadBoundary title="About">
        <Suspense fallback={<p>loading</p>}>
          <Page />
        </Suspense>
      </PageLoadBoundary>,
    );
    expect(await screen.findByRole('heading', { name: 'About us' })).toBeTruthy();
  });
});
