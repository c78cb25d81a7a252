import { downloadLinkReplySchema } from '@stratos/contracts/files/file.schema';
import { apiRequest } from '../../../lib/api-client';
import { triggerDownload } from '../../../lib/trigger-download';

/** POST /api/files/:id/download-link, then lets the browser fetch the short-lived link. */
export async function downloadFile(id: string, name: string): Promise<void> {
  const reply = await apiRequest(`/files/${id}/download-link`, {
    method: 'POST',
    schema: downloadLinkReplySchema,
  });
  triggerDownload(reply.url, name);
}
