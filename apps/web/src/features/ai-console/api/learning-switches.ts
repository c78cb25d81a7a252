import { learningStatusReplySchema } from '@stratos/contracts/ai/learning.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { consoleKeys } from './console-keys';

type Action = { kind: 'start' } | { kind: 'stop' } | { kind: 'killSwitch'; disabled: boolean };

/**
 * POST /api/ai/learning/start, POST /api/ai/learning/stop and PUT /api/ai/learning/kill-switch:
 * three calls with the same reply (the new status), so one mutation.
 */
export function useLearningSwitch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: Action) => {
      const reply =
        action.kind === 'killSwitch'
          ? await apiRequest('/ai/learning/kill-switch', {
              method: 'PUT',
              body: { disabled: action.disabled },
              schema: learningStatusReplySchema,
            })
          : await apiRequest(`/ai/learning/${action.kind}`, {
              method: 'POST',
              schema: learningStatusReplySchema,
            });
      return reply.data;
    },
    onSuccess: (status) => queryClient.setQueryData(consoleKeys.learningStatus, status),
  });
}
