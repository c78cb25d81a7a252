import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const calls: Array<{ path: string; body?: unknown }> = [];
vi.mock('../../../lib/api-client', () => ({
  apiRequest: async (path: string, opts: { body?: unknown } = {}) => {
    calls.push({ path, body: opts.body });
    if (path === '/payments/config')
      return { success: true, provider: 'sandbox', publishableKey: null, testMode: true, available: true };
    throw new Error(`unexpected ${path}`);
  },
}));
const { default: CheckoutModal } = await import('./checkout-modal');

describe('the checkout dialog', () => {
  afterEach(cleanup);

  it('asks a guest for a valid e-mail and a complete address before placing the order', {
    timeout: 20_000,
  }, async () => {
    const onDetails = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <CheckoutModal
            checkoutKey="k1"
            items={[{ productId: 'mug', color: 'White', size: 'One Size', quantity: 1 }]}
            guest
            details={null}
            onDetails={onDetails}
            onClose={() => {}}
            onResult={() => {}}
          />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('dialog', { name: 'Check out as a guest' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByText('Please enter a valid email')).toBeTruthy();
    expect(await screen.findByText('Please enter the street address')).toBeTruthy();
    expect(onDetails).not.toHaveBeenCalled();
    expect(calls.some((c) => c.path.includes('checkout'))).toBe(false);

    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: ' robin@example.test ' } });
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Robin Guest' } });
    fireEvent.change(screen.getByLabelText('Address line 1'), { target: { value: '1 Infinite Loop' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Cupertino' } });
    fireEvent.change(screen.getByLabelText('Postal code'), { target: { value: '95014' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(onDetails).toHaveBeenCalled());
    expect(onDetails.mock.calls[0]?.[0]).toMatchObject({
      email: 'robin@example.test',
      shippingAddress: {
        name: 'Robin Guest',
        line1: '1 Infinite Loop',
        city: 'Cupertino',
        postalCode: '95014',
      },
    });
  });
});
