import { randomUUID } from 'node:crypto';
import {
  CREDIT_MESSAGES,
  type CreditAccountReply,
  type CreditHistoryReply,
  type CreditTransaction,
  type DeductCreditsBody,
  type DeductCreditsReply,
  findCreditPackage,
  type PurchaseCreditsBody,
  type PurchaseCreditsReply,
  UNLIMITED_BALANCE,
  type UserPlanReply,
} from '@stratos/contracts/billing/credits.schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../lib/app-error';
import type { LedgerRepository, LedgerRow } from '../ledger.repository';
import type { PaymentsService } from '../payments/payments.service';
import {
  type Actor,
  assertReaches,
  insufficientCredits,
  isUnlimited,
  OTHER_USER_MESSAGE,
} from './billing-access';
import type { CreditHoldsRepository, HoldRow } from './credit-holds.repository';
import type { CreditsRepository } from './credits.repository';
import type { DeductionBatcher } from './deduction-batcher';
import { billingKind, toCredits, toMicros } from './pricing';

/** Told about each charge, so alerts can follow the balance (AlertsService.afterCharge). */
export interface ChargeObserver {
  afterCharge(userId: string, beforeMicros: number, afterMicros: number): Promise<void>;
}

export interface CreditsDeps {
  ledger: Pick<LedgerRepository, 'list'>;
  /** Deductions go through the batcher (group commit under load). */
  spends: Pick<DeductionBatcher, 'spend'>;
  repo: Pick<CreditsRepository, 'holder' | 'plan'>;
  /** Credits held for AI calls in flight, shown in the account and its history. */
  holds: Pick<CreditHoldsRepository, 'ofUser'>;
  alerts: ChargeObserver;
  payments: Pick<PaymentsService, 'createIntent'>;
  superadminEmail?: string;
}

const userNotFound = () => notFound('User not found');
const reusedKey = () =>
  conflict('This idempotency key was already used for a different request', 'IDEMPOTENCY_KEY_REUSED');

const TYPES: Record<string, CreditTransaction['type'] | undefined> = {
  credit_purchase: 'purchase',
  credit_deduction: 'deduction',
  credit_metering: 'metering',
  credit_adjustment: 'adjustment',
};
const CREDIT_KINDS = ['credit_purchase', 'credit_deduction', 'credit_metering', 'credit_adjustment'] as const;

/** A client's idempotency key lives in its own namespace, apart from the server's own (meter:<day>). */
const deductKey = (key: string) => `deduct:${key}`;

/**
 * Prepaid credits (docs/billing-design.md, Credits): the balance, purchases (through the payments
 * module), deductions in one statement that never go below zero, and the history, all from the
 * ledger. The superadmin is unlimited and never charged.
 */
export class CreditsService {
  constructor(private readonly d: CreditsDeps) {}

  async account(actor: Actor, userId: string): Promise<CreditAccountReply> {
    assertReaches(actor, userId);
    const h = await this.d.repo.holder(userId);
    if (!h) throw userNotFound();
    const unlimited = isUnlimited(h, this.d.superadminEmail);
    const balance = unlimited ? UNLIMITED_BALANCE : toCredits(h.balanceMicros ?? 0);
    const reserved = unlimited ? 0 : toCredits(h.heldMicros);
    return {
      success: true,
      balance,
      reserved,
      available: unlimited ? UNLIMITED_BALANCE : toCredits((h.balanceMicros ?? 0) - h.heldMicros),
      lastUpdated: h.updatedAt ? h.updatedAt.toISOString() : null,
      totalPurchased: toCredits(h.totalPurchasedMicros),
      totalUsed: toCredits(h.totalUsedMicros),
      unlimited,
      role: h.role,
    };
  }

  /**
   * Takes `amount` credits in one statement (402 'Insufficient credits' when that would go below
   * zero). With an idempotency key (the header, else metadata.idempotencyKey) a repeat returns the
   * first result and charges nothing; the same key with another amount is refused (409).
   */
  async deduct(actor: Actor, body: DeductCreditsBody, headerKey?: string): Promise<DeductCreditsReply> {
    assertReaches(actor, body.userId);
    const target = actor.id === body.userId ? actor : await this.d.repo.holder(body.userId);
    if (!target) throw userNotFound();
    if (isUnlimited(target, this.d.superadminEmail)) {
      return { success: true, newBalance: UNLIMITED_BALANCE, transactionId: `unlimited-${randomUUID()}` };
    }
    const micros = toMicros(body.amount);
    const key = idempotencyKey(headerKey, body.metadata);
    const result = await this.d.spends.spend(body.userId, {
      micros,
      description: body.description,
      idempotencyKey: key ? deductKey(key) : null,
      metadata: body.metadata ?? {},
    });
    if (result.status === 'insufficient') throw insufficientCredits();
    if (result.status === 'replayed') {
      // A key already used answers with what it did the first time, for the same request only.
      const { prior } = result;
      if (prior.kind !== 'credit_deduction' || prior.creditsMicros !== -micros) throw reusedKey();
      return {
        success: true,
        newBalance: toCredits(prior.balanceAfterMicros ?? 0),
        transactionId: String(prior.id),
      };
    }
    await this.d.alerts.afterCharge(
      body.userId,
      result.balanceAfterMicros + micros,
      result.balanceAfterMicros,
    );
    return {
      success: true,
      newBalance: toCredits(result.balanceAfterMicros),
      transactionId: String(result.ledgerId),
    };
  }

