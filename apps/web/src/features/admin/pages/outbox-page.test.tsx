import type { OutboxMail } from '@stratos/contracts/admin/admin-users.schema';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../components/render-with-app';
import OutboxPage from './outbox-page';

const MAILS: OutboxMail[] = [
  {
    id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    to: 'root@example.test',
    subject: 'Reset your Stratos password',
    text: 'Hi,\n\nEnter this code:\n\n••••••\n',
    kind: 'reset_code',
    redacted: true,
    sentAt: null,
    createdAt: new Date().toISOString(),
  },
  {
    id: '1c9e6679-7425-40de-944b-e07fc1f90ae7',
    to: 'ann@example.test',
    subject: 'Receipt',
    text: 'Thank you',
    kind: 'receipt',
    redacted: false,
    sentAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
  },
];

describe('OutboxPage', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: true, data: { mails: MAILS, total: 2 } }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('marks mail whose code was hidden, and says why when it is opened', async () => {
    renderWithApp(<OutboxPage />, '/admin/outbox');
    expect(await screen.findByRole('heading', { name: 'Mail outbox' })).toBeTruthy();
    const hidden = await screen.findAllByText('Code hidden');
    // One row of two carries the mark (the wide and the phone layouts may both render it).
    expect(hidden.length).toBeGreaterThanOrEqual(1);
    await act(async () => {
      fireEvent.click(screen.getAllByText('Reset your Stratos password')[0] as HTMLElement);
    });
    expect(await screen.findByText(/The code in this mail is hidden/)).toBeTruthy();
  });
});
