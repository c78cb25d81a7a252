import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo, useSyncExternalStore } from 'react';
import { FILE_UPLOADED_EVENT, STORAGE_QUERY_ROOTS, storageChanged } from '../../../lib/storage-events';
import { uploadFile } from '../api/upload-file';
import { UploadQueue } from '../model/upload-queue';

/**
 * One queue for the whole app session, so uploads keep going (and their bars come back) when the
 * user leaves the Files page and returns.
 */
let shared: UploadQueue | null = null;

function queueFor(queryClient: QueryClient): UploadQueue {
  if (shared) return shared;
  let listRefresh: ReturnType<typeof setTimeout> | null = null;
  shared = new UploadQueue({
    transport: uploadFile,
    // Each stored file shows up in the list soon, without one refetch per file of a big batch.
    onUploaded: () => {
      if (listRefresh) return;
      listRefresh = setTimeout(() => {
        listRefresh = null;
        void queryClient.invalidateQueries({ queryKey: [STORAGE_QUERY_ROOTS.files] });
      }, 600);
    },
    onDrained: () => storageChanged(queryClient, FILE_UPLOADED_EVENT),
  });
  return shared;
}

export function useUploads() {
  const queryClient = useQueryClient();
  const queue = useMemo(() => queueFor(queryClient), [queryClient]);
  const entries = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const commands = useMemo(
    () => ({
      add: (files: Iterable<File>, folderId: string | null) => queue.add(files, folderId),
      cancel: (id: string) => queue.cancel(id),
      dismiss: (id: string) => queue.dismiss(id),
      retry: (id: string) => queue.retry(id),
    }),
    [queue],
  );
  return { entries, ...commands };
}
