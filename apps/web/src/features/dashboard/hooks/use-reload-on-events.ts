import { useEffect } from 'react';
import { CACHE_INVALIDATED_EVENT, FILE_UPLOADED_EVENT } from '../../../lib/storage-events';

/** Reloads on the window events `fileUploaded` and `cacheInvalidated` (part 1 section 7). */
export function useReloadOnEvents(reload: () => void) {
  useEffect(() => {
    const handler = () => reload();
    window.addEventListener(FILE_UPLOADED_EVENT, handler);
    window.addEventListener(CACHE_INVALIDATED_EVENT, handler);
    return () => {
      window.removeEventListener(FILE_UPLOADED_EVENT, handler);
      window.removeEventListener(CACHE_INVALIDATED_EVENT, handler);
    };
  }, [reload]);
}
