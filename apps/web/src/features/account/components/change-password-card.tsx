import { PASSWORD_MESSAGES, passwordProblem } from '@stratos/contracts/auth/password';
import { Alert, App, Button, Card, Flex, Form, Input } from 'antd';
import { ApiError, errorMessage } from '../../../lib/api-error';
import { useChangePassword } from '../api/change-password';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change the password with the current one (POST /api/auth/change-password). */
export function ChangePasswordCard() {
  const [form] = Form.useForm<Values>();
  const change = useChangePassword();
  const { message } = App.useApp();

  const onFinish = async (v: Values) => {
    try {
      const reply = await change.mutateAsync({
        currentPassword: v.currentPassword,
        newPassword: v.newPassword,
      });
      message.success(reply.message);
      form.resetFields();
      change.reset();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'NotAuthorizedException') {
        form.setFields([{ name: 'currentPassword', errors: [err.message] }]);
      }
    }
  };

  const otherError =
    change.error && !(change.error instanceof ApiError && change.error.code === 'NotAuthorizedException')
      ? errorMessage(change.error, 'Could not change your password. Please try again.')
      : null;

  return (
    <Card title="Change password">
      <Form form={form} name="change-password" layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item
          label="Current password"
          name="currentPassword"
          rules={[{ required: true, message: 'Current password is required' }]}
        >
          <Input.Password autoComplete="current-password" maxLength={256} />
        </Form.Item>
        <Form.Item
          label="New password"
          name="newPassword"
          extra="At least 8 characters, with uppercase, lowercase and a number."
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const problem = passwordProblem(value ?? '');
                if (problem) throw new Error(problem);
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={256} />
        </Form.Item>
        <Form.Item
          label="Confirm password"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_, value: string | undefined) => {
                if ((value ?? '') !== (getFieldValue('newPassword') ?? ''))
                  throw new Error(PASSWORD_MESSAGES.mismatch);
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={256} />
        </Form.Item>
        {otherError && <Alert type="error" showIcon title={otherError} style={{ marginBottom: 16 }} />}
        <Flex justify="flex-end">
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            Update password
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
