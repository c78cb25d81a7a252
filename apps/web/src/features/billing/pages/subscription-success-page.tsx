import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { PAYMENT_MESSAGES } from '@stratos/contracts/billing/payments.schema';
import { resolvePlanId } from '@stratos/contracts/plans/plan.schema';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Col, Result, Row, Skeleton, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { meKey } from '../../../lib/account/get-me';
import { useSession } from '../../../lib/auth-session';
import { subscriptionStatusKey, useSubscriptionStatus } from '../../../lib/billing/subscription-status';
import { LinkButton } from '../../../lib/link-button';
import { switchPlanLink } from '../../../lib/plans/plan-links';
import { findPlan, usePlansQuery } from '../../../lib/plans/plans-query';
import { useConfirmReturnedPayment } from '../api/confirm-payment';
import { LoadFailed } from '../components/page-states';
import { NextSteps } from '../components/success/next-steps';
import { SuccessCountdown } from '../components/success/success-countdown';
import { NoSubscriptionNotice, PastDueNotice, SignedOutNotice } from '../components/success/success-notices';
import { SuccessPlanCard } from '../components/success/success-plan-card';
import { successView } from '../model/success-view';

function LoadingPlan() {
  return (
    <Row gutter={[24, 24]} role="status" aria-busy="true" aria-label="Loading your subscription">
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
  );
}

/**
 * /subscription-success[?plan=…&upgrade=true]: what the account really pays for, read from
 * GET /api/payments/subscription-status. Only an active subscription gets the plan card, next
 * steps and the 10-second countdown; signed-out visitors are asked to sign in, and an account
 * without a subscription is told so, whatever the query says. Also where Stripe returns after a
 * redirect-based confirmation (payment_intent and redirect_status), which is granted here first.
 */
export default function SubscriptionSuccessPage() {
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  const plans = usePlansQuery();
  const status = useSubscriptionStatus(signedIn);
  const [paused, setPaused] = useState(false);

  const returnedIntent = params.get('payment_intent');
  const redirectStatus = params.get('redirect_status');
  const planQuery = params.get('plan');
  const confirming = redirectStatus === 'succeeded' && signedIn ? returnedIntent : null;
  const returned = useConfirmReturnedPayment(confirming, planQuery ? resolvePlanId(planQuery) : undefined);
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
            <LinkButton to={`/subscribe?plan=${encodeURIComponent(resolvePlanId(planQuery))}`} type="primary">
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

  const view = successView({
    session: session.status,
    status: {
      data: status.data,
      isError: status.isError,
      // After a returned payment, wait for the grant and the status it changed.
      waiting: confirming !== null && (returned.isFetching || status.isFetching),
    },
    planQuery,
    now: Date.now(),
  });
  if (view.kind === 'signedOut') return <SignedOutNotice back={`${pathname}${search}`} />;
  if (plans.isError)
    return (
      <LoadFailed
        title={PAYMENT_MESSAGES.loadPlansFailed}
        error={plans.error}
        onRetry={() => void plans.refetch()}
        retrying={plans.isFetching}
      />
    );
  if (view.kind === 'error')
    return (
      <LoadFailed
        title="We couldn't load your subscription"
        error={status.error}
        onRetry={() => void status.refetch()}
        retrying={status.isFetching}
      />
    );
  if (view.kind === 'loading' || !plans.data) return <LoadingPlan />;
  if (view.kind === 'none')
    return (
      <NoSubscriptionNotice plans={plans.data} currentPlan={view.currentPlan} askedPlan={view.askedPlan} />
    );
  const plan = findPlan(plans.data, view.planId);
  const subscription = status.data?.subscription;
  if (view.kind === 'pastDue') return <PastDueNotice planName={plan?.name ?? view.planId} />;
  if (!plan || !subscription) return <LoadingPlan />;

  const upgrade = params.get('upgrade') === 'true';
  const asked = findPlan(plans.data, view.otherPlanAsked);
  return (
    <div style={{ maxWidth: 1040, margin: '0 auto' }}>
      <header style={{ textAlign: 'center', margin: '0 auto 28px', maxWidth: 640 }}>
        <CheckCircleFilled style={{ fontSize: 56, color: token.colorSuccess }} aria-hidden />
        <h1 style={{ margin: '16px 0 8px', fontSize: 30, color: token.colorTextHeading }}>
          {view.fresh
            ? upgrade
              ? 'Upgrade complete'
              : 'Subscription confirmed'
            : `Your ${plan.name} plan is active`}
        </h1>
        <p style={{ margin: 0, fontSize: 16, color: token.colorTextSecondary }}>
          {view.fresh ? `Welcome to Stratos ${plan.name}. ` : ''}Your plan is active and its limits apply now.
          Your receipts are in Settings, under Billing.
        </p>
      </header>
      {asked && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 24 }}
          title={`Your subscription is ${plan.name}, not ${asked.name}`}
          description={`Nothing was charged for ${asked.name}. To change your plan, pay for ${asked.name}; it starts at once.`}
          action={
            <LinkButton size="small" to={switchPlanLink(asked.id)}>
              Switch to {asked.name}
            </LinkButton>
          }
        />
      )}
      <SuccessCountdown paused={paused || asked !== null} onStay={() => setPaused(true)} />
      <Row gutter={[24, 24]}>
        <Col xs={24} md={11}>
          <SuccessPlanCard plan={plan} subscription={subscription} />
        </Col>
        <Col xs={24} md={13}>
          <NextSteps />
        </Col>
      </Row>
    </div>
  );
}
