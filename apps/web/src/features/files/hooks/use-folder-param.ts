import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The open folder lives in the URL (`?folder=<id>`), so back and forward move between folders. */
export function useFolderParam(): [string | null, (folderId: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const folderId = params.get('folder') || null;
  const open = useCallback(
    (next: string | null) => {
      setParams((prev) => {
        const p = new URLSearchParams(prev);
        if (next) p.set('folder', next);
        else p.delete('folder');
        return p;
      });
    },
    [setParams],
  );
  return [folderId, open];
}
