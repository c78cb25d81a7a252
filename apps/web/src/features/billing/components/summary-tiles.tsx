import {
  CalendarOutlined,
  CloudServerOutlined,
  CrownOutlined,
  DollarOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { UserPlanReply } from '@stratos/contracts/billing/credits.schema';
import {
  CREDIT_MESSAGES,
  type CreditAccount,
  UNLIMITED_BALANCE,
} from '@stratos/contracts/billing/credits.schema';
import { Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { formatCard, formatCents, formatCredits, formatUsd } from '../../../lib/billing/format-money';
import { useSubscriptionStatus } from '../../../lib/billing/subscription-status';
import { formatLongDate } from '../../../lib/date-format';
import { formatBytes } from '../../../lib/format-bytes';
import { balanceTone, daysOfCredit, formatRunway, runwayTone } from '../model/credit-runway';
import { StatTile } from './stat-tile';

type UserPlan = UserPlanReply['plan'];

/** "Dec 25, 2026": short enough for a tile. */
const mediumDate = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

interface Query<T> {
  data?: T;
  isPending: boolean;
  isError: boolean;
}

interface SummaryTilesProps {
  plan: Query<UserPlan>;
  credits: Query<CreditAccount>;
  /** Today's projected daily cost and stored bytes, from GET /api/billing/usage. */
  usage: Query<{ dailyCost: number; storedBytes: number }>;
}

function planHint(plan: UserPlan | undefined): string {
  if (!plan) return '';
  if (plan.billing === 'subscription')
    return `${formatCents(plan.price)}/month${plan.status === 'past_due' ? ' · payment overdue' : ''}`;
  if (plan.billing === 'prepaid') return 'Pay as you go from credits';
  if (plan.billing === 'unlimited') return 'Never charged';
  return 'Upgrade for more room';
}

/** Where credits pay (a prepaid account): what today costs and how long the balance lasts. */
function PrepaidTiles({ balance, usage }: { balance: number; usage: SummaryTilesProps['usage'] }) {
  const dailyCost = usage.data?.dailyCost ?? 0;
  const runway = daysOfCredit(balance, dailyCost);
  return (
    <>
      <Tile>
        <StatTile
          icon={<DollarOutlined />}
          label="Daily cost"
          value={formatUsd(dailyCost)}
          hint={
            dailyCost > 0
              ? `About ${formatUsd(dailyCost * 30)} per 30 days at today's usage`
              : 'Nothing stored or sent yet, so nothing is charged'
          }
          loading={usage.isPending}
        />
      </Tile>
      <Tile>
        <StatTile
          icon={<CalendarOutlined />}
          label="Credit lasts"
          value={formatRunway(runway) ?? 'No daily charge'}
          hint={runway !== null ? 'At today’s daily cost' : 'You pay only for what you store and send'}
          loading={usage.isPending}
          tone={runwayTone(runway)}
        />
      </Tile>
    </>
  );
}

/** Subscribers and free accounts: storage against the plan, and the next payment (if any). */
function PlanTiles({ plan, usage }: { plan: UserPlan | undefined; usage: SummaryTilesProps['usage'] }) {
  const subscribed = plan?.billing === 'subscription';
  const status = useSubscriptionStatus(subscribed);
  const sub = status.data?.subscription;
  let next: { value: string; hint: string };
  if (plan?.billing === 'unlimited') next = { value: 'None', hint: 'This account is never charged' };
  else if (!subscribed) next = { value: 'None', hint: 'The Free plan costs nothing' };
  else if (!sub) next = { value: '—', hint: status.isError ? 'Subscription details unavailable' : '' };
  else if (sub.cancel_at_period_end)
    next = { value: 'None', hint: `Your plan ends on ${formatLongDate(sub.current_period_end)}` };
  else
    next = {
      value: mediumDate.format(new Date(sub.current_period_end)),
      hint: `${formatCents(sub.amount)}${sub.card ? ` · ${formatCard(sub.card)}` : ''}`,
    };
  const stored = usage.data?.storedBytes ?? 0;
  return (
    <>
      <Tile>
        <StatTile
          icon={<CloudServerOutlined />}
          label="Storage"
          value={formatBytes(stored)}
          hint={plan?.storageBytes ? `of ${formatBytes(plan.storageBytes)} in your plan` : 'No storage limit'}
          loading={usage.isPending}
        />
      </Tile>
      <Tile>
        <StatTile
          icon={<CalendarOutlined />}
          label="Next payment"
          value={next.value}
          hint={next.hint}
          loading={subscribed && status.isPending}
        />
      </Tile>
    </>
  );
}

const Tile = ({ children }: { children: ReactNode }) => (
  <Col xs={12} xl={6}>
    {children}
  </Col>
);

/**
 * The figures at the top of /billing. Daily cost and how long credit lasts only where credits pay
 * (prepaid accounts); a subscriber sees storage against the plan and the next payment instead.
 */
export function SummaryTiles({ plan, credits, usage }: SummaryTilesProps) {
  const account = credits.data;
  const unlimited = account?.unlimited ?? false;
  const balance = account?.balance ?? 0;
  const prepaid = plan.data?.billing === 'prepaid';
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
      <Tile>
        <StatTile
          icon={<CrownOutlined />}
          label="Plan"
          value={plan.data?.name ?? '—'}
          hint={plan.isError ? 'User plan fetch failed' : planHint(plan.data)}
          loading={plan.isPending}
        />
      </Tile>
      <Tile>
        <StatTile
          icon={<WalletOutlined />}
          label="Credit balance"
          value={
            unlimited || balance >= UNLIMITED_BALANCE ? 'Unlimited' : `${formatCredits(balance)} credits`
          }
          hint={
            credits.isError
              ? CREDIT_MESSAGES.fetchFailed
              : account && plan.data?.billing === 'subscription'
                ? 'Not charged while your subscription pays'
                : account
                  ? `${formatCredits(account.totalPurchased)} bought · ${formatCredits(account.totalUsed)} used`
                  : undefined
          }
          loading={credits.isPending}
          tone={prepaid ? balanceTone(balance, unlimited) : 'normal'}
        />
      </Tile>
      {plan.isPending ? (
        <>
          <Tile>
            <StatTile icon={<DollarOutlined />} label="Usage" value="" loading />
          </Tile>
          <Tile>
            <StatTile icon={<CalendarOutlined />} label="Payments" value="" loading />
          </Tile>
        </>
      ) : prepaid ? (
        <PrepaidTiles balance={balance} usage={usage} />
      ) : (
        <PlanTiles plan={plan.data} usage={usage} />
      )}
    </Row>
  );
}
