import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { errorMessage } from '../../../lib/api-error';

/** A part of the console whose data did not load: what failed, why, and Retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={errorMessage(error)}
      extra={
        <Button icon={<ReloadOutlined />} onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
