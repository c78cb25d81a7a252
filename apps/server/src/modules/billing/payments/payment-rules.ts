import { PAYMENT_MESSAGES } from '@stratos/contracts/billing/payments.schema';
import { planAlias } from '@stratos/contracts/plans/plan.schema';
import { AppError } from '../../../lib/app-error';
import type { IntentRow } from './payment-intents.repository';
import type { ProviderIntent } from './payment-provider';
import type { SubscriptionRow } from './subscriptions.repository';

/** The one currency the catalogue is priced in. */
export const CURRENCY = 'usd';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A plan id or one of its aliases (DECISIONS.md 2) as a catalogue id; unknown names stay as given. */
export function planIdFrom(name: string): string {
  return planAlias(name) ?? name.trim().toLowerCase();
}

/** One calendar month later, clamped to the month's last day (Jan 31 -> Feb 28/29), in UTC. */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, last));
  return d;
}

/** The period a successful renewal starts: anchored on the old end, or on now when far behind. */
export function nextPeriod(previousEnd: Date, now: Date): { start: Date; end: Date } {
  const end = addMonths(previousEnd, 1);
  if (end.getTime() > now.getTime()) return { start: previousEnd, end };
  return { start: now, end: addMonths(now, 1) };
}

export const intentNotFound = () => new AppError(404, 'PAYMENT_NOT_FOUND', PAYMENT_MESSAGES.intentNotFound);
const planMismatch = () => new AppError(400, 'PLAN_MISMATCH', PAYMENT_MESSAGES.planMismatch);

/**
 * Whether this caller may confirm this intent for this plan (before anything is asked of the
 * provider). `callerId` null is the webhook; `planId` null means no plan_id was given.
 */
export function checkConfirmRequest(row: IntentRow, callerId: string | null, planId: string | null): void {
  if (callerId !== null && row.userId !== callerId) throw intentNotFound();
  // Renewals are the job's, store orders the merch module's: neither is granted here.
  if (row.purpose === 'renewal' || row.purpose === 'merch') throw intentNotFound();
  if (planId !== null && (row.purpose !== 'subscription' || row.planId !== planId)) throw planMismatch();
}

/**
 * Whether the provider's own record says the intent was paid as the server's row says: by that
 * user, for that purchase, in full at today's catalogue price. Throws the AppError to answer with.
 */
export function checkPaid(row: IntentRow, remote: ProviderIntent | null, cataloguePriceCents: number | null) {
  if (!remote || remote.id !== row.id) throw intentNotFound();
  const meta = remote.metadata;
  if (meta.user_id !== undefined && meta.user_id !== row.userId) throw intentNotFound();
  if (meta.purpose !== undefined && meta.purpose !== row.purpose) throw planMismatch();
  if ((meta.plan_id ?? row.planId) !== row.planId || (meta.package_id ?? row.packageId) !== row.packageId) {
    throw planMismatch();
  }
  if (remote.status !== 'succeeded') {
    throw new AppError(409, 'PAYMENT_NOT_SUCCEEDED', PAYMENT_MESSAGES.notSucceeded, {
      status: remote.status,
    });
  }
  const price = cataloguePriceCents;
  if (
    price === null ||
    remote.currency !== CURRENCY ||
    remote.amountCents !== price ||
    row.amountCents !== price
  ) {
    throw new AppError(409, 'AMOUNT_MISMATCH', PAYMENT_MESSAGES.amountMismatch);
  }
}

export type RenewalAction =
  /** Nothing to do yet. */
  | 'none'
  /** Charge the saved card: the period ended, or a past-due retry is due. */
  | 'charge'
  /** Cancelled at period end and the period is over: back to free. */
  | 'end'
  /** Past due beyond the grace period: back to free. */
  | 'downgrade';

/** What the renewal job does with a subscription at `now` (retries daily while past due). */
export function renewalAction(sub: SubscriptionRow, now: Date, graceDays: number): RenewalAction {
  const t = now.getTime();
  if (sub.status === 'canceled') return 'none';
  if (sub.status === 'active') {
    if (new Date(sub.currentPeriodEnd).getTime() > t) return 'none';
    return sub.cancelAtPeriodEnd ? 'end' : 'charge';
  }
  // past_due
  if (sub.cancelAtPeriodEnd) return 'end';
  const since = new Date(sub.pastDueSince ?? sub.currentPeriodEnd).getTime();
  if (t >= since + graceDays * DAY_MS) return 'downgrade';
  if (t >= since + Math.max(sub.failedAttempts, 1) * DAY_MS) return 'charge';
  return 'none';
}
