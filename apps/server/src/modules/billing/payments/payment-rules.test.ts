import { PAYMENT_MESSAGES } from '@stratos/contracts/billing/payments.schema';
import { describe, expect, it } from 'vitest';
import type { IntentRow } from './payment-intents.repository';
import type { ProviderIntent } from './payment-provider';
import {
  addMonths,
  checkConfirmRequest,
  checkPaid,
  nextPeriod,
  planIdFrom,
  renewalAction,
} from './payment-rules';
import type { SubscriptionRow } from './subscriptions.repository';

const DAY = 86400_000;
const at = (s: string) => new Date(s);

const row = (over: Partial<IntentRow> = {}): IntentRow => ({
  id: 'pi_1',
  userId: 'u1',
  provider: 'sandbox',
  purpose: 'subscription',
  planId: 'pro',
  packageId: null,
  amountCents: 1999,
  currency: 'usd',
  status: 'succeeded',
  clientSecret: 'pi_1_secret',
  idempotencyKey: null,
  providerCustomerId: null,
  providerPaymentMethodId: null,
  cardBrand: null,
  cardLast4: null,
  lastError: null,
  grantedAt: null,
  createdAt: at('2030-01-01T00:00:00Z'),
  updatedAt: at('2030-01-01T00:00:00Z'),
  ...over,
});

const remote = (over: Partial<ProviderIntent> = {}): ProviderIntent => ({
  id: 'pi_1',
  clientSecret: 'pi_1_secret',
  status: 'succeeded',
  amountCents: 1999,
  currency: 'usd',
  customerId: 'cus_1',
  paymentMethodId: 'pm_card_visa',
  card: { brand: 'visa', last4: '4242' },
  metadata: { user_id: 'u1', purpose: 'subscription', plan_id: 'pro' },
  lastError: null,
  ...over,
});

const sub = (over: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  id: 's1',
  userId: 'u1',
  planId: 'pro',
  status: 'active',
  provider: 'sandbox',
  providerCustomerId: null,
  providerPaymentMethodId: 'pm_card_visa',
  cardBrand: 'visa',
  cardLast4: '4242',
  amountCents: 1999,
  currentPeriodStart: at('2030-01-01T00:00:00Z'),
  currentPeriodEnd: at('2030-02-01T00:00:00Z'),
  cancelAtPeriodEnd: false,
  pastDueSince: null,
  failedAttempts: 0,
  canceledAt: null,
  createdAt: at('2030-01-01T00:00:00Z'),
  updatedAt: at('2030-01-01T00:00:00Z'),
  ...over,
});

