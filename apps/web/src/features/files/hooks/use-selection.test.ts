import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type BrowserItem, browserItems } from '../model/browser-item';
import { useSelection } from './use-selection';

const file = (id: string) => ({
  id,
  name: id,
  size: 1,
  type: 'text/plain',
  uploadDate: '2025-01-01T00:00:00Z',
  path: '/My Files',
  folderId: null,
  checksum: 'x',
});
const items: BrowserItem[] = browserItems([], ['a', 'b', 'c', 'd'].map(file));

describe('useSelection', () => {
  it('toggles items, extends a shift range from the last one ticked, and selects all', () => {
    const { result } = renderHook(() => useSelection(items));
    act(() => result.current.toggle('file:b'));
    act(() => result.current.toggle('file:d', true));
    expect([...result.current.selected]).toEqual(['file:b', 'file:c', 'file:d']);
    act(() => result.current.toggle('file:c'));
    expect([...result.current.selected]).toEqual(['file:b', 'file:d']);
    act(() => result.current.setAll(true));
    expect(result.current.selected.size).toBe(4);
    act(() => result.current.clear());
    expect(result.current.selected.size).toBe(0);
  });

  it('keeps its callbacks as items load, and drops keys that are no longer listed', () => {
    const { result, rerender } = renderHook(({ list }) => useSelection(list), {
      initialProps: { list: items },
    });
    const toggle = result.current.toggle;
    act(() => result.current.toggle('file:a'));
    rerender({ list: items.slice(1) });
    expect(result.current.toggle).toBe(toggle);
    expect(result.current.selected.size).toBe(0);
  });
});
