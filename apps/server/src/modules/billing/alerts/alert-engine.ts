import {
  type Alert,
  type AlertSeverity,
  type AlertType,
  ALERT_THRESHOLDS as T,
} from '@stratos/contracts/billing/alerts.schema';
import { MICROS_PER_CREDIT } from '@stratos/contracts/billing/credits.schema';

/** What the alerts of one user are decided from. Money in millionths of a credit ($1 = 1 credit). */
export interface AlertInputs {
  usedBytes: number;
  /** The plan's storage quota; null = unlimited (no storage alert). */
  quotaBytes: number | null;
  /** A prepaid account that pays from its balance (not the superadmin): credit alerts apply. */
  prepaid: boolean;
  balanceMicros: number;
  /** What a day costs at today's usage. */
  dailyCostMicros: number;
}

export type AlertDraft = Pick<
  Alert,
  'type' | 'severity' | 'title' | 'message' | 'details' | 'actions' | 'dismissible'
>;

const M = MICROS_PER_CREDIT;
const credits = (micros: number) => (micros / M).toFixed(2);
const dollars = (micros: number) => `$${(micros / M).toFixed(2)}`;
const worst = (a: AlertSeverity | null, b: AlertSeverity | null): AlertSeverity | null =>
  a === 'critical' || b === 'critical' ? 'critical' : (a ?? b);

const BUY = { type: 'buy_credits', label: 'Buy Credits', priority: 'primary' } as const;
const BILLING = { type: 'view_billing', label: 'View Billing', priority: 'secondary' } as const;

/** Storage used against the plan quota: >= 0.8 warning, >= 0.95 critical. */
function storageLevel(i: AlertInputs): AlertSeverity | null {
  if (i.quotaBytes === null || i.quotaBytes <= 0) return null;
  const ratio = i.usedBytes / i.quotaBytes;
  return ratio >= T.storageCritical ? 'critical' : ratio >= T.storageWarning ? 'warning' : null;
}

function storageUsage(i: AlertInputs): AlertDraft | null {
  const severity = storageLevel(i);
  if (!severity || i.quotaBytes === null) return null;
  const ratio = i.usedBytes / i.quotaBytes;
  const pct = Math.floor(ratio * 100);
  return {
    type: 'storage_usage',
    severity,
    title: severity === 'critical' ? 'Storage almost full' : 'Storage filling up',
    message:
      severity === 'critical'
        ? `You have used ${pct}% of your storage. New uploads will fail once it is full.`
        : `You have used ${pct}% of your storage.`,
    details: { usedBytes: i.usedBytes, quotaBytes: i.quotaBytes, ratio },
    actions: [
      { type: 'manage_files', label: 'Manage Files', priority: 'primary' },
      { type: 'upgrade', label: 'Upgrade Plan', priority: 'secondary' },
    ],
    dismissible: true,
  };
}

/** Prepaid balance: below 5 credits warning, below 1 critical. */
function balanceLevel(b: number): AlertSeverity | null {
  return b < T.balanceCriticalBelow * M ? 'critical' : b < T.balanceWarningBelow * M ? 'warning' : null;
}

function creditBalance(i: AlertInputs): AlertDraft | null {
  const b = i.balanceMicros;
  const severity = balanceLevel(b);
  if (!severity) return null;
  return {
    type: 'credit_balance',
    severity,
    title: b <= 0 ? 'Out of credits' : severity === 'critical' ? 'Credits almost gone' : 'Low credit balance',
    message:
      b <= 0
        ? 'Your credit balance is empty. Uploads are paused until you add credits.'
        : `Your balance is ${credits(b)} credits. Uploads pause when it reaches zero.`,
    details: {
      balance: b / M,
      threshold: severity === 'critical' ? T.balanceCriticalBelow : T.balanceWarningBelow,
    },
    actions: [BUY, BILLING],
    dismissible: true,
  };
}

/**
 * How long the balance lasts at today's daily cost: <= 7 days warning, <= 3 critical; a daily
 * cost above $2 (warning) or $5 (critical) raises it too. Compared in integers, so the boundaries are exact.
 */
