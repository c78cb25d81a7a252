import { EMAIL_MESSAGES, EMAIL_PATTERN } from '@stratos/contracts/auth/email';
import { PASSWORD_MESSAGES } from '@stratos/contracts/auth/password';
import { Alert, Button, Form, Input } from 'antd';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { clearErrorsOnChange, showFieldProblem } from '../hooks/show-field-problem';
import { loginErrorMessage } from '../model/auth-error-messages';

export interface LoginValues {
  email: string;
  password: string;
}

interface LoginFormProps {
  initialEmail: string;
  pending: boolean;
  error: unknown;
  onSubmit: (values: LoginValues) => void;
  /** Offered when the account exists but its email is not confirmed yet. */
  onVerify: (email: string) => void;
  verifying: boolean;
}

/** Email and password, with the server's refusal shown above the button. */
export function LoginForm({ initialEmail, pending, error, onSubmit, onVerify, verifying }: LoginFormProps) {
  const [form] = Form.useForm<LoginValues>();
  const notConfirmed = error instanceof ApiError && error.code === 'UserNotConfirmedException';

  const submit = (v: Partial<LoginValues>) => {
    const email = (v.email ?? '').trim();
    const problem = !email
      ? { field: 'email' as const, message: EMAIL_MESSAGES.required }
      : !EMAIL_PATTERN.test(email)
        ? { field: 'email' as const, message: EMAIL_MESSAGES.invalid }
        : !v.password
          ? { field: 'password' as const, message: PASSWORD_MESSAGES.required }
          : null;
    if (showFieldProblem(form, ['email', 'password'], problem)) return;
    onSubmit({ email, password: v.password ?? '' });
  };

  return (
    <Form
      form={form}
      // Our own rules give the spec's messages; the browser's tooltips would get there first.
      noValidate
      name="login"
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={{ email: initialEmail }}
      onFinish={submit}
      onValuesChange={clearErrorsOnChange(form)}
    >
      <Form.Item label="Email" name="email">
        <Input
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="you@company.com"
          autoFocus={!initialEmail}
        />
      </Form.Item>
      <Form.Item label="Password" name="password" style={{ marginBottom: 8 }}>
        <Input.Password autoComplete="current-password" autoFocus={Boolean(initialEmail)} />
      </Form.Item>
      <div style={{ textAlign: 'right', marginBottom: 20 }}>
        <Link to="/reset">Forgot password?</Link>
      </div>
      {error != null && !pending && (
        <Alert
          type={notConfirmed ? 'warning' : 'error'}
          showIcon
          style={{ marginBottom: 16 }}
          title={notConfirmed ? 'Please verify your email first' : loginErrorMessage(error)}
          description={
            notConfirmed ? (
              <>
                <div style={{ marginBottom: 12 }}>
                  Your account is waiting for the 6-digit code we emailed you. We can send you a new one.
                </div>
                <Button
                  size="small"
                  type="primary"
                  loading={verifying}
                  onClick={() => onVerify(String(form.getFieldValue('email') ?? '').trim())}
                >
                  Verify email
                </Button>
              </>
            ) : undefined
          }
        />
      )}
      <Button type="primary" htmlType="submit" block loading={pending}>
        Sign In
      </Button>
    </Form>
  );
}
