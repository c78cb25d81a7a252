import { ExclamationCircleFilled, InfoCircleFilled, LoginOutlined } from '@ant-design/icons';
import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { Card, Flex, Result, theme } from 'antd';
import type { ReactNode } from 'react';
import { LinkButton } from '../../../../lib/link-button';
import { findPlan } from '../../../../lib/plans/plans-query';

function Notice({
  icon,
  title,
  text,
  actions,
}: {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  actions: ReactNode;
}) {
  return (
    <Card style={{ maxWidth: 680, margin: '0 auto' }}>
      <Result
        icon={icon}
        title={<h1 style={{ margin: 0, fontSize: 24, fontWeight: 600 }}>{title}</h1>}
        subTitle={text}
        extra={
          <Flex gap={8} justify="center" wrap>
            {actions}
          </Flex>
        }
      />
    </Card>
  );
}

/** Signed out: a subscription is only shown to its owner. */
export function SignedOutNotice({ back }: { back: string }) {
  return (
    <Notice
      icon={<LoginOutlined aria-hidden />}
      title="Sign in to see your subscription"
      text="This page shows the plan your account pays for. Sign in to see it; if you have no account yet, choose a plan first."
      actions={
        <>
          <LinkButton to={`/login?redirect=${encodeURIComponent(back)}`} type="primary">
            Sign In
          </LinkButton>
          <LinkButton to="/pricing">Choose a plan</LinkButton>
        </>
      }
    />
  );
}

/** Signed in without a paid subscription: say so, and say what to do. */
export function NoSubscriptionNotice({
  plans,
  currentPlan,
  askedPlan,
}: {
  plans: readonly Plan[];
  currentPlan: string;
  askedPlan: string | null;
}) {
  const { token } = theme.useToken();
  const asked = findPlan(plans, askedPlan);
  const prepaid = currentPlan === 'prepaid';
  const current = findPlan(plans, currentPlan)?.name ?? (prepaid ? null : 'Free');
  const where = prepaid
    ? 'Your account pays as you go from prepaid credits.'
    : `Your account is on the ${current ?? 'Free'} plan.`;
  return (
    <Notice
      icon={<InfoCircleFilled style={{ color: token.colorInfo }} aria-hidden />}
      title="You have no paid subscription"
      text={
        <>
          {where} Nothing has been charged for a subscription
          {asked ? `, so the ${asked.name} plan is not active` : ''}.{' '}
          {asked ? `Subscribe to ${asked.name} to start it.` : 'Choose a plan to subscribe.'}
        </>
      }
      actions={
        <>
          {prepaid ? (
            <LinkButton
              to={asked ? `/subscribe?plan=${asked.id}` : '/settings?tab=subscription'}
              type="primary"
            >
              {asked ? `Subscribe to ${asked.name}` : 'Choose a plan'}
            </LinkButton>
          ) : (
            <LinkButton to={asked ? `/upgrade?plan=${asked.id}` : '/upgrade'} type="primary">
              {asked ? `Subscribe to ${asked.name}` : 'Choose a plan'}
            </LinkButton>
          )}
          {prepaid && <LinkButton to="/billing">Manage credits</LinkButton>}
          <LinkButton to="/dashboard">Go to Dashboard</LinkButton>
        </>
      }
    />
  );
}

/** Subscribed, but the last renewal payment failed: no celebration, the way to fix it. */
export function PastDueNotice({ planName }: { planName: string }) {
  const { token } = theme.useToken();
  return (
    <Notice
      icon={<ExclamationCircleFilled style={{ color: token.colorWarning }} aria-hidden />}
      title={`Your ${planName} plan's last payment failed`}
      text="We try your card again each day. If it keeps failing, your account moves to the Free plan at the end of the grace period."
      actions={
        <>
          <LinkButton to="/settings?tab=subscription" type="primary">
            Manage Subscription
          </LinkButton>
          <LinkButton to="/dashboard">Go to Dashboard</LinkButton>
        </>
      }
    />
  );
}
