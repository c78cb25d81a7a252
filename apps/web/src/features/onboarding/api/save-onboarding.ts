import {
  type OnboardingReply,
  onboardingReplySchema,
  type SaveOnboardingBody,
} from '@stratos/contracts/billing/onboarding.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { onboardingKey } from './get-onboarding';

/** PUT /api/onboarding: saves progress; `completed: true` marks the setup done. */
export function saveOnboarding(body: SaveOnboardingBody) {
  return apiRequest('/onboarding', { method: 'PUT', body, schema: onboardingReplySchema });
}

export function useSaveOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOnboarding,
    onSuccess: (reply) => queryClient.setQueryData<OnboardingReply>(onboardingKey, reply),
  });
}
