import type { Clock } from '../../../lib/clock';
import type { IntentRow, PaymentIntentsRepository } from './payment-intents.repository';
import type { CreateProviderIntent, PaymentProvider, ProviderIntent } from './payment-provider';
import { CURRENCY } from './payment-rules';

/**
 * Opens an intent at the provider and stores our mirror of it, the step plan/credit payments and
 * store payments share. `row` is null when a concurrent call with the same key stored it first;
 * the caller then answers with that one.
 */
export async function openIntent(
  d: { provider: PaymentProvider; intents: PaymentIntentsRepository; clock: Clock },
  input: Omit<CreateProviderIntent, 'currency'> & { ownerId: string | null },
): Promise<{ remote: ProviderIntent; row: IntentRow | null }> {
  const { ownerId, ...request } = input;
  const remote = await d.provider.createIntent({ ...request, currency: CURRENCY });
  const now = d.clock.now();
  const row = await d.intents.insert({
    id: remote.id,
    userId: ownerId,
    provider: d.provider.name,
    purpose: input.purpose,
    planId: input.planId,
    packageId: input.packageId,
    amountCents: input.amountCents,
    currency: CURRENCY,
    status: remote.status,
    clientSecret: remote.clientSecret,
    idempotencyKey: input.idempotencyKey,
    providerCustomerId: remote.customerId,
    createdAt: now,
    updatedAt: now,
  });
  return { remote, row };
}
