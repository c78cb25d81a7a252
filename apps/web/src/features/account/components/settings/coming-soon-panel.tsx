import { CreditCardOutlined } from '@ant-design/icons';
import { Button, Card, Result } from 'antd';
import { useNavigate } from 'react-router';

/** Subscription and billing management is not built yet: say so plainly. */
export function ComingSoonPanel({ topic }: { topic: 'subscription' | 'billing' }) {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        icon={<CreditCardOutlined aria-hidden />}
        title="Subscriptions and billing are coming soon"
        subTitle={
          topic === 'subscription'
            ? 'Soon you will see your plan, change it and cancel it here.'
            : 'Soon you will see invoices, payment methods and prepaid credits here.'
        }
        extra={
          <Button type="primary" onClick={() => navigate('/pricing')}>
            Compare plans
          </Button>
        }
      />
    </Card>
  );
}
