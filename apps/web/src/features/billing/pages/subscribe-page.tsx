import {
  CheckCircleFilled,
  CloudOutlined,
  RobotOutlined,
  SafetyOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { PAYMENT_MESSAGES, type Subscription } from '@stratos/contracts/billing/payments.schema';
import { Card, Flex, Progress, Result, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth-session';
import { useSubscriptionStatus } from '../../../lib/billing/subscription-status';
import { LinkButton } from '../../../lib/link-button';
import { formatPlanPrice, planHighlights } from '../../../lib/plans/plan-format';
import { isPlanSwitch } from '../../../lib/plans/plan-links';
import { findPlan, usePlansQuery } from '../../../lib/plans/plans-query';
import styles from '../components/billing.module.css';
import { LoadFailed, PageSkeleton, SignInToContinue } from '../components/page-states';
import { SubscriptionPaymentPanel } from '../components/payment/subscription-payment-panel';
import { useCountdown } from '../hooks/use-countdown';
import { SUBSCRIBE_REDIRECT_SECONDS, subscribePlanId } from '../model/subscribe-plan';

function Welcome({ planName, planId }: { planName: string; planId: string }) {
  const navigate = useNavigate();
  const left = useCountdown(SUBSCRIBE_REDIRECT_SECONDS, () => void navigate('/dashboard'));
  return (
    <Card style={{ maxWidth: 640, margin: '0 auto' }}>
      <Result
        status="success"
        title={`Welcome to Stratos ${planName}!`}
        subTitle={
          <span role="status">
            Your subscription is active. Taking you to your dashboard in {left} second{left === 1 ? '' : 's'}…
          </span>
        }
        extra={
          <Flex vertical gap={16} align="center">
            <Progress
              percent={((SUBSCRIBE_REDIRECT_SECONDS - left) / SUBSCRIBE_REDIRECT_SECONDS) * 100}
              showInfo={false}
              style={{ maxWidth: 320 }}
              aria-label="Time until the dashboard opens"
            />
            <Flex gap={8} wrap justify="center">
              <LinkButton to="/dashboard" type="primary">
                Go to Dashboard
              </LinkButton>
              <LinkButton to={`/subscription-success?plan=${encodeURIComponent(planId)}`}>
                See what's included
              </LinkButton>
            </Flex>
          </Flex>
        }
      />
    </Card>
  );
}

const PERKS = [
  { icon: <CloudOutlined />, text: 'More room for your files, from the moment you pay' },
  { icon: <RobotOutlined />, text: 'A larger monthly allowance of AI queries' },
  { icon: <TeamOutlined />, text: 'Priority support from people who know the product' },
  { icon: <SafetyOutlined />, text: 'Cancel anytime: your plan runs to the end of the month you paid for' },
];

/**
 * /subscribe?plan=… (also /auth/subscribe, /free): the plan from the query (default Professional,
 * which is Pro), named as the catalogue names it, and the payment panel. With switch=true a
 * subscriber goes straight to paying for the new plan.
 */
export default function SubscribePage() {
  const { token } = theme.useToken();
  const [params] = useSearchParams();
  const session = useSession();
  const plans = usePlansQuery();
  const planId = subscribePlanId(params.get('plan'));
  const [done, setDone] = useState<Subscription | null>(null);
  const plan = findPlan(plans.data, planId);
  // Shared with the payment panel's own lookup (one cached request).
  const status = useSubscriptionStatus(session.status === 'signedIn');
  const switching =
    isPlanSwitch(params) &&
    !!status.data?.has_active_subscription &&
    status.data.billing.current_plan !== planId;
  const here = `/subscribe${params.toString() ? `?${params.toString()}` : ''}`;

  if (done) return <Welcome planName={done.plan_name} planId={done.plan_id} />;

  let main: ReactNode;
  if (plans.isPending || session.status === 'checking') main = <PageSkeleton label="Loading the plan" />;
  else if (plans.isError)
    main = (
      <LoadFailed
        title={PAYMENT_MESSAGES.loadPlansFailed}
        error={plans.error}
        onRetry={() => void plans.refetch()}
        retrying={plans.isFetching}
      />
    );
  else if (!plan || plan.price === 0)
    main = (
      <Card>
        <Result
          icon={<CheckCircleFilled style={{ color: token.colorSuccess }} aria-hidden />}
          title={PAYMENT_MESSAGES.freePlan}
          subTitle={
            plan
              ? `${plan.name} is not a paid plan, so there is nothing to pay. Compare the plans to pick one.`
              : 'That link names no paid plan, so there is nothing to pay. Compare the plans to pick one.'
          }
          extra={
            <Flex gap={8} justify="center" wrap>
              <LinkButton to="/pricing" type="primary">
                Compare plans
              </LinkButton>
              <LinkButton to="/dashboard">Go to Dashboard</LinkButton>
            </Flex>
          }
        />
      </Card>
    );
  else {
    const { limits, features } = planHighlights(plan);
    main = (
      <div className={styles.subscribeLayout}>
        <div className={styles.subscribeHead}>
          <Typography.Text
            type="secondary"
            style={{ textTransform: 'uppercase', letterSpacing: 1, fontSize: 12 }}
          >
            Subscription
          </Typography.Text>
          <Typography.Title level={1} style={{ margin: '4px 0 8px', fontSize: 32 }}>
            {switching ? 'Switch to' : 'Subscribe to'} {plan.name}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ fontSize: 16, marginBottom: 0 }}>
            {formatPlanPrice(plan.price)} a month, charged today and then monthly until you cancel.
          </Typography.Paragraph>
        </div>
        <div className={styles.subscribePanel}>
          {session.status === 'signedIn' ? (
            <SubscriptionPaymentPanel
              plan={plan}
              email={session.user.email}
              returnPath={`/subscription-success?plan=${encodeURIComponent(plan.id)}`}
              onSuccess={setDone}
              startSwitching={isPlanSwitch(params)}
            />
          ) : (
            <SignInToContinue
              back={here}
              registerTo={`/register?plan=${encodeURIComponent(plan.id)}&redirect=subscribe`}
              title="Sign in to subscribe"
              text={`Sign in to your Stratos account to start the ${plan.name} plan.`}
            />
          )}
        </div>
        <div className={styles.subscribeDetails}>
          <ul style={{ listStyle: 'none', padding: 0, margin: '0 0 24px', display: 'grid', gap: 12 }}>
            {[...limits, ...features].map((line) => (
              <li key={line} style={{ display: 'flex', gap: 10, color: token.colorText }}>
                <CheckCircleFilled style={{ color: token.colorSuccess, marginTop: 4 }} aria-hidden />
                {line}
              </li>
            ))}
          </ul>
          <div
            style={{
              display: 'grid',
              gap: 12,
              padding: 16,
              borderRadius: token.borderRadiusLG,
              background: token.colorFillQuaternary,
            }}
          >
            {PERKS.map((p) => (
              <div
                key={p.text}
                style={{ display: 'flex', gap: 10, color: token.colorTextSecondary, fontSize: 13 }}
              >
                <span style={{ color: token.colorPrimary }} aria-hidden>
                  {p.icon}
                </span>
                {p.text}
              </div>
            ))}
          </div>
        </div>
      </div>
    );
  }
  return <div style={{ maxWidth: 1080, margin: '0 auto' }}>{main}</div>;
}
