import {
  PAYMENT_MESSAGES,
  type Subscription,
  type SubscriptionStatusReply,
} from '@stratos/contracts/billing/payments.schema';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import type { NotificationsService } from '../../notifications/notifications.service';
import { PlansRepository } from '../../plans/plans.repository';
import { LedgerRepository } from '../ledger.repository';
import { PaymentIntentsRepository } from './payment-intents.repository';
import type { PaymentProvider } from './payment-provider';
import { CURRENCY, nextPeriod, renewalAction } from './payment-rules';
import { describePayment, toSubscription } from './payment-views';
import { PAID_STATUSES, type SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository';

export interface SubscriptionsDeps {
  db: Db;
  clock: Clock;
  provider: PaymentProvider | null;
  notifications: NotificationsService;
  graceDays: number;
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>;
}

export interface RenewalSummary {
  renewed: number;
  failed: number;
  ended: number;
  downgraded: number;
  /** Users whose step threw (rolled back; retried on the next run). */
  errors: number;
}

const noSubscription = () => new AppError(404, 'NO_SUBSCRIPTION', PAYMENT_MESSAGES.noSubscription);
const day = (d: Date) => d.toISOString().slice(0, 10);
const isPaid = (sub: SubscriptionRow | undefined): sub is SubscriptionRow =>
  !!sub && (PAID_STATUSES as readonly string[]).includes(sub.status);

/** Subscription status, cancel at period end, resume, and the monthly renewals. */
export class SubscriptionsService {
  constructor(private readonly d: SubscriptionsDeps) {}

  async status(userId: string): Promise<SubscriptionStatusReply> {
    const repo = new SubscriptionsRepository(this.d.db);
    const user = await repo.findUser(userId);
    const sub = await repo.findByUser(userId);
    const totalSpent = await new PaymentIntentsRepository(this.d.db).totalSpent(userId);
    const active = isPaid(sub);
    return {
      has_active_subscription: active,
      billing: {
        current_plan: user?.subscriptionPlan ?? 'free',
        next_billing_date:
          active && !sub.cancelAtPeriodEnd ? new Date(sub.currentPeriodEnd).toISOString() : null,
        total_spent: totalSpent,
      },
      subscription: active ? await this.view(this.d.db, sub) : null,
    };
  }

  /** The plan stays until the period ends; no refund, no further charge. */
  cancel(userId: string): Promise<Subscription> {
    return this.setCancelAtPeriodEnd(userId, true);
  }

  /** Undoes a cancel before the period ends. */
  resume(userId: string): Promise<Subscription> {
    return this.setCancelAtPeriodEnd(userId, false);
  }

  private setCancelAtPeriodEnd(userId: string, cancel: boolean): Promise<Subscription> {
    return this.d.db.transaction(async (tx) => {
      const repo = new SubscriptionsRepository(tx);
      const sub = await repo.lockByUser(userId);
      if (!isPaid(sub)) throw noSubscription();
      if (sub.cancelAtPeriodEnd === cancel) return this.view(tx, sub);
      const now = this.d.clock.now();
      const updated = (await repo.update(sub.id, {
        cancelAtPeriodEnd: cancel,
        updatedAt: now,
      })) as SubscriptionRow;
      const view = await this.view(tx, updated);
      const end = day(new Date(sub.currentPeriodEnd));
      await this.d.notifications.record(tx, {
        userId,
        kind: 'billing',
        severity: 'info',
        title: cancel ? 'Subscription cancelled' : 'Subscription resumed',
        message: cancel
          ? `Your ${view.plan_name} plan stays until ${end}; it will not renew.`
          : `Your ${view.plan_name} plan will renew on ${end}.`,
        link: '/settings?tab=subscription',
      });
      return view;
    });
  }

  private async view(db: Db, sub: SubscriptionRow): Promise<Subscription> {
    const plan = await new PlansRepository(db).findById(sub.planId);
    return toSubscription(sub, plan?.name ?? sub.planId);
  }

  /**
   * The renewal job's work at `now`: charges due subscriptions with their saved card, retries past
   * due ones daily, ends cancelled ones and downgrades those past the grace period. One user at a
   * time, each in its own transaction.
   */
  async renewDue(opts: { signal?: AbortSignal; progress?: (s: RenewalSummary) => Promise<void> } = {}) {
    const summary: RenewalSummary = { renewed: 0, failed: 0, ended: 0, downgraded: 0, errors: 0 };
    const repo = new SubscriptionsRepository(this.d.db);
    let after: string | null = null;
    for (;;) {
      const now = this.d.clock.now();
      const batch = await repo.listDue(now, after, 100);
      if (batch.length === 0) break;
      for (const userId of batch) {
        if (opts.signal?.aborted) return summary;
        try {
          const done = await this.renewOne(userId);
          if (done !== 'none') summary[done]++;
        } catch (err) {
          // One user's failure (the provider unreachable...) rolls back that user only; the next run retries.
          summary.errors++;
          this.d.log.warn({ err, userId }, 'subscription renewal step failed');
        }
      }
      after = batch[batch.length - 1] as string;
      await opts.progress?.(summary);
    }
    return summary;
  }

  /** One user's renewal step; returns what happened. */
  async renewOne(userId: string): Promise<Exclude<keyof RenewalSummary, 'errors'> | 'none'> {
    return this.d.db.transaction(async (tx) => {
      const repo = new SubscriptionsRepository(tx);
      const user = await repo.lockUser(userId);
      const sub = await repo.lockByUser(userId);
      if (!user || !sub) return 'none';
      const now = this.d.clock.now();
      const action = renewalAction(sub, now, this.d.graceDays);
      if (action === 'none') return 'none';
      if (action === 'end' || action === 'downgrade') {
        await this.endSubscription(tx, sub, now, action);
        return action === 'end' ? 'ended' : 'downgraded';
      }
      if (!this.d.provider) {
        this.d.log.warn({ subscription: sub.id }, 'renewal skipped: no payment provider');
        return 'none';
      }
      return this.charge(tx, this.d.provider, sub, now);
    });
  }

  private async charge(tx: Db, provider: PaymentProvider, sub: SubscriptionRow, now: Date) {
    const repo = new SubscriptionsRepository(tx);
    const ledger = new LedgerRepository(tx);
    const plan = await new PlansRepository(tx).findById(sub.planId);
    const amount = plan?.priceCents ?? 0;
    if (!plan || amount <= 0) {
      await this.endSubscription(tx, sub, now, 'end');
      return 'ended' as const;
    }
    const key = `renew:${sub.id}:${new Date(sub.currentPeriodEnd).toISOString()}:${sub.failedAttempts}`;
    const result =
      sub.provider === provider.name && sub.providerPaymentMethodId
        ? await provider.chargeSaved({
            userId: sub.userId,
            customerId: sub.providerCustomerId,
            paymentMethodId: sub.providerPaymentMethodId,
            amountCents: amount,
            currency: CURRENCY,
            planId: sub.planId,
            idempotencyKey: key,
          })
        : ({ ok: false, code: 'card_declined', message: 'No saved payment method', intent: null } as const);
    const intent = result.intent;
    if (intent) {
      await new PaymentIntentsRepository(tx).insert({
        id: intent.id,
        userId: sub.userId,
        provider: provider.name,
        purpose: 'renewal',
        planId: sub.planId,
        amountCents: amount,
        currency: intent.currency,
        status: intent.status,
        clientSecret: intent.clientSecret,
        idempotencyKey: key,
        providerCustomerId: intent.customerId ?? sub.providerCustomerId,
        providerPaymentMethodId: intent.paymentMethodId ?? sub.providerPaymentMethodId,
        cardBrand: intent.card?.brand ?? sub.cardBrand,
        cardLast4: intent.card?.last4 ?? sub.cardLast4,
        lastError: result.ok ? null : result.code,
        grantedAt: result.ok ? now : null,
        createdAt: now,
        updatedAt: now,
      });
    }
    if (result.ok) {
      const period = nextPeriod(new Date(sub.currentPeriodEnd), now);
      await repo.update(sub.id, {
        status: 'active',
        amountCents: amount,
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        pastDueSince: null,
        failedAttempts: 0,
        updatedAt: now,
      });
      await repo.setUserPlan(sub.userId, sub.planId);
      await ledger.append(tx, {
        userId: sub.userId,
        kind: 'payment',
        amountCents: amount,
        paymentIntentId: result.intent.id,
        planId: sub.planId,
        description: describePayment({ purpose: 'renewal', planId: sub.planId, packageId: null }, plan.name),
        metadata: { provider: provider.name, source: 'renewal' },
      });
      await ledger.append(tx, {
        userId: sub.userId,
        kind: 'subscription_renewal',
        paymentIntentId: result.intent.id,
        planId: sub.planId,
        description: `${plan.name} plan renewed`,
        metadata: { periodEnd: period.end.toISOString() },
      });
      await this.notify(
        tx,
        sub.userId,
        'info',
        'Subscription renewed',
        `Your ${plan.name} plan renewed until ${day(period.end)}.`,
      );
      return 'renewed' as const;
    }
    const first = sub.status === 'active';
    await repo.update(sub.id, {
      status: 'past_due',
      pastDueSince: first ? now : sub.pastDueSince,
      failedAttempts: sub.failedAttempts + 1,
      updatedAt: now,
    });
    if (first) {
      await ledger.append(tx, {
        userId: sub.userId,
        kind: 'subscription_past_due',
        planId: sub.planId,
        description: `${plan.name} plan renewal failed: ${result.message}`,
        metadata: { code: result.code, paymentIntentId: intent?.id ?? null },
      });
      const graceEnd = new Date(now.getTime() + this.d.graceDays * 24 * 60 * 60 * 1000);
      await this.notify(
        tx,
        sub.userId,
        'warning',
        'Payment failed',
        `We could not renew your ${plan.name} plan (${result.message}). We will retry daily; without payment by ${day(graceEnd)} your account moves to the Free plan.`,
      );
    }
    return 'failed' as const;
  }

  private async endSubscription(tx: Db, sub: SubscriptionRow, now: Date, why: 'end' | 'downgrade') {
    const repo = new SubscriptionsRepository(tx);
    await repo.update(sub.id, { status: 'canceled', canceledAt: now, updatedAt: now });
    await repo.setUserPlan(sub.userId, 'free');
    const plan = await new PlansRepository(tx).findById(sub.planId);
    const name = plan?.name ?? sub.planId;
    await new LedgerRepository(tx).append(tx, {
      userId: sub.userId,
      kind: 'subscription_end',
      planId: sub.planId,
      description: why === 'end' ? `${name} plan ended (cancelled)` : `${name} plan ended (payment failed)`,
      metadata: { reason: why === 'end' ? 'canceled' : 'payment_failed' },
    });
    await this.notify(
      tx,
      sub.userId,
      why === 'end' ? 'info' : 'critical',
      'Subscription ended',
      why === 'end'
        ? `Your ${name} plan has ended. You are now on the Free plan.`
        : `Your ${name} plan has ended because the payment did not go through. You are now on the Free plan.`,
    );
  }

  private notify(
    tx: Db,
    userId: string,
    severity: 'info' | 'warning' | 'critical',
    title: string,
    message: string,
  ) {
    return this.d.notifications.record(tx, {
      userId,
      kind: 'billing',
      severity,
      title,
      message,
      link: '/settings?tab=subscription',
    });
  }
}
