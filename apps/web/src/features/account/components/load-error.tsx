import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { errorMessage } from '../../../lib/api-error';

/** A section that could not load, with the reason and a retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={title}
      subTitle={errorMessage(error, 'Please check your connection and try again.')}
      extra={
        <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