function durationLevels(i: AlertInputs) {
  const cost = i.dailyCostMicros;
  const b = i.balanceMicros;
  if (cost <= 0) return { byDays: null, byCost: null, severity: null };
  const byDays: AlertSeverity | null =
    b <= T.daysCriticalAtMost * cost ? 'critical' : b <= T.daysWarningAtMost * cost ? 'warning' : null;
  const byCost: AlertSeverity | null =
    cost > T.dailyCostCriticalAbove * M ? 'critical' : cost > T.dailyCostWarningAbove * M ? 'warning' : null;
  return { byDays, byCost, severity: worst(byDays, byCost) };
}

function creditDuration(i: AlertInputs): AlertDraft | null {
  const { byDays, byCost, severity } = durationLevels(i);
  if (!severity) return null;
  const cost = i.dailyCostMicros;
  const b = i.balanceMicros;
  const daysLeft = Math.floor(b / cost);
  const lasts = `At ${dollars(cost)} a day, your credits last ${daysLeft === 1 ? 'about 1 more day' : `about ${daysLeft} more days`}.`;
  return {
    type: 'credit_duration',
    severity,
    title: byDays
      ? severity === 'critical'
        ? 'Credits about to run out'
        : 'Credits running out soon'
      : 'High daily cost',
    message: byCost && !byDays ? `Your storage and transfers cost ${dollars(cost)} a day. ${lasts}` : lasts,
    details: {
      daysLeft: b / cost,
      dailyCost: cost / M,
      balance: b / M,
      reasons: [...(byDays ? ['days_left'] : []), ...(byCost ? ['daily_cost'] : [])],
    },
    actions: [BUY, BILLING],
    dismissible: true,
  };
}

/**
 * The next 30 days at today's daily cost against the balance: any shortfall warns, one above half
 * the balance is critical. The suggested top-up is the shortfall rounded up to a multiple of $5.
 */
function shortfallLevel(i: AlertInputs): AlertSeverity | null {
  const shortfall = T.projectionDays * i.dailyCostMicros - i.balanceMicros;
  if (shortfall <= 0) return null;
  return shortfall > T.shortfallCriticalShare * i.balanceMicros ? 'critical' : 'warning';
}

function projectedShortfall(i: AlertInputs): AlertDraft | null {
  const severity = shortfallLevel(i);
  if (!severity) return null;
  const projected = T.projectionDays * i.dailyCostMicros;
  const shortfall = projected - i.balanceMicros;
  const step = T.topUpMultiple * M;
  const topUp = (Math.ceil(shortfall / step) * step) / M;
  return {
    type: 'projected_shortfall',
    severity,
    title: severity === 'critical' ? 'Balance will not last the month' : 'Balance may run short this month',
    message: `The next ${T.projectionDays} days will cost about ${dollars(projected)}, ${dollars(shortfall)} more than your balance. Add $${topUp} in credits to cover it.`,
    details: {
      projectedCost: projected / M,
      balance: i.balanceMicros / M,
      shortfall: shortfall / M,
      suggestedTopUp: topUp,
      days: T.projectionDays,
    },
    actions: [{ type: 'buy_credits', label: `Add ${topUp} Credits`, priority: 'primary' }, BILLING],
    dismissible: true,
  };
}

/** Every alert the inputs call for (part 1 sections 3, 4, 9), at most one per type. */
export function evaluateAlerts(i: AlertInputs): AlertDraft[] {
  const drafts = [storageUsage(i)];
  if (i.prepaid) drafts.push(creditBalance(i), creditDuration(i), projectedShortfall(i));
  return drafts.filter((d): d is AlertDraft => d !== null);
}

/**
 * The severity per type, as evaluateAlerts would decide it, without writing any alert: tells
 * cheaply whether a balance change moves an alert (AlertsService.afterCharge runs it per charge).
 */
export function severities(i: AlertInputs): string {
  const storage = storageLevel(i) ?? '';
  if (!i.prepaid) return storage;
  return `${storage},${balanceLevel(i.balanceMicros) ?? ''},${durationLevels(i).severity ?? ''},${shortfallLevel(i) ?? ''}`;
}

export type { AlertType };
