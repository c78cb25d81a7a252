import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useReloadOnEvents } from './use-reload-on-events';

describe('useReloadOnEvents', () => {
  it('reloads on fileUploaded and cacheInvalidated, and stops listening on unmount', () => {
    const reload = vi.fn();
    const { unmount } = renderHook(() => useReloadOnEvents(reload));
    window.dispatchEvent(new Event('fileUploaded'));
    window.dispatchEvent(new Event('cacheInvalidated'));
    window.dispatchEvent(new Event('somethingElse'));
    expect(reload).toHaveBeenCalledTimes(2);
    unmount();
    window.dispatchEvent(new Event('fileUploaded'));
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
