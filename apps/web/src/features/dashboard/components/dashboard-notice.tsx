import { Alert } from 'antd';
import { useLocation, useSearchParams } from 'react-router';

/** A one-time note when arriving from onboarding, an upgrade or sign-up (?onboarding, ?upgraded, ?welcome). */
export function DashboardNotice() {
  const [params, setParams] = useSearchParams();
  // The upgrade flow names the new plan in the navigation state (upgradedTo), not in the query.
  const state = useLocation().state as { upgradedTo?: unknown } | null;
  const plan = params.get('plan') ?? (typeof state?.upgradedTo === 'string' ? state.upgradedTo : null);
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
  return (
    <Alert
      type="success"
      showIcon
      title={text}
      description={plan ? `Plan: ${plan.charAt(0).toUpperCase()}${plan.slice(1)}` : undefined}
      closable={{ onClose: dismiss }}
      style={{ marginBottom: 24 }}
    />
  );
}
