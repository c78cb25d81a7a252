import { Alert, Button } from 'antd';
import type { CSSProperties } from 'react';

/** A failed load: the server's message and a Retry button. */
export function QueryError({
  title,
  onRetry,
  style,
}: {
  title: string;
  onRetry(): void;
  style?: CSSProperties;
}) {
  return (
    <Alert
      type="error"
      showIcon
      title={title}
      style={style}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
