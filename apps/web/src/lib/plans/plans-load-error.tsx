import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';

/** Shown when the plan catalogue did not load; loaded only then (antd's Alert and Button are large). */
export default function PlansLoadError({ retry, retrying }: { retry(): void; retrying: boolean }) {
  return (
    <Alert
      type="error"
      showIcon
      title="Failed to load payment plans"
      description="Check your connection and try again."
      action={
        <Button icon={<ReloadOutlined />} onClick={retry} loading={retrying}>
          Retry
        </Button>
      }
    />
  );
}
