import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import { bulkReplySchema, fileReplySchema, folderReplySchema } from '@stratos/contracts/files/file.schema';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/files/:id: rename and/or move. */
export function updateFile(id: string, body: { name?: string; folderId?: string | null }) {
  return apiRequest(`/files/${id}`, { method: 'PATCH', body, schema: fileReplySchema });
}

/** DELETE /api/files/:id: to the recycle bin. */
export function deleteFile(id: string) {
  return apiRequest(`/files/${id}`, { method: 'DELETE', schema: successOnlySchema });
}

/** POST /api/folders. */
export function createFolder(name: string, parentId: string | null) {
  return apiRequest('/folders', { method: 'POST', body: { name, parentId }, schema: folderReplySchema });
}

/** PATCH /api/folders/:id: rename and/or move. */
export function updateFolder(id: string, body: { name?: string; parentId?: string | null }) {
  return apiRequest(`/folders/${id}`, { method: 'PATCH', body, schema: folderReplySchema });
}

/** DELETE /api/folders/:id: the folder and its contents to the recycle bin. */
export function deleteFolder(id: string) {
  return apiRequest(`/folders/${id}`, { method: 'DELETE', schema: successOnlySchema });
}

export interface BulkSelection {
  fileIds: string[];
  folderIds: string[];
}

/** POST /api/files/bulk/move. */
export function bulkMove(selection: BulkSelection, targetFolderId: string | null) {
  return apiRequest('/files/bulk/move', {
    method: 'POST',
    body: { ...selection, targetFolderId },
    schema: bulkReplySchema,
  });
}

/** POST /api/files/bulk/delete. */
export function bulkDelete(selection: BulkSelection) {
  return apiRequest('/files/bulk/delete', { method: 'POST', body: selection, schema: bulkReplySchema });
}
