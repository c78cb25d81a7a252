import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App as AntApp } from 'antd';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterWizard } from './register-wizard';

function renderWizard() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AntApp>
          <RegisterWizard
            planId="pro"
            plan={{ id: 'pro', name: 'Pro', price: 1999 } as never}
            redirect={null}
          />
        </AntApp>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label, { exact: true, selector: 'input' });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const click = async (name: string) => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
};
const shows = (text: string) => waitFor(() => expect(screen.getByText(text)).toBeTruthy());
/** antd animates a cleared error out; it is gone once the leave transition ends. */
const gone = (text: string) => waitFor(() => expect(screen.queryByText(text)).toBeNull());

describe('RegisterWizard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows step 1 problems one at a time, in order', async () => {
    renderWizard();
    await click('Continue');
    await shows('First name is required');
    expect(screen.queryByText('Last name is required')).toBeNull();
    expect(screen.getAllByText(/is required|valid email/)).toHaveLength(1);

    type('First name', 'Ada');
    await click('Continue');
    await shows('Last name is required');
    await gone('First name is required');

    type('Last name', 'Lovelace');
    await click('Continue');
    await shows('Email is required');

    type('Email', 'ada@example');
    await click('Continue');
    await shows('Please enter a valid email');

    type('Email', 'ada@example.com');
    await click('Continue');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Create Account' })).toBeTruthy());
  });

  it("shows the spec's message for an address the browser's own check would catch, not a browser tooltip", async () => {
    const { container } = renderWizard();
    // The browser's type=email check is off: our rule, in the spec's order, speaks instead.
    expect(container.querySelector('form')?.noValidate).toBe(true);
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    for (const address of ['ada.example.com', 'ada @example.com', 'ada@', '@example.com']) {
      type('Email', address);
      await click('Continue');
      await shows('Please enter a valid email');
      expect(screen.queryByRole('button', { name: 'Create Account' })).toBeNull();
    }
  });

  it('shows step 2 problems in order, keeps step 1 on Back, and submits the payload', async () => {
    const fetchMock = vi.fn(async () =>
      Response.json({
        success: true,
        existing: false,
        userSub: '00000000-0000-4000-8000-000000000000',
        codeDeliveryDestination: 'a***@e***.com',
        message: 'Registration successful. Please check your email for the verification code.',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWizard();
    type('First name', 'Ada');
    type('Last name', 'Lovelace');
    type('Email', 'Ada@Example.com');
    await click('Continue');

    await click('Create Account');
    await shows('Password is required');
    type('Password', 'Ab1');
    await click('Create Account');
    await shows('Password must be at least 8 characters');
    type('Password', 'abcdefgh1');
    await click('Create Account');
    await shows('Password must contain uppercase, lowercase, and number');
    type('Password', 'Abcdefgh1');
    type('Confirm password', 'Abcdefgh2');
    await click('Create Account');
    await shows('Passwords do not match');
    type('Confirm password', 'Abcdefgh1');
    await click('Create Account');
    await shows('You must agree to the Terms of Service');
    expect(fetchMock).not.toHaveBeenCalled();

    await click('Back');
    expect((field('First name') as HTMLInputElement).value).toBe('Ada');
    await click('Continue');
    fireEvent.click(screen.getByRole('checkbox'));
    await click('Create Account');

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/auth/register');
    expect(JSON.parse(String(init.body))).toEqual({
      email: 'ada@example.com',
      password: 'Abcdefgh1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: null,
      selectedPlan: 'pro',
      source: 'direct',
    });
    await shows('Check your inbox');
  });
});
