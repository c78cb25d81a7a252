import { CheckOutlined, CrownFilled } from '@ant-design/icons';
import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { Flex, theme } from 'antd';
import { formatCents } from '../../../lib/billing/format-money';
import { useShades } from '../../../lib/palette';
import { planHighlights } from '../../../lib/plans/plan-format';

/** The order summary above a card form: plan, monthly price, what it includes, due today. */
export function PlanSummary({ plan, note }: { plan: Plan; note?: string }) {
  const { token } = theme.useToken();
  // White words on the gradient: it starts from the brand fill that carries white text.
  const shades = useShades();
  const { limits, features } = planHighlights(plan);
  return (
    <section
      aria-label="Order summary"
      style={{
        padding: 16,
        borderRadius: token.borderRadiusLG,
        background: token.colorFillQuaternary,
        border: `1px solid ${token.colorBorderSecondary}`,
        marginBottom: 20,
      }}
    >
      <Flex justify="space-between" align="flex-start" gap={12}>
        <Flex gap={12} align="center" style={{ minWidth: 0 }}>
          <span
            aria-hidden
            style={{
              width: 40,
              height: 40,
              flexShrink: 0,
              display: 'grid',
              placeItems: 'center',
              borderRadius: 10,
              color: '#fff',
              background: `linear-gradient(135deg, ${shades.fill.base}, #722ed1)`,
            }}
          >
            <CrownFilled />
          </span>
          <div style={{ minWidth: 0 }}>
            <div style={{ fontWeight: 600, color: token.colorTextHeading }}>{plan.name} plan</div>
            <div style={{ color: token.colorTextSecondary, fontSize: 13 }}>
              Billed monthly · cancel anytime
            </div>
          </div>
        </Flex>
        <div style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
          <span style={{ fontSize: 20, fontWeight: 700, color: token.colorTextHeading }}>
            {formatCents(plan.price)}
          </span>
          <span style={{ color: token.colorTextSecondary }}>/month</span>
        </div>
      </Flex>
      <ul
        style={{
          listStyle: 'none',
          padding: 0,
          margin: '12px 0 0',
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
          gap: '4px 16px',
          fontSize: 13,
          color: token.colorTextSecondary,
        }}
      >
        {[...limits, ...features.slice(0, 2)].map((line) => (
          <li key={line} style={{ display: 'flex', gap: 8 }}>
            <CheckOutlined style={{ color: token.colorSuccess, marginTop: 4 }} aria-hidden />
            {line}
          </li>
        ))}
      </ul>
      <Flex
        justify="space-between"
        style={{
          marginTop: 12,
          paddingTop: 12,
          borderTop: `1px dashed ${token.colorBorder}`,
          fontWeight: 600,
          color: token.colorTextHeading,
        }}
      >
        <span>Due today</span>
        <span>{formatCents(plan.price)}</span>
      </Flex>
      {note && <div style={{ marginTop: 8, fontSize: 12, color: token.colorTextTertiary }}>{note}</div>}
    </section>
  );
}
