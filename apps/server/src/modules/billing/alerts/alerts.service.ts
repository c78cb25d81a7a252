import {
  ALERT_THRESHOLDS,
  type Alert,
  type AlertHistoryReply,
  type AlertsReply,
} from '@stratos/contracts/billing/alerts.schema';
import type { AppContext } from '../../../app-context';
import type { Db } from '../../../db/client';
import { conflict, notFound } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { NotificationsService } from '../../notifications/notifications.service';
import { isUnlimited } from '../credits/billing-access';
import { DAY_MS, dailyCostDollars, TRANSFER_WINDOW_DAYS, toMicros } from '../credits/pricing';
import { type AlertDraft, type AlertInputs, evaluateAlerts, severities } from './alert-engine';
import { type AlertRow, AlertsRepository } from './alerts.repository';

const HOUR_MS = 60 * 60 * 1000;
/** How long afterCharge trusts what it last read of a user's usage. */
const INPUTS_TTL_MS = 5 * 60 * 1000;
const INPUTS_CACHE_MAX = 10_000;
const CHECK_PAGE = 200;

const rank = { critical: 0, warning: 1 } as const;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toAlert(row: AlertRow): Alert {
  return {
    id: row.id,
    type: row.type,
    severity: row.severity,
    title: row.title,
    message: row.message,
    details: row.details,
    actions: row.actions as Alert['actions'],
    timestamp: iso(row.updatedAt) as string,
    dismissible: row.dismissible,
    resolvedAt: iso(row.resolvedAt),
    dismissedUntil: iso(row.dismissedUntil),
  };
}

export interface CheckResult {
  created: number;
  updated: number;
  resolved: number;
}

export interface AlertsDeps {
  db: Db;
  clock: Clock;
  notifications: Pick<NotificationsService, 'record'>;
  superadminEmail?: string;
}

/**
 * The alert engine applied to stored alerts (docs/billing-design.md, Alerts): one active row per
 * user and type, updated when its severity or figures change, resolved when its condition clears,
 * hidden for 24 h when dismissed, the latest 100 kept. A new critical alert records a notification.
 */
export class AlertsService {
  private readonly repo: AlertsRepository;
  private readonly inputsCache = new Map<string, { inputs: AlertInputs; at: number }>();

  constructor(private readonly deps: AlertsDeps) {
    this.repo = new AlertsRepository(deps.db);
  }

  /** What the engine decides from: usage, quota, balance and the daily cost at today's usage. */
  async inputs(userId: string): Promise<AlertInputs | undefined> {
    const now = this.deps.clock.now();
    const f = await this.repo.figures(userId, new Date(now.getTime() - TRANSFER_WINDOW_DAYS * DAY_MS));
    if (!f) return undefined;
    const prepaid = f.planId === 'prepaid' && !isUnlimited(f, this.deps.superadminEmail);
    const inputs: AlertInputs = {
      usedBytes: f.usedBytes,
      quotaBytes: f.quotaBytes,
      prepaid,
      balanceMicros: f.balanceMicros,
      dailyCostMicros: toMicros(dailyCostDollars(f.usedBytes, f.transferBytes)),
    };
    this.remember(userId, inputs, now.getTime());
    return inputs;
  }

