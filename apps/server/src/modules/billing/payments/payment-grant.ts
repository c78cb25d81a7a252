import { findCreditPackage, MICROS_PER_CREDIT } from '@stratos/contracts/billing/credits.schema';
import type { CreditAccount, Subscription } from '@stratos/contracts/billing/payments.schema';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { NotificationsService } from '../../notifications/notifications.service';
import { PlansRepository } from '../../plans/plans.repository';
import { LedgerRepository } from '../ledger.repository';
import { type IntentRow, PaymentIntentsRepository } from './payment-intents.repository';
import type { PaymentProvider } from './payment-provider';
import { addMonths, checkConfirmRequest, checkPaid, intentNotFound } from './payment-rules';
import { describePayment, toCreditAccount, toSubscription } from './payment-views';
import { SubscriptionsRepository } from './subscriptions.repository';

export interface GrantRequest {
  /** The confirm-payment caller; null for the webhook. */
  callerId: string | null;
  /** The plan the caller says it paid for (resolved id), or null. */
  planId: string | null;
  /** The caller's Idempotency-Key, kept on the payment's ledger row (`confirm:<key>`). */
  idempotencyKey: string | null;
}

export interface GrantOutcome {
  /** False when this intent had been granted before: nothing changed. */
  granted: boolean;
  intent: IntentRow;
  subscription: Subscription | null;
  credits: CreditAccount | null;
}

export const confirmLedgerKey = (key: string) => `confirm:${key}`;

/**
 * The one grant function of confirm-payment and the webhook (docs/billing-design.md). Runs inside
 * the caller's transaction: the intent row is locked, the provider asked again, and `granted_at`
 * set at most once. The ledger's unique (payment_intent_id, kind) is the database's own guarantee.
 */
export class PaymentGrant {
  constructor(
    private readonly provider: PaymentProvider,
    private readonly clock: Clock,
    private readonly notifications: NotificationsService,
  ) {}

  async grant(tx: Db, intentId: string, req: GrantRequest): Promise<GrantOutcome> {
    const intents = new PaymentIntentsRepository(tx);
    const locked = await intents.lockById(intentId);
    // Another provider's intent (the configuration changed since) cannot be verified here; nor a
    // guest's store payment (no account to grant anything to).
    if (!locked || locked.provider !== this.provider.name || !isOwned(locked)) throw intentNotFound();
    const row = locked;
    checkConfirmRequest(row, req.callerId, req.planId);
    if (row.grantedAt) return { granted: false, intent: row, ...(await this.state(tx, row)) };

    const remote = await this.provider.retrieveIntent(row.id, { tx });
    checkPaid(row, remote, await this.cataloguePrice(tx, row));
    const user = await new SubscriptionsRepository(tx).lockUser(row.userId);
    if (!user) throw intentNotFound();

    const now = this.clock.now();
    const granted = (await intents.update(
      row.id,
      {
        status: 'succeeded',
        lastError: null,
        grantedAt: now,
        providerCustomerId: remote?.customerId ?? row.providerCustomerId,
        providerPaymentMethodId: remote?.paymentMethodId ?? row.providerPaymentMethodId,
        cardBrand: remote?.card?.brand ?? row.cardBrand,
        cardLast4: remote?.card?.last4 ?? row.cardLast4,
      },
      now,
    )) as OwnedIntentRow;
    const ledger = new LedgerRepository(tx);
    const planName = row.planId
      ? ((await new PlansRepository(tx).findById(row.planId))?.name ?? row.planId)
      : '';
    await ledger.append(tx, {
      userId: row.userId,
      kind: 'payment',
      amountCents: row.amountCents,
      paymentIntentId: row.id,
      planId: row.planId,
      packageId: row.packageId,
      idempotencyKey: req.idempotencyKey ? confirmLedgerKey(req.idempotencyKey) : null,
      description: describePayment(row, planName),
      metadata: { provider: row.provider, source: req.callerId ? 'confirm' : 'webhook' },
    });
    if (row.purpose === 'subscription') await this.startSubscription(tx, granted, planName, now);
    else await this.addCredits(tx, granted);
    return { granted: true, intent: granted, ...(await this.state(tx, granted)) };
  }

