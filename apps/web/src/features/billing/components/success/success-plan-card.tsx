import { CrownFilled } from '@ant-design/icons';
import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { Card, Flex, Tag } from 'antd';
import { formatLongDate } from '../../../../lib/date-format';
import { useShades } from '../../../../lib/palette';
import { PlanFeatureList } from '../../../../lib/plans/plan-feature-list';
import { formatPlanPrice } from '../../../../lib/plans/plan-format';

/** The plan card of the success page: name, price, limits, features, next billing date. */
export function SuccessPlanCard({ plan, nextBillingDate }: { plan: Plan; nextBillingDate: string | null }) {
  // White words on the gradient: it starts from the brand fill that carries white text.
  const shades = useShades();
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
          <Tag color="success" style={{ marginInlineEnd: 0, fontWeight: 600 }}>
            Active
          </Tag>
        </Flex>
        <div style={{ marginTop: 12 }}>
          <span style={{ fontSize: 32, fontWeight: 700 }}>{formatPlanPrice(plan.price)}</span>
          <span style={{ opacity: 0.85 }}>/month</span>
        </div>
        {nextBillingDate && (
          <div style={{ opacity: 0.85, fontSize: 13, marginTop: 4 }}>
            Next billing date: {formatLongDate(nextBillingDate)}
          </div>
        )}
      </div>
      <PlanFeatureList plan={plan} style={{ padding: 24 }} />
    </Card>
  );
}
