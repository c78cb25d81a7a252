import { Alert, Button } from 'antd';
import { errorMessage } from '../../../lib/api-error';

/** A list that failed to load: the server's reason and a retry. */
export function QueryError({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: 16 }}
      title={`Couldn't load ${what}`}
      description={errorMessage(error, 'Please check your connection and try again.')}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
