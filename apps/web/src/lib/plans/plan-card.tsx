import type { Plan } from '@stratos/contracts/plans/plan.schema';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useSession } from '../auth-session';
import { useShades } from '../palette';
import { PlainLinkButton } from '../plain-link-button';
import { Heading } from '../plain-text';
import { PlanFeatureList } from './plan-feature-list';
import { formatPlanPrice } from './plan-format';

/**
 * Visitors sign up with the plan; a paid plan (except Enterprise, which goes to the contact page
 * after sign-up) asks for redirect=subscribe so verification leads to the payment page
 * (part 1 section 4). Signed-in people go to the upgrade flow with the plan chosen.
 */
export function planCardLink(plan: Pick<Plan, 'id' | 'price'>, signedIn: boolean): string {
  const id = encodeURIComponent(plan.id);
  if (signedIn) return `/upgrade?plan=${id}`;
  const pay = plan.price > 0 && plan.id !== 'enterprise';
  return `/register?plan=${id}${pay ? '&redirect=subscribe' : ''}`;
}

/**
 * One plan of the catalogue: price per month, limits, features, and a link to sign up with it
 * (or `action` in its place, e.g. the upgrade flow's Choose button).
 */
export function PlanCard({ plan, action }: { plan: Plan; action?: ReactNode }) {
  const { token } = theme.useToken();
  // White words on the gradient: it starts from the brand fill that carries white text.
  const shades = useShades();
  const titleId = `plan-${plan.id}-title`;
  // Visitors sign up with the plan; signed-in people go to the upgrade flow with it chosen.
  const signedIn = useSession().status === 'signedIn';
  const cta = plan.price === 0 ? 'Start for free' : `Choose ${plan.name}`;
  return (
    <article
      aria-labelledby={titleId}
      style={{
        position: 'relative',
        display: 'flex',
        flexDirection: 'column',
        padding: '28px 24px 24px',
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG * 1.5,
        border: plan.popular ? `2px solid ${token.colorPrimary}` : `1px solid ${token.colorBorderSecondary}`,
        boxShadow: plan.popular ? token.boxShadowSecondary : token.boxShadowTertiary,
      }}
    >
      {plan.popular && (
        <span
          style={{
            position: 'absolute',
            top: -13,
            insetInlineStart: '50%',
            transform: 'translateX(-50%)',
            padding: '3px 12px',
            borderRadius: 999,
            fontSize: 12,
            fontWeight: 600,
            whiteSpace: 'nowrap',
            color: '#fff',
            background: `linear-gradient(90deg, ${shades.fill.base}, #722ed1)`,
          }}
        >
          Most popular
        </span>
      )}
      <Heading level={3} id={titleId} style={{ margin: 0, fontSize: 20 }}>
        {plan.name}
      </Heading>
      <p style={{ margin: '12px 0 20px', display: 'flex', alignItems: 'baseline', gap: 4 }}>
        <span style={{ fontSize: 40, fontWeight: 700, letterSpacing: -1, color: token.colorText }}>
          {formatPlanPrice(plan.price)}
        </span>
        <span style={{ color: token.colorTextSecondary }}>/month</span>
      </p>
      {action ?? (
        <PlainLinkButton
          to={planCardLink(plan, signedIn)}
          variant={plan.popular ? 'primary' : 'default'}
          size="large"
          block
          aria-label={`${cta} — ${plan.name} plan`}
        >
          {cta}
        </PlainLinkButton>
      )}
      <PlanFeatureList plan={plan} style={{ marginTop: 24 }} />
    </article>
  );
}
