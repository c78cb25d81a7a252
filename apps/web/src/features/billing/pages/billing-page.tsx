import { SettingOutlined, WalletOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Segmented, Skeleton } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AlertWidget } from '../../../lib/alerts/alert-widget';
import { useSession } from '../../../lib/auth-session';
import { LinkButton } from '../../../lib/link-button';
import { PageHeader } from '../../../lib/page-header';
import { useBillingUsage } from '../api/get-billing-usage';
import { useCreditAccount } from '../api/get-credit-account';
import { useCreditHistory } from '../api/get-credit-history';
import { useUserPlan } from '../api/get-user-plan';
import { BuyCreditsModal } from '../components/credits/buy-credits-modal';
import { CreditHistoryCard } from '../components/credits/credit-history-card';
import { MerchOrdersCard } from '../components/merch-orders-card';
import { LoadFailed } from '../components/page-states';
import { SummaryTiles } from '../components/summary-tiles';

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

/**
 * /billing: the plan, the credit balance, usage, credit history. Daily cost, how long credit
 * lasts and the cost chart only where credits pay (prepaid accounts).
 */
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

  const unlimited = credits.data?.unlimited ?? false;

  return (
    <>
      <PageHeader
        title="Billing"
        description={
          plan.data?.billing === 'prepaid'
            ? 'Your plan, your prepaid credits and what your storage costs, day by day.'
            : 'Your plan, its next payment, your credits and what you store, day by day.'
        }
        extra={
          <>
            <LinkButton to="/settings?tab=billing" icon={<SettingOutlined aria-hidden />}>
              Payments and receipts
            </LinkButton>
            {userId && !unlimited && (
              <Button
                type={plan.data?.billing === 'subscription' ? 'default' : 'primary'}
                icon={<WalletOutlined aria-hidden />}
                onClick={() => setBuying(true)}
              >
                Buy credits
              </Button>
            )}
          </>
        }
      />
      <AlertWidget hideWhenEmpty style={{ marginBottom: 16 }} />
      <SummaryTiles
        plan={plan}
        credits={credits}
        usage={{
          data: usage.data && {
            dailyCost: usage.data.dailyCost,
            storedBytes: usage.data.days.at(-1)?.storageBytes ?? 0,
          },
          isPending: usage.isPending,
          isError: usage.isError,
        }}
      />
      <Flex justify="space-between" align="center" gap={12} wrap style={{ margin: '24px 0 12px' }}>
        <h2 style={{ margin: 0, fontSize: 18 }}>
          {plan.data?.billing === 'prepaid' ? 'Usage and cost' : 'Usage'}
        </h2>
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
      <MerchOrdersCard />
      {userId && <BuyCreditsModal open={buying} userId={userId} onClose={() => setBuying(false)} />}
    </>
  );
}
