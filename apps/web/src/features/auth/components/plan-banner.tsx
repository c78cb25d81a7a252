import { CrownOutlined, GiftOutlined } from '@ant-design/icons';
import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { Skeleton, Tag, Typography, theme } from 'antd';
import { useShades } from '../../../lib/palette';

interface PlanBannerProps {
  planId: string;
  plan: Plan | null;
  loading: boolean;
}

const price = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** "You're signing up for Pro — $19.99/month": shown when registration knows the chosen plan. */
export function PlanBanner({ planId, plan, loading }: PlanBannerProps) {
  const { token } = theme.useToken();
  // White words on the gradient: it starts from the brand fill that carries white text.
  const shades = useShades();
  const paid = (plan?.price ?? 0) > 0;
  return (
    <section
      aria-label="Selected plan"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 14,
        padding: '12px 16px',
        marginBottom: 24,
        borderRadius: token.borderRadiusLG,
        background: token.colorPrimaryBg,
        border: `1px solid ${token.colorPrimaryBorder}`,
      }}
    >
      <span
        style={{
          flex: 'none',
          width: 36,
          height: 36,
          borderRadius: 10,
          display: 'grid',
          placeItems: 'center',
          fontSize: 18,
          color: token.colorWhite,
          background: `linear-gradient(135deg, ${shades.fill.base}, ${token.purple6})`,
        }}
      >
        {paid ? <CrownOutlined aria-hidden /> : <GiftOutlined aria-hidden />}
      </span>
      <div style={{ minWidth: 0, flex: 1 }}>
        {loading && !plan ? (
          <Skeleton active title={false} paragraph={{ rows: 1, width: '70%' }} style={{ margin: 0 }} />
        ) : (
          <>
            <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
              Selected plan
            </Typography.Text>
            <Typography.Text strong style={{ fontSize: 15 }}>
              {plan?.name ?? planId.charAt(0).toUpperCase() + planId.slice(1)}
            </Typography.Text>
            {plan && (
              <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                {paid ? `${price(plan.price)}/month` : 'Free forever'}
              </Typography.Text>
            )}
          </>
        )}
      </div>
      {plan?.popular && <Tag color="blue">Popular</Tag>}
    </section>
  );
}
