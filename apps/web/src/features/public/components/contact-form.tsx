import { SendOutlined } from '@ant-design/icons';
import { type ContactBody, contactBodySchema } from '@stratos/contracts/contact/contact.schema';
import { Alert, Button, Form, Input } from 'antd';
import { errorMessage } from '../../../lib/api-error';
import { useSendContactMessage } from '../api/send-contact-message';
import { zodRule } from './zod-rule';

const shape = contactBodySchema.shape;

export interface ContactFormValues {
  name: string;
  email: string;
  subject?: string;
  message: string;
}

interface ContactFormProps {
  initial: Partial<ContactFormValues>;
  /** Sent along with the message, e.g. "enterprise". */
  plan?: string;
  onSent(values: ContactFormValues): void;
}

/** Name, email, optional subject and message, validated with the contract before sending. */
export function ContactForm({ initial, plan, onSent }: ContactFormProps) {
  const [form] = Form.useForm<ContactFormValues>();
  const send = useSendContactMessage();

  const onFinish = (values: ContactFormValues) => {
    const body: ContactBody = {
      name: values.name,
      email: values.email,
      message: values.message,
      subject: values.subject?.trim() ? values.subject : undefined,
      plan,
    };
    send.mutate(body, { onSuccess: () => onSent(values) });
  };

  return (
    <Form<ContactFormValues>
      form={form}
      // The contract's rules give the messages; the browser's tooltips would get there first.
      noValidate
      layout="vertical"
      requiredMark="optional"
      initialValues={initial}
      onFinish={onFinish}
      disabled={send.isPending}
      size="large"
    >
      {send.isError && (
        <Alert
          type="error"
          showIcon
          title="Your message was not sent"
          description={errorMessage(send.error, 'Something went wrong. Please try again.')}
          style={{ marginBottom: 24 }}
        />
      )}
      <div
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(min(220px, 100%), 1fr))',
          columnGap: 16,
        }}
      >
        <Form.Item label="Name" name="name" rules={[zodRule(shape.name)]} required>
          <Input autoComplete="name" maxLength={200} />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={[zodRule(shape.email)]} required>
          <Input type="email" autoComplete="email" maxLength={254} />
        </Form.Item>
      </div>
      <Form.Item label="Subject" name="subject" rules={[zodRule(shape.subject)]}>
        <Input maxLength={200} />
      </Form.Item>
      <Form.Item label="Message" name="message" rules={[zodRule(shape.message)]} required>
        <Input.TextArea rows={6} maxLength={5000} showCount placeholder="How can we help?" />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SendOutlined />} loading={send.isPending} block>
        Send message
      </Button>
    </Form>
  );
}
