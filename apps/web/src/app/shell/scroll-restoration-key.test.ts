import { describe, expect, it } from 'vitest';
import { scrollRestorationKey } from './scroll-restoration-key';

describe('scrollRestorationKey', () => {
  it('keys pages opened by a full load by their path, so they do not share one position', () => {
    const dashboard = scrollRestorationKey({ key: 'default', pathname: '/ai/dashboard' });
    const hub = scrollRestorationKey({ key: 'default', pathname: '/ai' });
    expect(dashboard).not.toBe(hub);
    // A reload of the same page finds its own position again.
    expect(scrollRestorationKey({ key: 'default', pathname: '/ai' })).toBe(hub);
  });

  it("keeps the router's own key for entries it pushed", () => {
    expect(scrollRestorationKey({ key: 'x1y2z3', pathname: '/ai' })).toBe('x1y2z3');
  });
});
