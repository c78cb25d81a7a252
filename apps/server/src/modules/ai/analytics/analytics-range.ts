import { roleAtLeast } from '@stratos/contracts/access/roles';
import {
  ANALYTICS_DEFAULT_DAYS,
  ANALYTICS_MAX_DAYS,
  ANALYTICS_MESSAGES,
  type AnalyticsQuery,
} from '@stratos/contracts/ai/analytics.schema';
import { badRequest, forbidden } from '../../../lib/app-error';
import type { AuthUser } from '../../../plugins/auth-guard';
import type { UsageScope } from './analytics.repository';

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export interface Range extends UsageScope {
  fromDay: string;
  toDay: string;
  scope: 'all' | 'own' | 'user';
}

/**
 * The report's UTC days (both ends included; the last 30 days by default) and whose calls it
 * covers: an admin sees everyone's, or one user's when they name one; anyone else sees their own.
 */
export function rangeFor(user: Pick<AuthUser, 'id' | 'role'>, q: AnalyticsQuery, now: Date): Range {
  const toDay = q.to ?? isoDay(now);
  const fromDay =
    q.from ?? isoDay(new Date(Date.parse(`${toDay}T00:00:00Z`) - (ANALYTICS_DEFAULT_DAYS - 1) * DAY_MS));
  const from = new Date(`${fromDay}T00:00:00Z`);
  const to = new Date(Date.parse(`${toDay}T00:00:00Z`) + DAY_MS);
  if (from >= to) throw badRequest(ANALYTICS_MESSAGES.badRange);
  if ((to.getTime() - from.getTime()) / DAY_MS > ANALYTICS_MAX_DAYS)
    throw badRequest(ANALYTICS_MESSAGES.rangeTooLong);
  const admin = roleAtLeast(user.role, 'admin');
  if (!admin && q.userId !== undefined && q.userId !== user.id)
    throw forbidden(ANALYTICS_MESSAGES.ownUsageOnly);
  if (!admin) return { from, to, fromDay, toDay, userId: user.id, scope: 'own' };
  if (q.userId !== undefined) return { from, to, fromDay, toDay, userId: q.userId, scope: 'user' };
  return { from, to, fromDay, toDay, userId: null, scope: 'all' };
}

/** Every day of the range, so a chart shows quiet days as zero instead of skipping them. */
export function daysOf(r: Pick<Range, 'from' | 'to'>): string[] {
  const out: string[] = [];
  for (let t = r.from.getTime(); t < r.to.getTime(); t += DAY_MS) out.push(isoDay(new Date(t)));
  return out;
}
