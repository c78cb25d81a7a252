import {
  type FileItem,
  type FileListReply,
  type FileSort,
  fileListReplySchema,
} from '@stratos/contracts/files/file.schema';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { STORAGE_QUERY_ROOTS } from '../../../lib/storage-events';

/** Files load in pages of 200 as the list scrolls. */
export const FILES_PAGE_SIZE = 200;

export interface FileListParams {
  folderId: string | null;
  search: string;
  /** Only files with this tag; null for all. */
  tag?: string | null;
  sort: FileSort;
  direction: 'asc' | 'desc';
}

export const filesKey = [STORAGE_QUERY_ROOTS.files] as const;
export const fileListKey = (p: FileListParams) => [...filesKey, 'list', p] as const;

/** GET /api/files: one page of a folder's files (and its folders and breadcrumb). */
export function fetchFilePage(
  p: FileListParams & { limit: number; offset: number },
  signal?: AbortSignal,
): Promise<FileListReply> {
  return apiRequest('/files', {
    schema: fileListReplySchema,
    signal,
    query: {
      folderId: p.folderId ?? undefined,
      search: p.search.trim() || undefined,
      tag: p.tag ?? undefined,
      sort: p.sort,
      direction: p.direction,
      limit: p.limit,
      offset: p.offset,
    },
  });
}

export function fileListQueryOptions(p: FileListParams) {
  return infiniteQueryOptions({
    queryKey: fileListKey(p),
    queryFn: ({ pageParam, signal }) =>
      fetchFilePage({ ...p, limit: FILES_PAGE_SIZE, offset: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, page) => n + page.files.length, 0);
      return last.files.length > 0 && loaded < last.totalFiles ? loaded : undefined;
    },
  });
}

export interface FileListing {
  files: FileItem[];
  folders: FileListReply['folders'];
  totalFiles: number;
  /** False when the server only knows a lower bound (a search in a very large folder). */
  totalExact: boolean;
  breadcrumb: FileListReply['breadcrumb'];
}

/** The folder's listing so far, flattened across the loaded pages. */
export function useFileList(p: FileListParams) {
  return useInfiniteQuery({
    ...fileListQueryOptions(p),
    // A new search or sort in the same folder keeps the current list on screen until the answer
    // arrives (no skeleton flash while typing); another folder starts from its skeleton.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2].folderId === p.folderId ? previous : undefined,
    select: (data): FileListing => {
      const first = data.pages[0];
      return {
        files: data.pages.flatMap((page) => page.files),
        folders: first?.folders ?? [],
        totalFiles: data.pages.at(-1)?.totalFiles ?? 0,
        totalExact: data.pages.at(-1)?.totalFilesExact !== false,
        breadcrumb: first?.breadcrumb ?? [],
      };
    },
  });
}
