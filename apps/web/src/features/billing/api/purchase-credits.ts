import {
  type CreditPackage,
  type PurchaseCreditsBody,
  purchaseCreditsReplySchema,
} from '@stratos/contracts/billing/credits.schema';
import { apiRequest } from '../../../lib/api-client';
import { idempotencyHeaders } from '../../../lib/payments/idempotency-key';

/** The purchase body of part 1 section 7 (the server prices it from the catalogue regardless). */
export function purchaseBody(userId: string, pkg: CreditPackage): PurchaseCreditsBody {
  return {
    userId,
    packageId: pkg.id,
    amount: Math.round(pkg.price * 100),
    credits: pkg.credits,
    description: `${pkg.name} credit package (${pkg.credits} credits)`,
  };
}

/** POST /api/billing/credits/purchase: a payment intent for one credit package. */
export function purchaseCredits(body: PurchaseCreditsBody, idempotencyKey: string) {
  return apiRequest('/billing/credits/purchase', {
    method: 'POST',
    body,
    headers: idempotencyHeaders(idempotencyKey),
    schema: purchaseCreditsReplySchema,
  });
}
