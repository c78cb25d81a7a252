import { PAYMENT_MESSAGES } from '@stratos/contracts/billing/payments.schema';
import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { Alert, Button, Card, Grid, Steps } from 'antd';
import { type ReactNode, useEffect, useReducer, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useMe } from '../../../lib/account/get-me';
import { useSession } from '../../../lib/auth-session';
import { PageHeader } from '../../../lib/page-header';
import { findPlan, usePlansQuery } from '../../../lib/plans/plans-query';
import { LoadFailed, PageSkeleton } from '../components/page-states';
import { SubscriptionPaymentPanel } from '../components/payment/subscription-payment-panel';
import { ConfirmUpgrade } from '../components/upgrade/confirm-upgrade';
import { PlanChoiceGrid } from '../components/upgrade/plan-choice-grid';
import {
  initialUpgradeState,
  UPGRADE_STEPS,
  upgradablePlan,
  upgradeGate,
  upgradeReducer,
  upgradeSuccess,
} from '../model/upgrade-flow';

function UpgradeWizard({
  plans,
  planQuery,
  email,
}: {
  plans: Plan[];
  planQuery: string | null;
  email: string;
}) {
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(upgradeReducer, undefined, () =>
    initialUpgradeState(planQuery, plans),
  );
  const phone = Grid.useBreakpoint().sm === false;
  const chosen = upgradablePlan(plans, state.planId);
  const current = findPlan(plans, 'free');
  const top = useRef<HTMLDivElement>(null);
  const shown = useRef(state.step);
  // Each new step starts at the top (a phone would otherwise stay scrolled down the plan grid).
  useEffect(() => {
    if (shown.current === state.step) return;
    shown.current = state.step;
    if ((top.current?.getBoundingClientRect().top ?? 0) < 0)
      top.current?.scrollIntoView?.({ block: 'start' });
  }, [state.step]);

  let body: ReactNode;
  if (state.step === 1) {
    body = (
      <PlanChoiceGrid
        plans={plans}
        currentPlanId="free"
        onPick={(planId) => dispatch({ type: 'pick', planId })}
      />
    );
  } else if (!chosen) {
    body = <Alert type="error" showIcon title={PAYMENT_MESSAGES.configError} />;
  } else if (state.step === 2) {
    body = (
      <ConfirmUpgrade
        from={current}
        to={chosen}
        error={state.error}
        onBack={() => dispatch({ type: 'back' })}
        onConfirm={() => dispatch({ type: 'confirm' })}
      />
    );
  } else {
    body = (
      <div style={{ maxWidth: 640, margin: '0 auto' }}>
        <SubscriptionPaymentPanel
          plan={chosen}
          email={email}
          ignoreActive
          returnPath={`/subscription-success?plan=${encodeURIComponent(chosen.id)}&upgrade=true`}
          onError={(reason) => dispatch({ type: 'fail', reason })}
          onSuccess={(subscription) => {
            const next = upgradeSuccess(chosen.id, subscription.id);
            void navigate(next.to, { state: next.state });
          }}
        />
        <Button style={{ marginTop: 16 }} onClick={() => dispatch({ type: 'back' })}>
          Back
        </Button>
      </div>
    );
  }

  return (
    <div ref={top} style={{ scrollMarginTop: 80 }}>
      <Card styles={{ body: { padding: phone ? '12px 16px' : '16px 24px' } }} style={{ marginBottom: 24 }}>
        <Steps
          current={state.step - 1}
          size="small"
          responsive={false}
          items={UPGRADE_STEPS.map((title) => ({ title }))}
          aria-label="Upgrade steps"
        />
      </Card>
      {body}
    </div>
  );
}

/**
 * /upgrade (part 1 sections 2 and 4): Plan -> Confirm -> Payment for signed-in free users. Others
 * are sent on: to sign in first, or to their subscription settings.
 */
export default function UpgradePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const planQuery = params.get('plan');
  const session = useSession();
  const me = useMe();
  const plans = usePlansQuery();
  // Once allowed in, stay: a successful upgrade changes the plan on the way to the dashboard.
  const allowed = useRef(false);
  const gate = allowed.current
    ? ({ kind: 'allow' } as const)
    : upgradeGate(
        session.status,
        session.status === 'signedIn' ? me.data?.subscriptionPlan : undefined,
        planQuery,
      );
  if (gate.kind === 'allow') allowed.current = true;

  const redirectTo = gate.kind === 'redirect' ? gate.to : null;
  useEffect(() => {
    if (redirectTo) void navigate(redirectTo, { replace: true });
  }, [redirectTo, navigate]);

  const header = (
    <PageHeader
      title="Upgrade your plan"
      description="Choose a plan, confirm it and pay. Your new limits apply as soon as the payment succeeds."
    />
  );
  if (session.status === 'signedIn' && me.isError && !allowed.current)
    return (
      <>
        {header}
        <LoadFailed
          title="We couldn't load your account"
          error={me.error}
          onRetry={() => void me.refetch()}
        />
      </>
    );
  if (gate.kind !== 'allow' || plans.isPending)
    return (
      <>
        {header}
        <PageSkeleton label="Loading the plans" />
      </>
    );
  if (plans.isError)
    return (
      <>
        {header}
        <LoadFailed
          title={PAYMENT_MESSAGES.loadPlansFailed}
          error={plans.error}
          onRetry={() => void plans.refetch()}
          retrying={plans.isFetching}
        />
      </>
    );
  return (
    <>
      {header}
      <UpgradeWizard plans={plans.data} planQuery={planQuery} email={session.user?.email ?? ''} />
    </>
  );
}
