import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert } from 'antd';
import { Link, useLocation, useSearchParams } from 'react-router';
import { AuthLayout } from '../components/auth-layout';
import { ConfirmResetForm } from '../components/confirm-reset-form';

interface ConfirmResetState {
  email?: string;
  codeSent?: boolean;
  notice?: string;
}

/** /confirm-reset: the emailed code and a new password. */
export default function ConfirmResetPage() {
  const [params] = useSearchParams();
  const state = (useLocation().state ?? {}) as ConfirmResetState;
  const email = state.email ?? params.get('email') ?? '';
  return (
    <AuthLayout
      title="Choose a new password"
      subtitle={
        email
          ? 'Enter the 6-digit code we emailed you and pick a new password.'
          : 'Enter your email, the 6-digit code we emailed you and a new password.'
      }
      footer={
        <Link to="/login">
          <ArrowLeftOutlined aria-hidden /> Back to sign in
        </Link>
      }
    >
      {state.notice && <Alert type="info" showIcon title={state.notice} style={{ marginBottom: 20 }} />}
      <ConfirmResetForm initialEmail={email} codeSent={state.codeSent === true} />
    </AuthLayout>
  );
}
