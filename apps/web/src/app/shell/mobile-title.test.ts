import { describe, expect, it } from 'vitest';
import { mobileTitleFor } from './mobile-title';

describe('mobileTitleFor', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/files', 'Files'],
    ['/files/debug', 'Files'],
    ['/ai-chat', 'AI Chat'],
    ['/analytics', 'Analytics'],
    ['/settings', 'Settings'],
    ['/pricing', 'Pricing'],
    ['/profile', 'Profile'],
    ['/workflows', 'Stratos'],
    ['/files-fixed', 'Stratos'],
  ])('%s -> %s', (path, title) => {
    expect(mobileTitleFor(path)).toBe(title);
  });
});
