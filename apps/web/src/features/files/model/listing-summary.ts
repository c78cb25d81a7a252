const plural = (n: number, one: string) => `${n.toLocaleString()} ${n === 1 ? one : `${one}s`}`;

export interface ListingTotals {
  /** Files matching the listing: exact, or a lower bound when `totalExact` is false. */
  totalFiles: number;
  totalExact: boolean;
  /** Files loaded so far. */
  loadedFiles: number;
  folders: number;
}

/**
 * "12 files · 3 folders" under the My Files title. When the server only knows a lower bound (a
 * search in a very large folder: the bound is one more than what has been listed so far), the count
 * reads "200+ files": the files found so far, and more to come.
 */
export function listingSummary({ totalFiles, totalExact, loadedFiles, folders }: ListingTotals): string {
  const files = totalExact
    ? plural(totalFiles, 'file')
    : `${Math.max(loadedFiles, totalFiles - 1).toLocaleString()}+ files`;
  return `${files} · ${plural(folders, 'folder')}`;
}
