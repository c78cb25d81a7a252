import { resolvePlanId } from '@stratos/contracts/plans/plan.schema';
import { Alert } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { useMe } from '../../../lib/account/get-me';
import { LinkButton } from '../../../lib/link-button';
import { planName } from '../../../lib/plans/plan-name';
import { findPlan, usePlansQuery } from '../../../lib/plans/plans-query';

/**
 * A one-time note when arriving from onboarding, an upgrade or sign-up (?onboarding, ?upgraded,
 * ?welcome). The plan it names is the account's own (GET /api/auth/me), never the `plan` of the
 * link: a paid plan chosen at sign-up but not paid for yet is named as such, beside Free.
 */
export function DashboardNotice() {
  const [params, setParams] = useSearchParams();
  const me = useMe();
  const plans = usePlansQuery();
  // The upgrade flow names the new plan in the navigation state (upgradedTo), not in the query.
  const state = useLocation().state as { upgradedTo?: unknown } | null;
  const linked = params.get('plan') ?? (typeof state?.upgradedTo === 'string' ? state.upgradedTo : null);
  let text: string | null = null;
  if (params.get('upgraded') === 'true') text = 'Your upgrade is complete. Your new plan is active now.';
  else if (params.get('onboarding') === 'completed') text = 'Setup complete. Your workspace is ready.';
  else if (params.get('welcome') === 'true') text = 'Welcome to Stratos! Your account is ready.';
  if (!text) return null;
  const dismiss = () => {
    const next = new URLSearchParams(params);
    for (const k of ['upgraded', 'onboarding', 'welcome', 'plan']) next.delete(k);
    setParams(next, { replace: true });
  };
  const current = me.data?.subscriptionPlan;
  const chosen = linked ? findPlan(plans.data, resolvePlanId(linked)) : null;
  const unpaid = current !== undefined && chosen !== null && chosen.price > 0 && chosen.id !== current;
  let description: ReactNode;
  if (current !== undefined) {
    description = unpaid ? (
      <>
        <div>{`Plan: ${planName(plans.data, current)}. The ${chosen.name} plan you chose starts once you pay for it.`}</div>
        {/* Under the text, not beside it: a phone has no room for both on one line. */}
        <LinkButton
          size="small"
          type="primary"
          to={`/subscribe?plan=${encodeURIComponent(chosen.id)}`}
          style={{ marginTop: 8 }}
        >
          Start your {chosen.name} plan
        </LinkButton>
      </>
    ) : (
      `Plan: ${planName(plans.data, current)}`
    );
  }
  return (
    <Alert
      type={unpaid ? 'info' : 'success'}
      showIcon
      title={text}
      description={description}
      closable={{ onClose: dismiss }}
      style={{ marginBottom: 24 }}
    />
  );
}
