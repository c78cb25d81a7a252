import { CrownFilled } from '@ant-design/icons';
import type { Subscription } from '@stratos/contracts/billing/payments.schema';
import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { Card, Flex, Tag } from 'antd';
import { formatCard, formatCents } from '../../../../lib/billing/format-money';
import { formatLongDate } from '../../../../lib/date-format';
import { useShades } from '../../../../lib/palette';
import { PlanFeatureList } from '../../../../lib/plans/plan-feature-list';

/**
 * The plan card of the success page, from the account's subscription: name, what was paid and
 * with which card, the next billing date (or the end date after a cancel), then the plan's limits
 * and features from the catalogue.
 */
export function SuccessPlanCard({ plan, subscription }: { plan: Plan; subscription: Subscription }) {
  // White words on the gradient: it starts from the brand fill that carries white text.
  const shades = useShades();
  const ending = subscription.cancel_at_period_end;
  return (
    <Card
      role="region"
      aria-label="Your plan"
      style={{ height: '100%', overflow: 'hidden' }}
      styles={{ body: { padding: 0 } }}
    >
      <div
        style={{
          padding: 24,
          color: '#fff',
          background: `linear-gradient(135deg, ${shades.fill.base} 0%, #722ed1 100%)`,
        }}
      >
        <Flex justify="space-between" align="flex-start" gap={12}>
          <div>
            <div style={{ opacity: 0.85, fontSize: 13 }}>Your plan</div>
            <div style={{ fontSize: 26, fontWeight: 700, lineHeight: 1.2 }}>
              <CrownFilled aria-hidden style={{ marginInlineEnd: 8 }} />
              {plan.name}
            </div>
          </div>
          <Tag color={ending ? 'warning' : 'success'} style={{ marginInlineEnd: 0, fontWeight: 600 }}>
            {ending ? 'Ending' : 'Active'}
          </Tag>
        </Flex>
        <div style={{ marginTop: 12 }}>
          <span style={{ fontSize: 32, fontWeight: 700 }}>{formatCents(subscription.amount)}</span>
          <span style={{ opacity: 0.85 }}>/month</span>
        </div>
        <div style={{ opacity: 0.9, fontSize: 13, marginTop: 4 }}>
          Paid {formatLongDate(subscription.current_period_start)}
          {subscription.card ? ` with ${formatCard(subscription.card)}` : ''}
        </div>
        <div style={{ opacity: 0.9, fontSize: 13 }}>
          {ending ? 'Ends on' : 'Next billing date:'} {formatLongDate(subscription.current_period_end)}
        </div>
      </div>
      <PlanFeatureList plan={plan} style={{ padding: 24 }} />
    </Card>
  );
}
