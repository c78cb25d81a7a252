import { describe, expect, it } from 'vitest';
import { DEFAULT_SORT, sortByColumn, toggleDirection } from './sort';
import { nextViewMode } from './view-mode';

describe('view switch', () => {
  it('cycles grid -> list -> details -> grid', () => {
    expect(nextViewMode('grid')).toBe('list');
    expect(nextViewMode('list')).toBe('details');
    expect(nextViewMode('details')).toBe('grid');
  });
});

describe('column sorting', () => {
  it('toggles the direction when the active column is clicked again', () => {
    const once = sortByColumn(DEFAULT_SORT, 'name');
    expect(once).toEqual({ field: 'name', direction: 'desc' });
    expect(sortByColumn(once, 'name')).toEqual({ field: 'name', direction: 'asc' });
  });

  it('selects another column ascending, whatever the current direction', () => {
    expect(sortByColumn({ field: 'name', direction: 'desc' }, 'size')).toEqual({
      field: 'size',
      direction: 'asc',
    });
    expect(sortByColumn({ field: 'size', direction: 'asc' }, 'uploadDate')).toEqual({
      field: 'uploadDate',
      direction: 'asc',
    });
  });

  it('flips the direction from the toggle button', () => {
    expect(toggleDirection({ field: 'type', direction: 'asc' })).toEqual({
      field: 'type',
      direction: 'desc',
    });
  });
});
