import { CheckCircleFilled } from '@ant-design/icons';
import {
  PAYMENT_MESSAGES,
  type Subscription,
  type SubscriptionStatusReply,
} from '@stratos/contracts/billing/payments.schema';
import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Flex, Grid, Skeleton, theme } from 'antd';
import { useState } from 'react';
import { meKey } from '../../../../lib/account/get-me';
import { formatCard, formatCents } from '../../../../lib/billing/format-money';
import { subscriptionStatusKey, useSubscriptionStatus } from '../../../../lib/billing/subscription-status';
import { formatLongDate } from '../../../../lib/date-format';
import { LinkButton } from '../../../../lib/link-button';
import { PlanSummary } from '../plan-summary';
import { CardPaymentStep } from './card-payment-step';

interface SubscriptionPaymentPanelProps {
  plan: Plan;
  email?: string;
  returnPath: string;
  onSuccess: (subscription: Subscription) => void;
  /** When given, a failed payment is reported to the caller instead of shown in the form. */
  onError?: (reason: string) => void;
  /** Skips the 'Active Subscription' card (the upgrade flow has already checked the plan). */
  ignoreActive?: boolean;
  /**
   * The subscriber asked to change to this plan ("Switch to Pro" in Settings): the payment step
   * shows at once, unless this is already their plan.
   */
  startSwitching?: boolean;
}

const planName = (s: SubscriptionStatusReply) =>
  s.subscription?.plan_name ??
  `${s.billing.current_plan.charAt(0).toUpperCase()}${s.billing.current_plan.slice(1)}`;

function ActiveSubscriptionCard({
  status,
  requested,
  onSwitch,
}: {
  status: SubscriptionStatusReply;
  requested: Plan;
  onSwitch: () => void;
}) {
  const { token } = theme.useToken();
  const sub = status.subscription;
  const other = requested.id !== status.billing.current_plan && requested.price > 0;
  return (
    <Card
      title={
        <Flex align="center" gap={8}>
          <CheckCircleFilled style={{ color: token.colorSuccess }} aria-hidden />
          Active Subscription
        </Flex>
      }
    >
      <p style={{ marginTop: 0, color: token.colorTextSecondary }}>
        You are subscribed to the <strong style={{ color: token.colorText }}>{planName(status)}</strong> plan.
        There is nothing more to pay today.
      </p>
      <Descriptions
        column={1}
        size="small"
        items={[
          ...(sub ? [{ key: 'price', label: 'Price', children: `${formatCents(sub.amount)}/month` }] : []),
          {
            key: 'next',
            label: sub?.cancel_at_period_end ? 'Ends on' : 'Next billing date',
            children: status.billing.next_billing_date
              ? formatLongDate(status.billing.next_billing_date)
              : '—',
          },
          ...(sub?.card ? [{ key: 'card', label: 'Card', children: formatCard(sub.card) }] : []),
        ]}
      />
      <Flex gap={8} wrap style={{ marginTop: 20 }}>
        <LinkButton to="/dashboard" type="primary">
          Go to Dashboard
        </LinkButton>
        <LinkButton to="/settings?tab=subscription">Manage Subscription</LinkButton>
        {other && <Button onClick={onSwitch}>Switch to {requested.name}</Button>}
      </Flex>
    </Card>
  );
}

/**
 * The subscription payment panel (part 1 section 2): loading; 'Active Subscription' when the user
 * already pays; otherwise 'Complete Your Subscription' with the card step.
 */
export function SubscriptionPaymentPanel({
  plan,
  email,
  returnPath,
  onSuccess,
  onError,
  ignoreActive = false,
  startSwitching = false,
}: SubscriptionPaymentPanelProps) {
  const queryClient = useQueryClient();
  // Part 1 section 7: a failed status lookup is ignored (the form shows).
  const status = useSubscriptionStatus(!ignoreActive);
  const [switching, setSwitching] = useState(startSwitching);
  const phone = Grid.useBreakpoint().sm === false;

  if (!ignoreActive && status.isPending)
    return (
      <Card role="status" aria-busy="true" aria-label="Loading your subscription">
        <Skeleton active paragraph={{ rows: 5 }} />
      </Card>
    );
  const samePlan = status.data?.billing.current_plan === plan.id;
  if (!ignoreActive && (!switching || samePlan) && status.data?.has_active_subscription)
    return (
      <ActiveSubscriptionCard status={status.data} requested={plan} onSwitch={() => setSwitching(true)} />
    );

  return (
    <Card
      title="Complete Your Subscription"
      styles={phone ? { body: { padding: 16 }, header: { paddingInline: 16 } } : undefined}
    >
      <PlanSummary
        plan={plan}
        note={
          switching
            ? 'Your new plan starts today at its own price and renews monthly from today. The rest of the current period is not refunded.'
            : undefined
        }
      />
      <CardPaymentStep
        purchase={{ kind: 'subscription', planId: plan.id, email }}
        returnPath={returnPath}
        assurance="Cancel anytime"
        onFailed={onError}
        onSucceeded={(reply) => {
          void queryClient.invalidateQueries({ queryKey: subscriptionStatusKey });
          void queryClient.invalidateQueries({ queryKey: meKey });
          void queryClient.invalidateQueries({ queryKey: ['payments', 'history'] });
          if (reply.subscription) onSuccess(reply.subscription);
          else onError?.(PAYMENT_MESSAGES.confirmFailed);
        }}
      />
    </Card>
  );
}