  private async startSubscription(tx: Db, row: OwnedIntentRow, planName: string, now: Date) {
    const subs = new SubscriptionsRepository(tx);
    const planId = row.planId as string;
    const end = addMonths(now, 1);
    await subs.upsert({
      userId: row.userId,
      planId,
      status: 'active',
      provider: row.provider,
      providerCustomerId: row.providerCustomerId,
      providerPaymentMethodId: row.providerPaymentMethodId,
      cardBrand: row.cardBrand,
      cardLast4: row.cardLast4,
      amountCents: row.amountCents,
      currentPeriodStart: now,
      currentPeriodEnd: end,
      cancelAtPeriodEnd: false,
      pastDueSince: null,
      failedAttempts: 0,
      canceledAt: null,
      createdAt: now,
      updatedAt: now,
    });
    await subs.setUserPlan(row.userId, planId);
    await new LedgerRepository(tx).append(tx, {
      userId: row.userId,
      kind: 'subscription_start',
      paymentIntentId: row.id,
      planId,
      description: `${planName} plan started`,
      metadata: { periodEnd: end.toISOString() },
    });
    await this.notifications.record(tx, {
      userId: row.userId,
      kind: 'billing',
      severity: 'info',
      title: `Welcome to ${planName}`,
      message: `Your ${planName} subscription is active. It renews on ${end.toISOString().slice(0, 10)}.`,
      link: '/settings?tab=subscription',
    });
  }

  private async addCredits(tx: Db, row: OwnedIntentRow) {
    const pkg = findCreditPackage(row.packageId ?? '');
    if (!pkg) throw intentNotFound();
    const result = await new LedgerRepository(tx).applyCredit(
      {
        userId: row.userId,
        kind: 'credit_purchase',
        micros: pkg.credits * MICROS_PER_CREDIT,
        paymentIntentId: row.id,
        packageId: pkg.id,
        description: `${pkg.name} credit package (${pkg.credits} credits)`,
        metadata: { amountCents: row.amountCents },
      },
      tx,
    );
    if (result.status !== 'applied') throw new Error(`credit grant for ${row.id} was not applied`);
    await new SubscriptionsRepository(tx).switchToPrepaidUnlessSubscribed(row.userId);
    await this.notifications.record(tx, {
      userId: row.userId,
      kind: 'billing',
      severity: 'info',
      title: 'Credits added',
      message: `${pkg.credits} credits were added to your balance. Credits never expire.`,
      link: '/billing',
    });
  }

  private async cataloguePrice(tx: Db, row: IntentRow): Promise<number | null> {
    if (row.purpose === 'credits') {
      const pkg = findCreditPackage(row.packageId ?? '');
      return pkg ? pkg.price * 100 : null;
    }
    const plan = row.planId ? await new PlansRepository(tx).findById(row.planId) : undefined;
    return plan?.active && plan.priceCents > 0 ? plan.priceCents : null;
  }

  /** What the intent's purchase looks like now (the reply of confirm-payment). */
  async state(db: Db, intent: IntentRow): Promise<Pick<GrantOutcome, 'subscription' | 'credits'>> {
    if (!isOwned(intent)) throw intentNotFound();
    const row = intent;
    if (row.purpose === 'credits') {
      const user = await new SubscriptionsRepository(db).findUser(row.userId);
      const account = await new LedgerRepository(db).balance(row.userId);
      return { subscription: null, credits: toCreditAccount(account, user?.role ?? 'user') };
    }
    const sub = await new SubscriptionsRepository(db).findByUser(row.userId);
    if (!sub) return { subscription: null, credits: null };
    const plan = await new PlansRepository(db).findById(sub.planId);
    return { subscription: toSubscription(sub, plan?.name ?? sub.planId), credits: null };
  }
}

/** An intent paid from an account (every purpose but a guest's store order). */
export type OwnedIntentRow = IntentRow & { userId: string };
const isOwned = (row: IntentRow): row is OwnedIntentRow => row.userId !== null;
