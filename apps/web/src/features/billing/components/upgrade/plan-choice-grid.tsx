import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { Button } from 'antd';
import { PlanCard } from '../../../../lib/plans/plan-card';

interface PlanChoiceGridProps {
  plans: readonly Plan[];
  currentPlanId: string;
  onPick: (planId: string) => void;
}

/** Step 1 of the upgrade: the catalogue's cards in a 4-column grid, the current plan marked. */
export function PlanChoiceGrid({ plans, currentPlanId, onPick }: PlanChoiceGridProps) {
  return (
    <ul
      aria-label="Plans"
      style={{
        listStyle: 'none',
        margin: 0,
        padding: '14px 0 0',
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(230px, 100%), 1fr))',
        gap: 24,
      }}
    >
      {plans.map((plan) => (
        <li key={plan.id} style={{ display: 'grid' }}>
          <PlanCard
            plan={plan}
            action={
              plan.id === currentPlanId ? (
                <Button size="large" block disabled>
                  Current plan
                </Button>
              ) : plan.price === 0 ? (
                <Button size="large" block disabled>
                  Included
                </Button>
              ) : (
                <Button
                  size="large"
                  block
                  type={plan.popular ? 'primary' : 'default'}
                  onClick={() => onPick(plan.id)}
                >
                  Choose {plan.name}
                </Button>
              )
            }
          />
        </li>
      ))}
    </ul>
  );
}
