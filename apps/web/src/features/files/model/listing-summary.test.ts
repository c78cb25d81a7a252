import { describe, expect, it } from 'vitest';
import { listingSummary } from './listing-summary';

describe('listingSummary', () => {
  it('gives exact counts as they are', () => {
    expect(listingSummary({ totalFiles: 3, totalExact: true, loadedFiles: 3, folders: 0 })).toBe(
      '3 files · 0 folders',
    );
    expect(listingSummary({ totalFiles: 1, totalExact: true, loadedFiles: 1, folders: 1 })).toBe(
      '1 file · 1 folder',
    );
    expect(listingSummary({ totalFiles: 12_345, totalExact: true, loadedFiles: 200, folders: 2 })).toBe(
      `${(12_345).toLocaleString()} files · 2 folders`,
    );
  });

  it('reads "N+" when the total is only a lower bound', () => {
    // The server's bound is one more than what has been listed: 200 found so far, more to come.
    expect(listingSummary({ totalFiles: 201, totalExact: false, loadedFiles: 200, folders: 0 })).toBe(
      '200+ files · 0 folders',
    );
    expect(listingSummary({ totalFiles: 1_001, totalExact: false, loadedFiles: 1_000, folders: 4 })).toBe(
      `${(1_000).toLocaleString()}+ files · 4 folders`,
    );
  });

  it('never claims fewer than the files already on screen', () => {
    expect(listingSummary({ totalFiles: 5, totalExact: false, loadedFiles: 400, folders: 0 })).toBe(
      '400+ files · 0 folders',
    );
  });

  it('says "1+ files", not "1+ file", for a bound of one', () => {
    expect(listingSummary({ totalFiles: 2, totalExact: false, loadedFiles: 1, folders: 0 })).toBe(
      '1+ files · 0 folders',
    );
  });
});
