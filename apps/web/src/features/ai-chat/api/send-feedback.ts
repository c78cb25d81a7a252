import { successOnlySchema } from '@stratos/contracts/common/envelope.schema';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/ai/chat/:messageId/feedback: a rating 1-5; a blank comment is not sent (it is ignored). */
export function sendFeedback(messageId: string, rating: number, comment: string) {
  const text = comment.trim();
  return apiRequest(`/ai/chat/${encodeURIComponent(messageId)}/feedback`, {
    method: 'POST',
    body: text ? { rating, comment: text } : { rating },
    schema: successOnlySchema,
  });
}
