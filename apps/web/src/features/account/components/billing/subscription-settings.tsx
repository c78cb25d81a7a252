import { CrownFilled, WalletOutlined } from '@ant-design/icons';
import type { Subscription } from '@stratos/contracts/billing/payments.schema';
import { Alert, App, Button, Card, Descriptions, Flex, Modal, Skeleton, Tag, theme } from 'antd';
import { useState } from 'react';
import { useMe } from '../../../../lib/account/get-me';
import { errorMessage } from '../../../../lib/api-error';
import { formatCard, formatCents } from '../../../../lib/billing/format-money';
import { useSubscriptionStatus } from '../../../../lib/billing/subscription-status';
import { formatLongDate } from '../../../../lib/date-format';
import { LinkButton } from '../../../../lib/link-button';
import { formatPlanQueries, formatPlanStorage } from '../../../../lib/plans/plan-format';
import { switchPlanLink } from '../../../../lib/plans/plan-links';
import { findPlan, usePlansQuery } from '../../../../lib/plans/plans-query';
import { useCancelSubscription } from '../../api/cancel-subscription';
import { useResumeSubscription } from '../../api/resume-subscription';
import { LoadError } from '../load-error';

function statusTag(sub: Subscription | null) {
  if (!sub) return <Tag>Free</Tag>;
  if (sub.status === 'past_due') return <Tag color="error">Payment overdue</Tag>;
  if (sub.status === 'canceled') return <Tag>Canceled</Tag>;
  if (sub.cancel_at_period_end)
    return <Tag color="warning">Ends {formatLongDate(sub.current_period_end)}</Tag>;
  return <Tag color="success">Active</Tag>;
}

/** Settings › Subscription: the plan, next billing date, total spent, card, and cancel or resume. */
export function SubscriptionSettings() {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const status = useSubscriptionStatus();
  const me = useMe();
  const plans = usePlansQuery();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [confirming, setConfirming] = useState(false);

  if (status.isPending)
    return (
      <Card role="status" aria-busy="true" aria-label="Loading your subscription">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  if (status.isError)
    return (
      <Card>
        <LoadError
          title="We couldn't load your subscription"
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      </Card>
    );

  const s = status.data;
  const sub = s.subscription;
  const planId = sub?.plan_id ?? me.data?.subscriptionPlan ?? s.billing.current_plan;
  const plan = findPlan(plans.data, planId);
  const prepaid = planId === 'prepaid';
  const name = sub?.plan_name ?? plan?.name ?? (prepaid ? 'Prepaid Credits' : 'Free');
  const active = sub && sub.status !== 'canceled';
  const free = findPlan(plans.data, 'free');

  const doCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: (r) => {
        setConfirming(false);
        void message.success(
          `Your subscription ends on ${formatLongDate(r.subscription.current_period_end)}.`,
        );
      },
      onError: (err) => void message.error(errorMessage(err, 'Could not cancel the subscription.')),
    });
  const doResume = () =>
    resume.mutate(undefined, {
      onSuccess: () => void message.success('Your subscription will renew as usual.'),
      onError: (err) => void message.error(errorMessage(err, 'Could not resume the subscription.')),
    });

  return (
    <Flex vertical gap={16}>
      {sub?.status === 'past_due' && (
        <Alert
          type="error"
          showIcon
          title="Your last payment failed"
          description="We'll try your card again each day. If it keeps failing, your account moves to the Free plan at the end of the grace period."
        />
      )}
      {sub?.cancel_at_period_end && sub.status === 'active' && (
        <Alert
          type="warning"
          showIcon
          title={`Your ${name} plan ends on ${formatLongDate(sub.current_period_end)}`}
          description="Until then everything keeps working. Resume to keep your plan and its storage."
          action={
            <Button type="primary" onClick={doResume} loading={resume.isPending}>
              Resume subscription
            </Button>
          }
        />
      )}
      <Card
        title={
          <Flex align="center" gap={10}>
            <CrownFilled style={{ color: token.colorPrimary }} aria-hidden />
            Your plan
          </Flex>
        }
        extra={statusTag(sub)}
      >
        <Flex align="baseline" gap={8} wrap style={{ marginBottom: 16 }}>
          <span style={{ fontSize: 26, fontWeight: 700, color: token.colorTextHeading }}>{name}</span>
          {sub && <span style={{ color: token.colorTextSecondary }}>{formatCents(sub.amount)}/month</span>}
        </Flex>
        <Descriptions
          column={{ xs: 1, sm: 2 }}
          size="small"
          items={[
            {
              key: 'next',
              label: sub?.cancel_at_period_end ? 'Ends on' : 'Next billing date',
              children: s.billing.next_billing_date ? formatLongDate(s.billing.next_billing_date) : '—',
            },
            { key: 'spent', label: 'Total spent', children: formatCents(s.billing.total_spent) },
            ...(plan
              ? [
                  { key: 'storage', label: 'Includes', children: formatPlanStorage(plan.storageBytes) },
                  { key: 'ai', label: 'Assistant', children: formatPlanQueries(plan.aiQueriesPerMonth) },
                ]
              : []),
            ...(sub?.card ? [{ key: 'card', label: 'Card', children: formatCard(sub.card) }] : []),
            ...(sub
              ? [
                  {
                    key: 'since',
                    label: 'Current period began',
                    children: formatLongDate(sub.current_period_start),
                  },
                ]
              : []),
          ]}
        />
        <Flex gap={8} wrap style={{ marginTop: 20 }}>
          {!active && !prepaid && (
            <LinkButton to="/upgrade" type="primary">
              Upgrade
            </LinkButton>
          )}
          {prepaid && (
            <LinkButton to="/billing" type="primary" icon={<WalletOutlined aria-hidden />}>
              Manage credits
            </LinkButton>
          )}
          {/* Straight to paying for that plan, not to a list of plans. */}
          {((active && sub.status === 'active') || prepaid) &&
            (plans.data ?? [])
              .filter((p) => p.price > 0 && p.id !== sub?.plan_id)
              .map((p) => (
                <LinkButton key={p.id} to={prepaid ? `/subscribe?plan=${p.id}` : switchPlanLink(p.id)}>
                  {prepaid ? `Subscribe to ${p.name}` : `Switch to ${p.name}`}
                </LinkButton>
              ))}
          <LinkButton to="/pricing">Compare plans</LinkButton>
          {active && !sub.cancel_at_period_end && sub.status === 'active' && (
            <Button danger onClick={() => setConfirming(true)}>
              Cancel subscription
            </Button>
          )}
        </Flex>
      </Card>
      <Modal
        open={confirming}
        title={`Cancel your ${name} plan?`}
        okText="Cancel subscription"
        okButtonProps={{ danger: true, loading: cancel.isPending }}
        cancelText="Keep my plan"
        onOk={doCancel}
        onCancel={() => setConfirming(false)}
      >
        <p>
          Your plan stays active until{' '}
          <strong>{sub ? formatLongDate(sub.current_period_end) : 'the end of this period'}</strong>, and you
          won't be charged again. After that your account moves to the Free plan
          {free ? ` (${formatPlanStorage(free.storageBytes)})` : ''}.
        </p>
        <p style={{ marginBottom: 0 }}>You can resume any time before then.</p>
      </Modal>
    </Flex>
  );
}
