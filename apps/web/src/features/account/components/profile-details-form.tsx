import type { PublicUser } from '@stratos/contracts/auth/user.schema';
import { Alert, App, Button, Card, Col, Flex, Form, Input, Row } from 'antd';
import { useEffect } from 'react';
import { errorMessage } from '../../../lib/api-error';
import { useUpdateProfile } from '../api/update-profile';

interface Values {
  firstName: string;
  lastName: string;
  company: string;
}

const valuesOf = (u: PublicUser): Values => ({
  firstName: u.firstName,
  lastName: u.lastName,
  company: u.company ?? '',
});

/** Edit first name, last name and company (PATCH /api/auth/me). */
export function ProfileDetailsForm({ user }: { user: PublicUser }) {
  const [form] = Form.useForm<Values>();
  const update = useUpdateProfile();
  const { message } = App.useApp();
  const watched = Form.useWatch([], form) as Values | undefined;
  const initial = valuesOf(user);
  const dirty =
    watched !== undefined &&
    (watched.firstName !== initial.firstName ||
      watched.lastName !== initial.lastName ||
      (watched.company ?? '') !== initial.company);

  useEffect(() => {
    form.setFieldsValue(valuesOf(user));
  }, [form, user]);

  const onFinish = async (v: Values) => {
    try {
      await update.mutateAsync({
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        company: v.company.trim() || null,
      });
      message.success('Profile updated');
    } catch {
      // Shown in the card.
    }
  };

  return (
    <Card title="Personal information">
      <Form
        form={form}
        name="profile"
        layout="vertical"
        initialValues={initial}
        onFinish={onFinish}
        requiredMark={false}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              label="First name"
              name="firstName"
              rules={[{ required: true, whitespace: true, message: 'First name is required' }]}
            >
              <Input autoComplete="given-name" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Last name"
              name="lastName"
              rules={[{ required: true, whitespace: true, message: 'Last name is required' }]}
            >
              <Input autoComplete="family-name" maxLength={100} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label="Company" name="company">
          <Input autoComplete="organization" placeholder="Optional" maxLength={200} />
        </Form.Item>
        <Form.Item
          label="Email"
          htmlFor="profile-email"
          extra="Your sign-in address. It cannot be changed here."
        >
          <Input id="profile-email" value={user.email} disabled autoComplete="email" />
        </Form.Item>
        {update.error && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            title={errorMessage(update.error, 'Could not save your profile. Please try again.')}
          />
        )}
        <Flex gap={8} justify="flex-end" wrap>
          <Button disabled={!dirty || update.isPending} onClick={() => form.setFieldsValue(initial)}>
            Cancel
          </Button>
          <Button type="primary" htmlType="submit" loading={update.isPending} disabled={!dirty}>
            Save changes
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}
