import { resolvePlanId } from '@stratos/contracts/plans/plan.schema';
import { Alert, App, Typography } from 'antd';
import { useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { authSession, useSession } from '../../../lib/auth-session';
import { findPlan, usePlansQuery } from '../../../lib/plans/plans-query';
import { useLogin } from '../api/login';
import { resendCode } from '../api/resend-code';
import { AuthLayout } from '../components/auth-layout';
import { LoginForm, type LoginValues } from '../components/login-form';
import { type FromState, loginDestination } from '../model/login-destination';

interface LoginState {
  from?: FromState;
  email?: string;
  notice?: string;
}

/** /login and /auth/login: sign in, then go where the user was headed. */
export default function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  const navigate = useNavigate();
  const session = useSession();
  const { message } = App.useApp();
  const loginMutation = useLogin();
  const [verifying, setVerifying] = useState(false);
  const navigating = useRef(false);

  const planParam = params.get('plan');
  const planId = planParam ? resolvePlanId(planParam) : null;
  const plans = usePlansQuery(planId !== null);
  const plan = findPlan(plans.data, planId);
  const destination = loginDestination({
    redirect: params.get('redirect'),
    from: state.from,
    planId,
    planIsPaid: plan ? plan.price > 0 : planId !== null && planId !== 'free',
  });

  if (session.status === 'signedIn' && !navigating.current) return <Navigate to={destination} replace />;

  const onSubmit = async (values: LoginValues) => {
    try {
      const reply = await loginMutation.mutateAsync(values);
      navigating.current = true;
      authSession.signIn(reply);
      message.success(`Welcome back, ${reply.user.firstName || reply.user.name}!`);
      navigate(destination, { replace: true });
    } catch {
      // Shown by the form from the mutation's error.
    }
  };

  const onVerify = async (email: string) => {
    setVerifying(true);
    let codeSent = false;
    try {
      await resendCode({ email });
      codeSent = true;
    } catch {
      // The verification page offers Resend code again.
    } finally {
      setVerifying(false);
    }
    const redirect = params.get('redirect') ?? '';
    const q = new URLSearchParams({ email });
    if (redirect) q.set('redirectAfterVerification', redirect);
    navigate(`/auth/verify?${q}`, { state: { email, codeSent, redirectAfterVerification: redirect } });
  };

  const register = new URLSearchParams();
  if (planParam) register.set('plan', planParam);
  const notice = state.notice;

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to your Stratos account."
      footer={
        <Typography.Text type="secondary">
          New to Stratos? <Link to={`/register${register.size ? `?${register}` : ''}`}>Create account</Link>
        </Typography.Text>
      }
    >
      {notice && <Alert type="success" showIcon title={notice} style={{ marginBottom: 20 }} />}
      <LoginForm
        initialEmail={state.email ?? params.get('email') ?? ''}
        pending={loginMutation.isPending}
        error={loginMutation.error}
        onSubmit={onSubmit}
        onVerify={onVerify}
        verifying={verifying}
      />
    </AuthLayout>
  );
}
