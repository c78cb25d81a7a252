import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { PAYMENT_MESSAGES } from '@stratos/contracts/billing/payments.schema';
import { resolvePlanId } from '@stratos/contracts/plans/plan.schema';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Flex, Progress, Result, Row, Skeleton, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { meKey } from '../../../lib/account/get-me';
import { useSession } from '../../../lib/auth-session';
import { subscriptionStatusKey, useSubscriptionStatus } from '../../../lib/billing/subscription-status';
import { LinkButton } from '../../../lib/link-button';
import { findPlan, usePlansQuery } from '../../../lib/plans/plans-query';
import { useConfirmReturnedPayment } from '../api/confirm-payment';
import { LoadFailed } from '../components/page-states';
import { NextSteps } from '../components/success/next-steps';
import { SuccessPlanCard } from '../components/success/success-plan-card';
import { useCountdown } from '../hooks/use-countdown';
import { SUCCESS_COUNTDOWN_SECONDS } from '../model/subscribe-plan';

function Countdown({ paused, onStay }: { paused: boolean; onStay: () => void }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const left = useCountdown(SUCCESS_COUNTDOWN_SECONDS, () => void navigate('/dashboard'), !paused);
  return (
    <Card
      role="region"
      aria-label="Continue"
      style={{ marginBottom: 24 }}
      styles={{ body: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16 } }}
    >
      <Progress
        type="circle"
        size={52}
        percent={(left / SUCCESS_COUNTDOWN_SECONDS) * 100}
        format={() => (paused ? '—' : `${left}`)}
        aria-hidden
      />
      <div style={{ flex: '1 1 220px', color: token.colorTextSecondary }} role="status">
        {paused
          ? 'Take your time: the dashboard is one click away.'
          : `Taking you to your dashboard in ${left} second${left === 1 ? '' : 's'}.`}
        {!paused && (
          <Button type="link" size="small" onClick={onStay} style={{ paddingInline: 6 }}>
            Stay on this page
          </Button>
        )}
      </div>
      <Flex gap={8} wrap>
        <LinkButton to="/settings?tab=subscription">Manage Subscription</LinkButton>
        <LinkButton to="/dashboard" type="primary">
          Go to Dashboard Now
        </LinkButton>
      </Flex>
    </Card>
  );
}

/**
 * /subscription-success?plan=…[&upgrade=true]: the plan card, next steps, help, and a 10-second
 * countdown to the dashboard. Also where Stripe returns after a redirect-based confirmation
 * (payment_intent and redirect_status in the query), which is granted here first.
 */
export default function SubscriptionSuccessPage() {
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const plans = usePlansQuery();
  const status = useSubscriptionStatus(signedIn);
  const [paused, setPaused] = useState(false);

  const returnedIntent = params.get('payment_intent');
  const redirectStatus = params.get('redirect_status');
  const planQuery = params.get('plan');
  const planId = planQuery
    ? resolvePlanId(planQuery)
    : status.data?.has_active_subscription
      ? status.data.billing.current_plan
      : 'basic';
  const upgrade = params.get('upgrade') === 'true';
  const returned = useConfirmReturnedPayment(
    redirectStatus === 'succeeded' && signedIn ? returnedIntent : null,
    planId,
  );
  useEffect(() => {
    if (returned.isSuccess) {
      void queryClient.invalidateQueries({ queryKey: subscriptionStatusKey });
      void queryClient.invalidateQueries({ queryKey: meKey });
    }
  }, [returned.isSuccess, queryClient]);

  if (returnedIntent && redirectStatus && redirectStatus !== 'succeeded')
    return (
      <Card style={{ maxWidth: 640, margin: '0 auto' }}>
        <Result
          icon={<CloseCircleFilled style={{ color: token.colorError }} aria-hidden />}
          title="Your payment did not go through"
          subTitle="Nothing was charged. You can try again with the same or another card."
          extra={
            <LinkButton to={`/subscribe?plan=${encodeURIComponent(planId)}`} type="primary">
              Try again
            </LinkButton>
          }
        />
      </Card>
    );
  if (returned.isError)
    return (
      <div style={{ maxWidth: 640, margin: '0 auto' }}>
        <LoadFailed
          title={PAYMENT_MESSAGES.confirmFailed}
          error={returned.error}
          onRetry={() => void returned.refetch()}
          retrying={returned.isFetching}
        />
      </div>
    );

  const plan = findPlan(plans.data, planId) ?? findPlan(plans.data, 'basic');
  const waiting = plans.isPending || returned.isFetching || (signedIn && status.isPending);
  if (plans.isError)
    return (
      <LoadFailed
        title={PAYMENT_MESSAGES.loadPlansFailed}
        error={plans.error}
        onRetry={() => void plans.refetch()}
        retrying={plans.isFetching}
      />
    );

  return (
    <div style={{ maxWidth: 1040, margin: '0 auto' }}>
      <header style={{ textAlign: 'center', margin: '0 auto 28px', maxWidth: 640 }}>
        <CheckCircleFilled style={{ fontSize: 56, color: token.colorSuccess }} aria-hidden />
        <h1 style={{ margin: '16px 0 8px', fontSize: 30, color: token.colorTextHeading }}>
          {upgrade ? 'Upgrade complete' : 'Subscription confirmed'}
        </h1>
        <p style={{ margin: 0, fontSize: 16, color: token.colorTextSecondary }}>
          {plan ? `Welcome to Stratos ${plan.name}. ` : ''}Your plan is active and its limits apply now. Your
          receipt is in Settings, under Billing.
        </p>
      </header>
      {waiting || !plan ? (
        <Row gutter={[24, 24]} role="status" aria-busy="true" aria-label="Loading your plan">
          <Col xs={24} md={11}>
            <Card>
              <Skeleton active paragraph={{ rows: 7 }} />
            </Card>
          </Col>
          <Col xs={24} md={13}>
            <Card>
              <Skeleton active paragraph={{ rows: 7 }} />
            </Card>
          </Col>
        </Row>
      ) : (
        <>
          <Countdown paused={paused} onStay={() => setPaused(true)} />
          <Row gutter={[24, 24]}>
            <Col xs={24} md={11}>
              <SuccessPlanCard plan={plan} nextBillingDate={status.data?.billing.next_billing_date ?? null} />
            </Col>
            <Col xs={24} md={13}>
              <NextSteps />
            </Col>
          </Row>
        </>
      )}
    </div>
  );
}
