import { Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { findPlan, usePlansQuery } from '../../../lib/plans/plans-query';
import { AuthLayout } from '../components/auth-layout';
import { PlanBanner } from '../components/plan-banner';
import { RegisterWizard } from '../components/register-wizard';
import { selectedPlanFromSession } from '../model/selected-plan';

/** /register (also /signup, /auth/signup, /auth/register): the two-step sign-up. */
export default function RegisterPage() {
  const [params] = useSearchParams();
  // Read once: the session-stored plan wins over the query, and a query plan is stored.
  const [planId] = useState(() => selectedPlanFromSession(params.get('plan')));
  const redirect = params.get('redirect');
  const plans = usePlansQuery(planId !== null);
  const plan = findPlan(plans.data, planId);
  const signIn = new URLSearchParams();
  if (planId) signIn.set('plan', planId);

  return (
    <AuthLayout
      wide
      title="Create your account"
      subtitle="Store, search and understand your files with Stratos."
      footer={
        <Typography.Text type="secondary">
          Already have an account? <Link to={`/login${signIn.size ? `?${signIn}` : ''}`}>Sign in</Link>
        </Typography.Text>
      }
    >
      {planId && <PlanBanner planId={planId} plan={plan} loading={plans.isPending} />}
      <RegisterWizard planId={planId} plan={plan} redirect={redirect} />
    </AuthLayout>
  );
}
