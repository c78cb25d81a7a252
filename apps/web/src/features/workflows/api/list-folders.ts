import { type FolderItem, folderTreeReplySchema } from '@stratos/contracts/files/file.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Every folder of the user at any depth (GET /api/folders), for triggers and steps that name one. */
export async function listFolderTree(signal?: AbortSignal): Promise<FolderItem[]> {
  return (await apiRequest('/folders', { signal, schema: folderTreeReplySchema })).folders;
}

export function useFolderTree() {
  return useQuery({
    queryKey: ['workflows', 'folders'],
    queryFn: ({ signal }) => listFolderTree(signal),
    staleTime: 30_000,
  });
}