describe('payment rules', () => {
  it('resolves plan aliases, leaving unknown names to be refused', () => {
    expect(planIdFrom(' Professional ')).toBe('pro');
    expect(planIdFrom('business')).toBe('enterprise');
    expect(planIdFrom('basic')).toBe('basic');
    expect(planIdFrom('platinum')).toBe('platinum');
  });

  it('adds calendar months, clamping to the end of shorter months', () => {
    expect(addMonths(at('2030-01-15T10:00:00Z'), 1).toISOString()).toBe('2030-02-15T10:00:00.000Z');
    expect(addMonths(at('2030-01-31T10:00:00Z'), 1).toISOString()).toBe('2030-02-28T10:00:00.000Z');
    expect(addMonths(at('2032-01-31T10:00:00Z'), 1).toISOString()).toBe('2032-02-29T10:00:00.000Z');
    expect(addMonths(at('2030-12-31T00:00:00Z'), 1).toISOString()).toBe('2031-01-31T00:00:00.000Z');
  });

  it('a renewal period follows the old one, or starts now when far behind', () => {
    const end = at('2030-02-01T00:00:00Z');
    expect(nextPeriod(end, at('2030-02-01T01:00:00Z'))).toEqual({
      start: end,
      end: at('2030-03-01T00:00:00Z'),
    });
    const late = at('2030-05-10T00:00:00Z');
    expect(nextPeriod(end, late)).toEqual({ start: late, end: at('2030-06-10T00:00:00Z') });
  });

  describe('confirm request', () => {
    it('only the owner, never a renewal, and only for the plan paid for', () => {
      expect(() => checkConfirmRequest(row(), 'u1', 'pro')).not.toThrow();
      expect(() => checkConfirmRequest(row(), 'u1', null)).not.toThrow();
      expect(() => checkConfirmRequest(row(), null, null)).not.toThrow();
      expect(() => checkConfirmRequest(row(), 'u2', 'pro')).toThrow(PAYMENT_MESSAGES.intentNotFound);
      expect(() => checkConfirmRequest(row({ purpose: 'renewal' }), 'u1', null)).toThrow(
        PAYMENT_MESSAGES.intentNotFound,
      );
      expect(() => checkConfirmRequest(row(), 'u1', 'basic')).toThrow(PAYMENT_MESSAGES.planMismatch);
      expect(() =>
        checkConfirmRequest(row({ purpose: 'credits', planId: null, packageId: 'basic' }), 'u1', 'basic'),
      ).toThrow(PAYMENT_MESSAGES.planMismatch);
    });
  });

  describe('paid as recorded', () => {
    it('accepts a succeeded intent for the catalogue price', () => {
      expect(() => checkPaid(row(), remote(), 1999)).not.toThrow();
    });

    it.each([
      ['missing at the provider', null, 1999, 404],
      ['another intent', remote({ id: 'pi_2' }), 1999, 404],
      ['another user at the provider', remote({ metadata: { user_id: 'u2' } }), 1999, 404],
      ['another plan at the provider', remote({ metadata: { user_id: 'u1', plan_id: 'basic' } }), 1999, 400],
      [
        'another purpose at the provider',
        remote({ metadata: { user_id: 'u1', purpose: 'credits' } }),
        1999,
        400,
      ],
      ['not paid', remote({ status: 'requires_payment_method' }), 1999, 409],
      ['processing', remote({ status: 'processing' }), 1999, 409],
      ['a smaller amount', remote({ amountCents: 1 }), 1999, 409],
      ['another currency', remote({ currency: 'eur' }), 1999, 409],
      ['a price that changed', remote(), 2499, 409],
      ['no catalogue price', remote(), null, 409],
    ] as const)('refuses %s', (_name, r, price, status) => {
      expect(() => checkPaid(row(), r, price)).toThrow(expect.objectContaining({ statusCode: status }));
    });

    it('refuses a row whose amount is not the price', () => {
      expect(() => checkPaid(row({ amountCents: 1 }), remote({ amountCents: 1 }), 1999)).toThrow(
        PAYMENT_MESSAGES.amountMismatch,
      );
    });
  });

  describe('renewal action', () => {
    const end = at('2030-02-01T00:00:00Z').getTime();
    it('waits for the period end, then charges (or ends a cancelled one)', () => {
      expect(renewalAction(sub(), new Date(end - 1), 7)).toBe('none');
      expect(renewalAction(sub(), new Date(end), 7)).toBe('charge');
      expect(renewalAction(sub({ cancelAtPeriodEnd: true }), new Date(end - 1), 7)).toBe('none');
      expect(renewalAction(sub({ cancelAtPeriodEnd: true }), new Date(end), 7)).toBe('end');
      expect(renewalAction(sub({ status: 'canceled' }), new Date(end + 99 * DAY), 7)).toBe('none');
    });

    it('retries a past-due one daily and downgrades it after the grace days', () => {
      const since = new Date(end + 3600_000);
      const pastDue = (failedAttempts: number) =>
        sub({ status: 'past_due', pastDueSince: since, failedAttempts });
      const t = (ms: number) => new Date(since.getTime() + ms);
      expect(renewalAction(pastDue(1), t(DAY - 1), 7)).toBe('none');
      expect(renewalAction(pastDue(1), t(DAY), 7)).toBe('charge');
      expect(renewalAction(pastDue(2), t(DAY + 1), 7)).toBe('none');
      expect(renewalAction(pastDue(2), t(2 * DAY), 7)).toBe('charge');
      expect(renewalAction(pastDue(6), t(7 * DAY - 1), 7)).toBe('charge');
      expect(renewalAction(pastDue(7), t(7 * DAY), 7)).toBe('downgrade');
      expect(renewalAction(pastDue(1), t(0), 0)).toBe('downgrade');
      expect(
        renewalAction(sub({ status: 'past_due', pastDueSince: since, cancelAtPeriodEnd: true }), t(1), 7),
      ).toBe('end');
    });
  });
});
