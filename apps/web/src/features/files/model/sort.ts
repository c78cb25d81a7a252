import type { FileSort } from '@stratos/contracts/files/file.schema';

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  field: FileSort;
  direction: SortDirection;
}

export const DEFAULT_SORT: SortState = { field: 'name', direction: 'asc' };

export const SORT_LABEL: Record<FileSort, string> = {
  name: 'Name',
  size: 'Size',
  uploadDate: 'Upload date',
  type: 'Type',
};

/**
 * Part 1 section 4: clicking a column header toggles the direction if that column is already the
 * sort, otherwise sorts by it ascending.
 */
export function sortByColumn(current: SortState, field: FileSort): SortState {
  if (current.field === field) return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { field, direction: 'asc' };
}

export function toggleDirection(current: SortState): SortState {
  return { ...current, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