  async history(actor: Actor, userId: string, limit: number): Promise<CreditHistoryReply> {
    assertReaches(actor, userId);
    if (actor.id !== userId && !(await this.d.repo.holder(userId))) throw userNotFound();
    // Calls in flight first (they are the newest), then the ledger, `limit` in all.
    const [holds, rows] = await Promise.all([
      this.d.holds.ofUser(userId, limit),
      this.d.ledger.list(userId, { limit, kinds: [...CREDIT_KINDS] }),
    ]);
    const transactions = [...holds.map(heldTransaction), ...rows.map(toTransaction)].slice(0, limit);
    return { success: true, transactions };
  }

  /** The user's plan (part 1 section 7): the catalogue row of their plan, with how they pay. */
  async plan(actor: Actor, userId: string): Promise<UserPlanReply> {
    assertReaches(actor, userId);
    const p = await this.d.repo.plan(userId);
    if (!p) throw userNotFound();
    const billing = billingKind(p.planId, isUnlimited(p, this.d.superadminEmail));
    return {
      success: true,
      plan: {
        tier: p.planId,
        name: p.name,
        price: p.priceCents,
        storageBytes: p.storageBytes,
        aiQueriesPerMonth: p.aiQueriesPerMonth,
        billing,
        status: billing === 'subscription' ? (p.subscriptionStatus ?? 'active') : null,
      },
    };
  }

  /**
   * Starts a purchase of a credit package: a payment intent at the catalogue price (the amount and
   * credits the client sends are ignored). Only for oneself: the intent is confirmed with the
   * buyer's own card and granted to its owner only.
   */
  async purchase(actor: Actor, body: PurchaseCreditsBody, headerKey?: string): Promise<PurchaseCreditsReply> {
    if (actor.id !== body.userId) throw forbidden(OTHER_USER_MESSAGE);
    const pkg = findCreditPackage(body.packageId);
    if (!pkg) throw badRequest(CREDIT_MESSAGES.invalidPackage, 'INVALID_PACKAGE');
    const intent = await this.d.payments.createIntent({
      userId: actor.id,
      email: actor.email,
      purpose: 'credits',
      packageId: pkg.id,
      idempotencyKey: headerKey ?? null,
    });
    return {
      success: true,
      paymentIntent: {
        id: intent.id,
        amount: intent.amountCents,
        currency: intent.currency,
        status: intent.status,
        packageId: pkg.id,
        credits: intent.credits || pkg.credits,
      },
      clientSecret: intent.clientSecret,
      provider: intent.provider,
    };
  }
}

function idempotencyKey(header: string | undefined, metadata: Record<string, unknown> | undefined) {
  if (header) return header;
  const key = metadata?.idempotencyKey;
  if (key === undefined || key === null) return null;
  if (typeof key !== 'string' || key.length < 1 || key.length > 200) {
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      'metadata.idempotencyKey must be a string of 1 to 200 characters',
    );
  }
  return key;
}

/** A hold of a call in flight: what it may cost at most, taken from what is available until it settles. */
function heldTransaction(h: HoldRow): CreditTransaction {
  return {
    id: `hold:${h.id}`,
    type: 'reservation',
    amount: -toCredits(h.micros),
    balanceAfter: null,
    description: h.description,
    metadata: { ...h.metadata, status: 'pending' },
    createdAt: new Date(h.createdAt).toISOString(),
  };
}

function toTransaction(row: LedgerRow): CreditTransaction {
  return {
    id: String(row.id),
    type: TYPES[row.kind] ?? 'adjustment',
    amount: toCredits(row.creditsMicros),
    balanceAfter: row.balanceAfterMicros === null ? null : toCredits(row.balanceAfterMicros),
    description: row.description,
    metadata: row.metadata,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
