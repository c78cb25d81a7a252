import {
  CalendarOutlined,
  CrownOutlined,
  DollarOutlined,
  SettingOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { CREDIT_MESSAGES, UNLIMITED_BALANCE } from '@stratos/contracts/billing/credits.schema';
import { Button, Card, Col, Flex, Row, Segmented, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AlertWidget } from '../../../lib/alerts/alert-widget';
import { useSession } from '../../../lib/auth-session';
import { formatCents, formatCredits, formatUsd } from '../../../lib/billing/format-money';
import { LinkButton } from '../../../lib/link-button';
import { PageHeader } from '../../../lib/page-header';
import { useBillingUsage } from '../api/get-billing-usage';
import { useCreditAccount } from '../api/get-credit-account';
import { useCreditHistory } from '../api/get-credit-history';
import { useUserPlan } from '../api/get-user-plan';
import { BuyCreditsModal } from '../components/credits/buy-credits-modal';
import { CreditHistoryCard } from '../components/credits/credit-history-card';
import { LoadFailed } from '../components/page-states';
import { StatTile } from '../components/stat-tile';
import { balanceTone, daysOfCredit, runwayTone } from '../model/credit-runway';

/** Recharts is big: the charts load after the page's figures. */
const UsageCharts = lazy(() => import('../components/usage-charts'));

const PERIODS = [
  { label: '7 days', value: 7 },
  { label: '30 days', value: 30 },
  { label: '90 days', value: 90 },
];

function ChartsSkeleton() {
  return (
    <Row gutter={[16, 16]} role="status" aria-busy="true" aria-label="Loading charts">
      {[0, 1].map((i) => (
        <Col key={i} xs={24} lg={12}>
          <Card>
            <Skeleton.Node active style={{ width: '100%', height: 280 }} />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/** /billing: the plan, the credit balance and how long it lasts, usage and cost charts, credit history. */
export default function BillingPage() {
  const session = useSession();
  const userId = session.user?.id;
  const [params, setParams] = useSearchParams();
  const [days, setDays] = useState(30);
  const plan = useUserPlan(userId);
  const credits = useCreditAccount(userId);
  const usage = useBillingUsage(days);
  const history = useCreditHistory(userId);
  const buying = params.get('buy') === 'credits';
  const setBuying = (open: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (open) next.set('buy', 'credits');
        else next.delete('buy');
        return next;
      },
      { replace: true },
    );

  const account = credits.data;
  const unlimited = account?.unlimited ?? false;
  const balance = account?.balance ?? 0;
  const dailyCost = usage.data?.dailyCost ?? 0;
  const prepaid = plan.data?.billing === 'prepaid';
  const runway = unlimited ? null : daysOfCredit(balance, dailyCost);

  const planValue = plan.data?.name ?? '—';
  const planHint =
    plan.data?.billing === 'subscription'
      ? `${formatCents(plan.data.price)}/month${plan.data.status === 'past_due' ? ' · payment overdue' : ''}`
      : plan.data?.billing === 'prepaid'
        ? 'Pay as you go from credits'
        : plan.data?.billing === 'unlimited'
          ? 'Never charged'
          : 'Upgrade for more room';

  return (
    <>
      <PageHeader
        title="Billing"
        description="Your plan, your prepaid credits and what your storage costs, day by day."
        extra={
          <>
            <LinkButton to="/settings?tab=billing" icon={<SettingOutlined aria-hidden />}>
              Payments and receipts
            </LinkButton>
            {userId && !unlimited && (
              <Button type="primary" icon={<WalletOutlined aria-hidden />} onClick={() => setBuying(true)}>
                Buy credits
              </Button>
            )}
          </>
        }
      />
      <AlertWidget hideWhenEmpty style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} xl={6}>
          <StatTile
            icon={<CrownOutlined />}
            label="Plan"
            value={planValue}
            hint={plan.isError ? 'User plan fetch failed' : planHint}
            loading={plan.isPending}
          />
        </Col>
        <Col xs={12} xl={6}>
          <StatTile
            icon={<WalletOutlined />}
            label="Credit balance"
            value={
              unlimited || balance >= UNLIMITED_BALANCE ? 'Unlimited' : `${formatCredits(balance)} credits`
            }
            hint={
              credits.isError
                ? CREDIT_MESSAGES.fetchFailed
                : account
                  ? `${formatCredits(account.totalPurchased)} bought · ${formatCredits(account.totalUsed)} used`
                  : undefined
            }
            loading={credits.isPending}
            tone={prepaid ? balanceTone(balance, unlimited) : 'normal'}
          />
        </Col>
        <Col xs={12} xl={6}>
          <StatTile
            icon={<DollarOutlined />}
            label="Daily cost"
            value={formatUsd(dailyCost)}
            hint={`About ${formatUsd(dailyCost * 30)} per 30 days at today's usage`}
            loading={usage.isPending}
          />
        </Col>
        <Col xs={12} xl={6}>
          <StatTile
            icon={<CalendarOutlined />}
            label="Credit lasts"
            value={
              unlimited
                ? 'Unlimited'
                : runway === null
                  ? 'No charges'
                  : `${runway.toLocaleString()} day${runway === 1 ? '' : 's'}`
            }
            hint={
              runway !== null
                ? 'At today’s daily cost'
                : prepaid
                  ? 'You pay only for what you store and send'
                  : plan.data?.billing === 'subscription'
                    ? 'Your subscription covers storage'
                    : 'Nothing is charged from credits'
            }
            loading={credits.isPending || usage.isPending}
            tone={prepaid ? runwayTone(runway) : 'normal'}
          />
        </Col>
      </Row>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ margin: '24px 0 12px' }}>
        <h2 style={{ margin: 0, fontSize: 18 }}>Usage and cost</h2>
        <Segmented options={PERIODS} value={days} onChange={(v) => setDays(Number(v))} aria-label="Period" />
      </Flex>
      <div style={{ marginBottom: 24 }}>
        {usage.isPending ? (
          <ChartsSkeleton />
        ) : usage.isError && !usage.data ? (
          <LoadFailed
            title="We couldn't load your usage"
            error={usage.error}
            onRetry={() => void usage.refetch()}
            retrying={usage.isFetching}
          />
        ) : (
          <Suspense fallback={<ChartsSkeleton />}>
            <UsageCharts usage={usage.data} />
          </Suspense>
        )}
      </div>
      <CreditHistoryCard
        data={history.data}
        isPending={history.isPending}
        error={history.isError ? history.error : null}
        onRetry={() => void history.refetch()}
      />
      {userId && <BuyCreditsModal open={buying} userId={userId} onClose={() => setBuying(false)} />}
    </>
  );
}
