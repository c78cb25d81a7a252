import type { MerchProduct } from '@stratos/contracts/merch/products.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const product = (id: string, over: Partial<MerchProduct> = {}): MerchProduct => ({
  id,
  name: id,
  description: '',
  price: 9.99,
  priceCents: 999,
  category: 'accessories',
  image: `/merch/${id}-black.svg`,
  images: { Black: `/merch/${id}-black.svg` },
  colors: ['Black'],
  sizes: ['One Size'],
  featured: false,
  inStock: true,
  stock: 10,
  sku: id.toUpperCase(),
  ...over,
});

let failures = 0;
const apiRequest = vi.fn(async (path: string) => {
  if (path !== '/merch/products') throw new Error(path);
  if (failures > 0) {
    failures -= 1;
    throw new Error('offline');
  }
  return {
    success: true,
    data: [product('mug', { featured: true }), product('cap', { category: 'apparel' })],
  };
});
vi.mock('../../../lib/api-client', () => ({ apiRequest: (path: string) => apiRequest(path) }));
const { default: MerchStorePage } = await import('./merch-store-page');

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <MerchStorePage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the merch store page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('shows the spec error and fetches again on Try Again', async () => {
    failures = 2; // the page's query retries once
    renderPage();
    expect(
      await screen.findByText('Failed to load merchandise. Please try again later.', {}, { timeout: 5000 }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Try Again/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Stratos Merch Store' })).toBeTruthy();
  });

  it('adds to the cart, counts it on the cart button and keeps it in localStorage', async () => {
    failures = 0;
    renderPage();
    await screen.findByTestId('product-grid');
    fireEvent.click(screen.getAllByRole('button', { name: 'Add cap to cart' })[0] as HTMLElement);
    expect(screen.getByTestId('cart-button').textContent).toContain('Cart (1)');
    expect(JSON.parse(localStorage.getItem('stratos.merch.cart') ?? '[]')).toMatchObject([
      { id: 'cap-Black-One Size', quantity: 1, price: 9.99 },
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'Apparel' }));
    expect(screen.getByTestId('product-grid').querySelectorAll('article')).toHaveLength(1);
  });
});
