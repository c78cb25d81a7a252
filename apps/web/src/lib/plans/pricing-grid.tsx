import { theme } from 'antd';
import { type CSSProperties, lazy, Suspense } from 'react';
import { PlanCard } from './plan-card';
import { PlanCardSkeleton } from './plan-card-skeleton';
import { usePlansQuery } from './plans-query';

// Only a failed load shows it: kept out of the home page's first load.
const PlansLoadError = lazy(() => import('./plans-load-error'));

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
            <PlanCardSkeleton />
          </div>
        ))}
      </div>
    );
  }

  if (plans.isError) {
    return (
      <Suspense fallback={null}>
        <PlansLoadError retry={() => void plans.refetch()} retrying={plans.isFetching} />
      </Suspense>
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
