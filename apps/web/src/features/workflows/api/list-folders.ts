import { type FolderItem, fileListReplySchema } from '@stratos/contracts/files/file.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The user's top-level folders (GET /api/files at the root), for triggers and steps that name one. */
export async function listRootFolders(signal?: AbortSignal): Promise<FolderItem[]> {
  const reply = await apiRequest('/files', { signal, query: { limit: 1 }, schema: fileListReplySchema });
  return reply.folders;
}

export function useRootFolders() {
  return useQuery({
    queryKey: ['workflows', 'folders'],
    queryFn: ({ signal }) => listRootFolders(signal),
    staleTime: 30_000,
  });
}
