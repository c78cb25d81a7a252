import { CODE_LENGTH } from '@stratos/contracts/auth/codes.schema';
import { EMAIL_MESSAGES, EMAIL_PATTERN } from '@stratos/contracts/auth/email';
import { Alert, App, Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { clearErrorsOnChange, showFieldProblem } from '../hooks/show-field-problem';
import { useCooldown } from '../hooks/use-cooldown';
import { isCodeError, resendErrorMessage, resetErrorMessage } from '../model/auth-error-messages';
import { newPasswordProblem } from '../model/registration-validation';
import { CodeInput } from './code-input';
import { LocalCodeHint } from './local-code-hint';
import { PasswordChecklist } from './password-checklist';

interface Values {
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
}

const FIELDS = ['email', 'code', 'password', 'confirmPassword'] as const;

function problemOf(v: Partial<Values>) {
  const email = (v.email ?? '').trim();
  if (!email) return { field: 'email' as const, message: EMAIL_MESSAGES.required };
  if (!EMAIL_PATTERN.test(email)) return { field: 'email' as const, message: EMAIL_MESSAGES.invalid };
  if ((v.code ?? '').length !== CODE_LENGTH) {
    return { field: 'code' as const, message: 'Enter the 6-digit code from your email.' };
  }
  return newPasswordProblem(v);
}

/** Email, emailed code and a new password (POST /api/auth/reset-password). */
export function ConfirmResetForm({ initialEmail, codeSent }: { initialEmail: string; codeSent: boolean }) {
  const [form] = Form.useForm<Values>();
  const password: string = Form.useWatch('password', form) ?? '';
  const reset = useResetPassword();
  const forgot = useForgotPassword();
  const cooldown = useCooldown(30, codeSent);
  const navigate = useNavigate();
  const { message } = App.useApp();

  const onFinish = async (v: Partial<Values>) => {
    if (showFieldProblem(form, FIELDS, problemOf(v))) return;
    const email = (v.email ?? '').trim().toLowerCase();
    try {
      const reply = await reset.mutateAsync({ email, code: v.code ?? '', newPassword: v.password ?? '' });
      message.success(reply.message);
      navigate(`/login?${new URLSearchParams({ email })}`, {
        replace: true,
        state: { email, notice: reply.message },
      });
    } catch (err) {
      if (isCodeError(err))
        showFieldProblem(form, FIELDS, { field: 'code', message: resetErrorMessage(err) });
    }
  };

  const onResend = async () => {
    const email = String(form.getFieldValue('email') ?? '')
      .trim()
      .toLowerCase();
    const problem = problemOf({ email, code: '000000', password: 'Aa345678', confirmPassword: 'Aa345678' });
    if (showFieldProblem(form, FIELDS, problem)) return;
    try {
      const reply = await forgot.mutateAsync({ email });
      message.success(reply.message);
      cooldown.start();
    } catch (err) {
      message.error(resendErrorMessage(err));
    }
  };

  const resetError = reset.error && !isCodeError(reset.error) ? resetErrorMessage(reset.error) : null;
  return (
    <Form
      form={form}
      // Our own rules give the spec's messages; the browser's tooltips would get there first.
      noValidate
      name="confirm-reset"
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={{ email: initialEmail, code: '' }}
      onFinish={onFinish}
      onValuesChange={clearErrorsOnChange(form)}
    >
      <Form.Item label="Email" name="email">
        <Input type="email" autoComplete="username" inputMode="email" placeholder="you@company.com" />
      </Form.Item>
      <Form.Item
        label="Verification code"
        name="code"
        extra={
          <Button
            type="link"
            size="small"
            onClick={onResend}
            loading={forgot.isPending}
            disabled={cooldown.active}
            style={{ padding: 0 }}
          >
            {cooldown.active ? `Send a new code (${cooldown.remaining}s)` : 'Send a new code'}
          </Button>
        }
      >
        <CodeInput autoFocus={Boolean(initialEmail)} />
      </Form.Item>
      <Form.Item label="New password" name="password" extra={<PasswordChecklist password={password} />}>
        <Input.Password autoComplete="new-password" maxLength={256} />
      </Form.Item>
      <Form.Item label="Confirm password" name="confirmPassword">
        <Input.Password autoComplete="new-password" maxLength={256} />
      </Form.Item>
      {resetError && <Alert type="error" showIcon title={resetError} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={reset.isPending} style={{ marginTop: 8 }}>
        Reset password
      </Button>
      <LocalCodeHint />
    </Form>
  );
}
