import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import type { RecycleActionBody } from '@stratos/contracts/files/recycle-bin.schema';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/recycle-bin/restore: the Undo of a delete. */
export function restoreItems(items: RecycleActionBody['items']) {
  return apiRequest('/recycle-bin/restore', {
    method: 'POST',
    body: { items },
    schema: successOnlySchema.loose(),
  });
}
