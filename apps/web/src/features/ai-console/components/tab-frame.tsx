import { CheckCircleOutlined, SyncOutlined } from '@ant-design/icons';
import { Card, Flex, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LoadError } from './load-error';

/** A console tab's header card: title, status tags, actions on the right, then the card's body. */
export function TabHeader({
  title,
  tags,
  actions,
  children,
}: {
  title: string;
  tags?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          {tags}
        </Flex>
        {actions && (
          <Flex gap={8} wrap align="center">
            {actions}
          </Flex>
        )}
      </Flex>
      {children}
    </Card>
  );
}

/** A busy/idle tag: spinning while busy, a check mark when idle. */
export function BusyTag({
  busy,
  busyText,
  idleText,
  testId,
}: {
  busy: boolean;
  busyText: string;
  idleText: string;
  testId: string;
}) {
  return (
    <Tag
      color={busy ? 'processing' : 'success'}
      icon={busy ? <SyncOutlined spin /> : <CheckCircleOutlined />}
      data-testid={testId}
    >
      {busy ? busyText : idleText}
    </Tag>
  );
}

interface LoadingQuery {
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * What a tab shows before its data is there: the load error with Retry, or a skeleton; null once
 * the data has arrived.
 */
export function notLoaded(q: LoadingQuery, loaded: boolean, errorTitle: string, rows = 6): ReactNode {
  if (q.isError)
    return (
      <Card>
        <LoadError title={errorTitle} error={q.error} onRetry={() => void q.refetch()} />
      </Card>
    );
  if (!loaded)
    return (
      <Card>
        <Skeleton active paragraph={{ rows }} />
      </Card>
    );
  return null;
}
