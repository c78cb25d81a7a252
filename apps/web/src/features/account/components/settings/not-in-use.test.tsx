import { DEFAULT_PREFERENCES } from '@stratos/contracts/preferences/preferences.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { App as AntApp } from 'antd';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('../../../../lib/auth-session', () => ({
  useSession: () => ({ status: 'signedIn', user: { id: 'u1' } }),
}));
const { AiSettings } = await import('./ai-settings');
const { NotificationSettings } = await import('./notification-settings');
const { PrivacySettings } = await import('./privacy-settings');

const wrap = (node: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <AntApp>{node}</AntApp>
    </QueryClientProvider>,
  );

/** Settings that nothing in Stratos reads yet say so above their switches. */
describe('settings Stratos keeps but does not act on yet', () => {
  afterEach(cleanup);

  it.each([
    ['Notifications', () => <NotificationSettings prefs={DEFAULT_PREFERENCES} />],
    ['Privacy', () => <PrivacySettings prefs={DEFAULT_PREFERENCES} />],
    ['AI assistant', () => <AiSettings prefs={DEFAULT_PREFERENCES} />],
  ] as const)('%s: marked as not in use yet', (title, el) => {
    wrap(el());
    const note = screen.getByRole('note', { name: `${title}: not in use yet` });
    expect(note.textContent).toContain('Saved, not in use yet');
  });
});
