import { CheckOutlined, CloudOutlined, RobotOutlined } from '@ant-design/icons';
import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { Button, Col, Row, theme } from 'antd';
import { formatPlanPrice, planHighlights } from '../../../../lib/plans/plan-format';

interface PlanChoiceGridProps {
  plans: readonly Plan[];
  currentPlanId: string;
  onPick: (planId: string) => void;
}

/** Step 1 of the upgrade: the catalogue in a 4-column grid, the current plan marked. */
export function PlanChoiceGrid({ plans, currentPlanId, onPick }: PlanChoiceGridProps) {
  const { token } = theme.useToken();
  return (
    <Row gutter={[16, 24]} style={{ paddingTop: 12 }} role="list" aria-label="Plans">
      {plans.map((plan) => {
        const current = plan.id === currentPlanId;
        const { limits, features } = planHighlights(plan);
        return (
          <Col key={plan.id} xs={24} sm={12} lg={6} role="listitem">
            <article
              aria-labelledby={`upgrade-${plan.id}`}
              style={{
                position: 'relative',
                height: '100%',
                display: 'flex',
                flexDirection: 'column',
                padding: '24px 20px 20px',
                borderRadius: token.borderRadiusLG * 1.5,
                background: token.colorBgContainer,
                border: plan.popular
                  ? `2px solid ${token.colorPrimary}`
                  : `1px solid ${token.colorBorderSecondary}`,
                boxShadow: plan.popular ? token.boxShadowSecondary : token.boxShadowTertiary,
              }}
            >
              {plan.popular && (
                <span
                  style={{
                    position: 'absolute',
                    top: -12,
                    insetInlineStart: '50%',
                    transform: 'translateX(-50%)',
                    padding: '2px 12px',
                    borderRadius: 999,
                    fontSize: 12,
                    fontWeight: 600,
                    whiteSpace: 'nowrap',
                    color: '#fff',
                    background: `linear-gradient(90deg, ${token.colorPrimary}, #722ed1)`,
                  }}
                >
                  Most popular
                </span>
              )}
              <h3
                id={`upgrade-${plan.id}`}
                style={{ margin: 0, fontSize: 18, color: token.colorTextHeading }}
              >
                {plan.name}
              </h3>
              <p style={{ margin: '8px 0 16px', display: 'flex', alignItems: 'baseline', gap: 4 }}>
                <span style={{ fontSize: 32, fontWeight: 700, color: token.colorTextHeading }}>
                  {formatPlanPrice(plan.price)}
                </span>
                <span style={{ color: token.colorTextSecondary }}>/month</span>
              </p>
              <ul
                style={{
                  listStyle: 'none',
                  padding: 0,
                  margin: '0 0 20px',
                  display: 'grid',
                  gap: 8,
                  flex: 1,
                  alignContent: 'start',
                }}
              >
                {limits.map((line, i) => (
                  <li key={line} style={{ display: 'flex', gap: 8, fontWeight: 600, fontSize: 13 }}>
                    <span style={{ color: token.colorPrimary }} aria-hidden>
                      {i === 0 ? <CloudOutlined /> : <RobotOutlined />}
                    </span>
                    {line}
                  </li>
                ))}
                {features.map((f) => (
                  <li
                    key={f}
                    style={{ display: 'flex', gap: 8, fontSize: 13, color: token.colorTextSecondary }}
                  >
                    <CheckOutlined style={{ color: token.colorSuccess, marginTop: 3 }} aria-hidden />
                    {f}
                  </li>
                ))}
              </ul>
              {current ? (
                <Button block disabled>
                  Current plan
                </Button>
              ) : plan.price === 0 ? (
                <Button block disabled>
                  Included
                </Button>
              ) : (
                <Button
                  block
                  type={plan.popular ? 'primary' : 'default'}
                  onClick={() => onPick(plan.id)}
                  aria-label={`Choose ${plan.name}`}
                >
                  Choose {plan.name}
                </Button>
              )}
            </article>
          </Col>
        );
      })}
    </Row>
  );
}
