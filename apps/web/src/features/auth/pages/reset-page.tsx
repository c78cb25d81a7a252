import { ArrowLeftOutlined } from '@ant-design/icons';
import { EMAIL_MESSAGES, EMAIL_PATTERN } from '@stratos/contracts/auth/email';
import { Alert, App, Button, Form, Input, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForgotPassword } from '../api/forgot-password';
import { AuthLayout } from '../components/auth-layout';
import { clearErrorsOnChange, showFieldProblem } from '../hooks/show-field-problem';
import { serverMessage } from '../model/auth-error-messages';

/** /reset: ask for a password reset code by email. */
export default function ResetPage() {
  const [form] = Form.useForm<{ email: string }>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const forgot = useForgotPassword();

  const onFinish = async ({ email }: { email?: string }) => {
    const address = (email ?? '').trim().toLowerCase();
    const problem = !address
      ? { field: 'email' as const, message: EMAIL_MESSAGES.required }
      : EMAIL_PATTERN.test(address)
        ? null
        : { field: 'email' as const, message: EMAIL_MESSAGES.invalid };
    if (showFieldProblem(form, ['email'], problem)) return;
    try {
      const reply = await forgot.mutateAsync({ email: address });
      message.success(reply.message);
      navigate(`/confirm-reset?${new URLSearchParams({ email: address })}`, {
        state: { email: address, codeSent: true, notice: reply.message },
      });
    } catch {
      // Shown below from the mutation's error.
    }
  };

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the email you signed up with and we'll send you a 6-digit code to choose a new password."
      footer={
        <Link to="/login">
          <ArrowLeftOutlined aria-hidden /> Back to sign in
        </Link>
      }
    >
      <Form
        form={form}
        // Our own rules give the spec's messages; the browser's tooltips would get there first.
        noValidate
        name="reset"
        layout="vertical"
        requiredMark={false}
        size="large"
        initialValues={{ email: params.get('email') ?? '' }}
        onFinish={onFinish}
        onValuesChange={clearErrorsOnChange(form)}
      >
        <Form.Item label="Email" name="email">
          <Input
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@company.com"
            autoFocus
          />
        </Form.Item>
        {forgot.error && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={serverMessage(forgot.error, 'Failed to send the reset code. Please try again.')}
          />
        )}
        <Button type="primary" htmlType="submit" block loading={forgot.isPending} style={{ marginTop: 8 }}>
          Send reset code
        </Button>
      </Form>
      <Typography.Paragraph
        type="secondary"
        style={{ margin: '16px 0 0', fontSize: 13, textAlign: 'center' }}
      >
        Already have a code? <Link to="/confirm-reset">Enter it here</Link>
      </Typography.Paragraph>
    </AuthLayout>
  );
}
