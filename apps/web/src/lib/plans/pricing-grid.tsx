import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Skeleton, theme } from 'antd';
import type { CSSProperties } from 'react';
import { PlanCard } from './plan-card';
import { usePlansQuery } from './plans-query';

const grid: CSSProperties = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(240px, 1fr))',
  gap: 24,
  alignItems: 'stretch',
};

/** The plan catalogue as cards (home and /pricing), with loading and error states. */
export function PricingGrid() {
  const { token } = theme.useToken();
  const plans = usePlansQuery();

  if (plans.isPending) {
    return (
      <div style={grid} role="status" aria-busy="true" aria-label="Loading plans">
        {[0, 1, 2, 3].map((i) => (
          <div
            key={i}
            style={{
              padding: 24,
              borderRadius: token.borderRadiusLG * 1.5,
              background: token.colorBgContainer,
              border: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <Skeleton active title={{ width: '40%' }} paragraph={{ rows: 6 }} />
          </div>
        ))}
      </div>
    );
  }

  if (plans.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="Failed to load payment plans"
        description="Check your connection and try again."
        action={
          <Button icon={<ReloadOutlined />} onClick={() => void plans.refetch()} loading={plans.isFetching}>
            Retry
          </Button>
        }
      />
    );
  }

  return (
    <div style={{ ...grid, paddingTop: 14 }}>
      {plans.data.map((plan) => (
        <PlanCard key={plan.id} plan={plan} />
      ))}
    </div>
  );
}
