import { Typography } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { VerifyForm } from '../components/verify-form';
import { readVerifyState } from '../model/verify-state';

/** /auth/verify: confirm the email address with the 6-digit code. */
export default function VerifyPage() {
  const location = useLocation();
  const [params] = useSearchParams();
  const s = readVerifyState(location.state, params);
  return (
    <AuthLayout
      title="Verify your email"
      subtitle="One last step: enter the code we emailed you to activate your account."
      footer={
        <Typography.Text type="secondary">
          Already verified? <Link to="/login">Sign in</Link>
        </Typography.Text>
      }
    >
      <VerifyForm
        initialEmail={s.email}
        redirectAfterVerification={s.redirectAfterVerification}
        codeSent={s.codeSent}
      />
    </AuthLayout>
  );
}
