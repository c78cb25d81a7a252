import { paymentConfigReplySchema } from '@stratos/contracts/billing/payments.schema';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET /api/payments/config: which provider takes the card (sandbox or Stripe) and test mode. */
export function usePaymentConfig(enabled: boolean) {
  return useQuery({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => apiRequest('/payments/config', { schema: paymentConfigReplySchema, signal }),
    staleTime: 10 * 60_000,
    enabled,
  });
}
