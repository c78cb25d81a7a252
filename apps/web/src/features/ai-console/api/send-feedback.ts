import {
  type LearningFeedbackBody,
  learningFeedbackReplySchema,
} from '@stratos/contracts/ai/learning.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** POST /api/ai/learning/feedback: the console's manual feedback (the page ignores blank text). */
export function useSendFeedback() {
  return useMutation({
    mutationFn: async (body: LearningFeedbackBody) =>
      (
        await apiRequest('/ai/learning/feedback', {
          method: 'POST',
          body,
          schema: learningFeedbackReplySchema,
        })
      ).data,
  });
}