  /** Evaluates the user's alerts now and stores the outcome (one transaction). */
  async check(userId: string): Promise<CheckResult> {
    const inputs = await this.inputs(userId);
    const result: CheckResult = { created: 0, updated: 0, resolved: 0 };
    if (!inputs) return result;
    const drafts = new Map(evaluateAlerts(inputs).map((d) => [d.type, d]));
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      await this.repo.lockCheck(tx, userId, now);
      const active = await this.repo.activeRows(tx, userId);
      const stale: string[] = [];
      for (const row of active) {
        const draft = drafts.get(row.type);
        drafts.delete(row.type);
        if (!draft) {
          stale.push(row.id);
        } else if (changed(row, draft)) {
          const escalated = draft.severity === 'critical' && row.severity !== 'critical';
          await this.repo.update(tx, row.id, draft, now, escalated);
          if (escalated) await this.notify(tx, userId, draft);
          result.updated++;
        }
      }
      await this.repo.resolve(tx, stale, now);
      result.resolved = stale.length;
      for (const draft of drafts.values()) {
        await this.repo.insert(tx, userId, draft, now);
        if (draft.severity === 'critical') await this.notify(tx, userId, draft);
        result.created++;
      }
      if (result.created > 0) await this.repo.prune(tx, userId, ALERT_THRESHOLDS.historySize);
    });
    return result;
  }

  /**
   * After a charge: the balance moved from `beforeMicros` to `afterMicros`. The alerts are checked
   * again (and awaited) only when that moves one of them, judged with usage read at most 5
   * minutes ago, so a charge that changes nothing costs no query. The periodic check catches the rest.
   */
  async afterCharge(userId: string, beforeMicros: number, afterMicros: number): Promise<void> {
    const cached = this.inputsCache.get(userId);
    // A charge to an account last seen as not prepaid means its plan may have just changed (its
    // first credit purchase makes it prepaid): read again rather than judge with stale figures.
    const inputs =
      cached?.inputs.prepaid && this.deps.clock.now().getTime() - cached.at < INPUTS_TTL_MS
        ? cached.inputs
        : await this.inputs(userId);
    if (!inputs) return;
    const before = severities({ ...inputs, balanceMicros: beforeMicros });
    const after = severities({ ...inputs, balanceMicros: afterMicros });
    if (before !== after) await this.check(userId);
  }

  /** Checks every user whose alerts may change; returns how many were checked. */
  async checkAll(
    opts: { signal?: AbortSignal; progress?: (n: number) => Promise<void> } = {},
  ): Promise<number> {
    let after: string | null = null;
    let checked = 0;
    for (;;) {
      const ids = await this.repo.candidates(after, CHECK_PAGE, ALERT_THRESHOLDS.storageWarning);
      for (const id of ids) {
        if (opts.signal?.aborted) return checked;
        await this.check(id);
        checked++;
      }
      if (ids.length < CHECK_PAGE) return checked;
      after = ids[ids.length - 1] as string;
      await opts.progress?.(checked);
    }
  }

  /** The user's active, undismissed alerts, most severe first; checked first when the last check is stale. */
  async list(userId: string, limit: number = ALERT_THRESHOLDS.historySize): Promise<AlertsReply> {
    let checkedAt = await this.repo.checkedAt(userId);
    const now = this.deps.clock.now();
    if (!checkedAt || now.getTime() - checkedAt.getTime() >= ALERT_THRESHOLDS.checkEveryMinutes * 60_000) {
      await this.check(userId);
      checkedAt = now;
    }
    const rows = (await this.repo.visible(userId, now)).sort((a, b) => rank[a.severity] - rank[b.severity]);
    const urgency = rows.some((r) => r.severity === 'critical')
      ? 'critical'
      : rows.length > 0
        ? 'warning'
        : 'normal';
    return {
      success: true,
      alerts: rows.slice(0, limit).map(toAlert),
      urgency,
      checkedAt: checkedAt.toISOString(),
    };
  }

  async history(userId: string, limit: number = ALERT_THRESHOLDS.historySize): Promise<AlertHistoryReply> {
    const rows = await this.repo.history(userId, Math.min(limit, ALERT_THRESHOLDS.historySize));
    return { success: true, alerts: rows.map(toAlert) };
  }

  /** Hides the alert for 24 hours. */
  async dismiss(userId: string, id: string): Promise<{ success: true; dismissedUntil: string }> {
    const until = new Date(this.deps.clock.now().getTime() + ALERT_THRESHOLDS.dismissHours * HOUR_MS);
    const row = await this.repo.dismiss(userId, id, until);
    if (!row) {
      if (await this.repo.exists(userId, id))
        throw conflict('This alert cannot be dismissed', 'NOT_DISMISSIBLE');
      throw notFound('Alert not found');
    }
    return { success: true, dismissedUntil: until.toISOString() };
  }

  private notify(tx: Db, userId: string, draft: AlertDraft) {
    return this.deps.notifications.record(tx, {
      userId,
      kind: 'alert',
      severity: 'critical',
      title: draft.title,
      message: draft.message,
      link: '/alerts',
    });
  }

  private remember(userId: string, inputs: AlertInputs, at: number) {
    if (this.inputsCache.size >= INPUTS_CACHE_MAX) this.inputsCache.clear();
    this.inputsCache.set(userId, { inputs, at });
  }
}

function changed(row: AlertRow, d: AlertDraft): boolean {
  return (
    row.severity !== d.severity ||
    row.title !== d.title ||
    row.message !== d.message ||
    stable(row.details) !== stable(d.details)
  );
}

/** JSON with sorted keys: jsonb gives keys back in its own order. */
function stable(v: unknown): string {
  return JSON.stringify(v, (_k, value) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
}

const services = new WeakMap<AppContext, AlertsService>();

/** The one AlertsService of an app (routes, jobs, credits and payments share it and its cache). */
export function alertsServiceFor(ctx: AppContext): AlertsService {
  let service = services.get(ctx);
  if (!service) {
    service = new AlertsService({
      db: ctx.database.db,
      clock: ctx.clock,
      notifications: new NotificationsService(ctx.database.db, ctx.clock),
      superadminEmail: ctx.config.superadminEmail,
    });
    services.set(ctx, service);
  }
  return service;
}
