import { EditOutlined } from '@ant-design/icons';
import { CODE_LENGTH } from '@stratos/contracts/auth/codes.schema';
import { EMAIL_MESSAGES, EMAIL_PATTERN } from '@stratos/contracts/auth/email';
import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { useConfirmSignUp } from '../api/confirm-sign-up';
import { useResendCode } from '../api/resend-code';
import { clearErrorsOnChange, showFieldProblem } from '../hooks/show-field-problem';
import { useCooldown } from '../hooks/use-cooldown';
import { confirmErrorMessage, resendErrorMessage } from '../model/auth-error-messages';
import { loginAfterVerification } from '../model/verify-state';
import { CodeInput } from './code-input';
import { LocalCodeHint } from './local-code-hint';

export const RESEND_COOLDOWN_SECONDS = 30;

interface VerifyFormProps {
  initialEmail: string;
  redirectAfterVerification: string;
  codeSent: boolean;
}

/** Enter the emailed 6-digit code (POST /api/auth/confirm) or ask for another (POST /api/auth/resend-code). */
export function VerifyForm({ initialEmail, redirectAfterVerification, codeSent }: VerifyFormProps) {
  const [form] = Form.useForm<{ email: string; code: string }>();
  const [editingEmail, setEditingEmail] = useState(!initialEmail);
  const email: string = Form.useWatch('email', form) ?? initialEmail;
  const confirm = useConfirmSignUp();
  const resend = useResendCode();
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS, codeSent);
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [resendError, setResendError] = useState<string | null>(null);

  const emailProblem = (value: string) => {
    if (!value.trim()) return { field: 'email' as const, message: EMAIL_MESSAGES.required };
    if (!EMAIL_PATTERN.test(value.trim()))
      return { field: 'email' as const, message: EMAIL_MESSAGES.invalid };
    return null;
  };

  const goToLogin = (to: string, notice: string) =>
    navigate(loginAfterVerification(to, redirectAfterVerification), {
      replace: true,
      state: { email: to, notice },
    });

  const onVerify = async ({ email: typed, code }: { email?: string; code?: string }) => {
    const address = (typed ?? initialEmail).trim().toLowerCase();
    const problem =
      emailProblem(address) ??
      (code?.length === CODE_LENGTH
        ? null
        : { field: 'code' as const, message: 'Enter the 6-digit code from your email.' });
    if (showFieldProblem(form, ['email', 'code'], problem)) return;
    try {
      const reply = await confirm.mutateAsync({ email: address, code: code ?? '' });
      message.success(reply.message);
      goToLogin(address, reply.message);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'InvalidParameterException') {
        goToLogin(address, 'Your email is already confirmed. Please sign in.');
        return;
      }
      showFieldProblem(form, ['email', 'code'], { field: 'code', message: confirmErrorMessage(err) });
    }
  };

  const onResend = async () => {
    const address = (form.getFieldValue('email') ?? initialEmail).trim().toLowerCase();
    if (showFieldProblem(form, ['email', 'code'], emailProblem(address))) {
      setEditingEmail(true);
      return;
    }
    setResendError(null);
    try {
      const reply = await resend.mutateAsync({ email: address });
      message.success(reply.message);
      cooldown.start();
    } catch (err) {
      setResendError(resendErrorMessage(err));
    }
  };

  return (
    <Form
      form={form}
      // Our own rules give the spec's messages; the browser's tooltips would get there first.
      noValidate
      name="verify"
      layout="vertical"
      requiredMark={false}
      size="large"
      initialValues={{ email: initialEmail, code: '' }}
      onFinish={onVerify}
      onValuesChange={clearErrorsOnChange(form)}
    >
      {editingEmail ? (
        <Form.Item label="Email" name="email">
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            autoFocus
          />
        </Form.Item>
      ) : (
        <Typography.Paragraph style={{ marginBottom: 20 }}>
          We sent a 6-digit code to <Typography.Text strong>{email}</Typography.Text>.{' '}
          <Button
            type="link"
            size="small"
            icon={<EditOutlined aria-hidden />}
            onClick={() => setEditingEmail(true)}
            style={{ paddingInline: 4 }}
          >
            Change
          </Button>
        </Typography.Paragraph>
      )}
      <Form.Item label="Verification code" name="code">
        <CodeInput autoFocus={!editingEmail} aria-describedby="verify-code-help" />
      </Form.Item>
      {resendError && <Alert type="error" showIcon title={resendError} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={confirm.isPending} style={{ marginTop: 8 }}>
        Verify
      </Button>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Typography.Text type="secondary" id="verify-code-help">
          Didn't get it? Check your spam folder, or{' '}
        </Typography.Text>
        <Button
          type="link"
          onClick={onResend}
          loading={resend.isPending}
          disabled={cooldown.active}
          style={{ padding: 0, height: 'auto' }}
        >
          {cooldown.active ? `Resend code (${cooldown.remaining}s)` : 'Resend code'}
        </Button>
      </div>
      <LocalCodeHint />
    </Form>
  );
}
