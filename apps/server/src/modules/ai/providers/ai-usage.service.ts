import { AI_MESSAGES } from '@stratos/contracts/ai/providers.schema';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { TtlCache } from '../../../lib/ttl-cache';
import { isUnlimited } from '../../billing/credits/billing-access';
import type { AiProvidersRepository, NewUsageRow } from './providers.repository';
import { UsageLogBatcher } from './usage-log-batcher';

/** Who is asking, as far as paying for AI goes. */
export interface Payer {
  userId: string;
  email: string;
  role: 'user' | 'admin' | 'superadmin';
  /**
   * Prepaid accounts pay for paid providers (on the platform's key) with credits, held before each
   * such call (call-payment.ts): no balance is read here.
   */
  prepaid: boolean;
  /** The user's plan: its allowed models apply to the call (plan-rules.ts). */
  planId: string;
  /** No allowance and no model allow-list (the superadmin). */
  unrestricted: boolean;
}

export interface UsageDeps {
  repo: Pick<AiProvidersRepository, 'allowance' | 'logUsage' | 'logUsageRows'>;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  superadminEmail?: string;
}

/**
 * How long this process admits a user with no allowance to hold (superadmin, or a plan without a
 * monthly limit that is not prepaid) without reading their plan again. Nothing is counted for them
 * and no balance is read, so the read only tells who they are; a change of role or plan (made on
 * any node) applies to their calls within this time, as provider settings do. Users with a limit
 * or a prepaid balance are read on every call.
 */
export const OPEN_ALLOWANCE_TTL_MS = 5000;
/** Users held at most; past it the cache starts over. */
const OPEN_ALLOWANCE_MAX_USERS = 10_000;

const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));

/**
 * The plan's monthly AI allowance (plans.ai_queries_per_month, null = unlimited; a query counts
 * once it succeeded) and the usage log. Prepaid accounts' credits are held and charged per call by
 * the router (call-payment.ts) through the billing module's credit holds.
 */
export class AiUsageService {
  /** Concurrent calls' usage rows go in one insert; each call still waits for its own row. */
  private readonly log: UsageLogBatcher;

  /** Payers with nothing to count or charge, by user (see OPEN_ALLOWANCE_TTL_MS). */
  private readonly open: TtlCache<string, Payer>;

  constructor(private readonly d: UsageDeps) {
    this.log = new UsageLogBatcher(d.repo);
    this.open = new TtlCache(OPEN_ALLOWANCE_TTL_MS, OPEN_ALLOWANCE_MAX_USERS, () => d.clock.now().getTime());
  }

  /** The user's plan and this month's allowance, without admitting a call (null: no such user). */
  async standing(
    userId: string,
  ): Promise<{ planId: string; unrestricted: boolean; limit: number | null; used: number } | null> {
    const a = await this.d.repo.allowance(userId, monthStart(this.d.clock.now()));
    if (!a) return null;
    const unrestricted = isUnlimited(
      { role: a.role as Payer['role'], email: a.email },
      this.d.superadminEmail,
    );
    return { planId: a.planId, unrestricted, limit: unrestricted ? null : a.limit, used: a.used };
  }

  /** 402 when this month's allowance is spent; otherwise who pays. */
  async admit(userId: string): Promise<Payer> {
    const held = this.open.get(userId);
    if (held) return held;
    const now = this.d.clock.now();
    const a = await this.d.repo.allowance(userId, monthStart(now));
    if (!a) throw notFound('User not found');
    const role = a.role as Payer['role'];
    const unlimited = isUnlimited({ role, email: a.email }, this.d.superadminEmail);
    if (!unlimited && a.limit !== null && a.used >= a.limit) {
      throw new AppError(402, 'AI_ALLOWANCE_SPENT', AI_MESSAGES.allowanceSpent(a.limit), {
        limit: a.limit,
        used: a.used,
      });
    }
    const prepaid = !unlimited && a.planId === 'prepaid';
    const payer: Payer = { userId, email: a.email, role, prepaid, planId: a.planId, unrestricted: unlimited };
    if (unlimited || (a.limit === null && !prepaid)) this.open.set(userId, payer, now.getTime());
    return payer;
  }

  /**
   * A plan's allowance changed here (AI management): users admitted without a limit are read
   * again on their next call instead of after OPEN_ALLOWANCE_TTL_MS.
   */
  forgetAdmitted(): void {
    this.open.clear();
  }

  /**
   * Several rows of one call (an embedding call and the providers it tried), written together: the
   * group commit puts rows submitted in one turn in one insert. Never throws, as `record`.
   */
  async recordRows(rows: NewUsageRow[]): Promise<void> {
    if (rows.length === 0) return;
    const written = await Promise.allSettled(rows.map((row) => this.log.write(row)));
    const failed = written.find((w) => w.status === 'rejected');
    if (failed) this.d.log.warn({ err: failed.reason }, 'could not write an AI usage row');
  }

  async record(row: NewUsageRow): Promise<void> {
    try {
      await this.log.write(row);
    } catch (err) {
      this.d.log.warn({ err }, 'could not write an AI usage row');
    }
  }
}
