import {
  type CreditAccount,
  findCreditPackage,
  MICROS_PER_CREDIT,
  UNLIMITED_BALANCE,
} from '@stratos/contracts/billing/credits.schema';
import type { PaymentRecord, Subscription } from '@stratos/contracts/billing/payments.schema';
import type { creditAccounts } from '../../../db/schema/index';
import type { IntentRow } from './payment-intents.repository';
import type { SubscriptionRow } from './subscriptions.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

const cardOf = (brand: string | null, last4: string | null) => (brand && last4 ? { brand, last4 } : null);

export function toSubscription(row: SubscriptionRow, planName: string): Subscription {
  return {
    id: row.id,
    plan_id: row.planId,
    plan_name: planName,
    status: row.status,
    amount: row.amountCents,
    current_period_start: iso(row.currentPeriodStart),
    current_period_end: iso(row.currentPeriodEnd),
    cancel_at_period_end: row.cancelAtPeriodEnd,
    card: cardOf(row.cardBrand, row.cardLast4),
  };
}

export function toCreditAccount(
  row: typeof creditAccounts.$inferSelect | undefined,
  role: 'user' | 'admin' | 'superadmin',
): CreditAccount {
  const unlimited = role === 'superadmin';
  return {
    balance: unlimited ? UNLIMITED_BALANCE : (row?.balanceMicros ?? 0) / MICROS_PER_CREDIT,
    lastUpdated: row ? iso(row.updatedAt) : null,
    totalPurchased: (row?.totalPurchasedMicros ?? 0) / MICROS_PER_CREDIT,
    totalUsed: (row?.totalUsedMicros ?? 0) / MICROS_PER_CREDIT,
    unlimited,
    role,
  };
}

/** What a payment bought, in words ("Pro plan, monthly subscription"). */
export function describePayment(row: Pick<IntentRow, 'purpose' | 'planId' | 'packageId'>, planName?: string) {
  const plan = planName ?? row.planId ?? 'plan';
  if (row.purpose === 'subscription') return `${plan} plan, monthly subscription`;
  if (row.purpose === 'renewal') return `${plan} plan, monthly renewal`;
  if (row.purpose === 'merch') return 'Merch store order';
  const pkg = row.packageId ? findCreditPackage(row.packageId) : undefined;
  return pkg ? `${pkg.name} credit package (${pkg.credits} credits)` : 'Credit package';
}

export function toPaymentRecord(row: IntentRow, planName?: string): PaymentRecord {
  return {
    id: row.id,
    date: iso(row.createdAt),
    description: describePayment(row, planName),
    amount: row.amountCents,
    currency: row.currency,
    status: row.status,
    purpose: row.purpose,
    plan_id: row.planId,
    package_id: row.packageId,
    card: cardOf(row.cardBrand, row.cardLast4),
  };
}
