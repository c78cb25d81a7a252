import { BellOutlined, CheckCircleFilled, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { ALERT_THRESHOLDS } from '@stratos/contracts/billing/alerts.schema';
import { App, Badge, Button, Card, Flex, Skeleton, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { errorMessage } from '../api-error';
import { LinkButton } from '../link-button';
import { AlertCard } from './alert-card';
import { useDismissAlert } from './dismiss-alert';
import { useAlerts } from './list-alerts';

/**
 * The alert widget: the five most severe active alerts with their actions, linking to /alerts.
 * Polls every 2 minutes. `hideWhenEmpty` leaves no trace on pages where "all clear" is noise.
 */
export function AlertWidget({
  hideWhenEmpty = false,
  style,
}: {
  hideWhenEmpty?: boolean;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const alerts = useAlerts('widget');
  const dismiss = useDismissAlert();
  const list = alerts.data?.alerts ?? [];
  if (hideWhenEmpty && (alerts.isPending || (alerts.isSuccess && list.length === 0))) return null;

  const shown = list.slice(0, ALERT_THRESHOLDS.widgetCount);
  const onDismiss = (id: string) =>
    dismiss.mutate(id, {
      onSuccess: () => void message.success('Alert hidden for 24 hours'),
      onError: (err) => void message.error(errorMessage(err, 'Could not dismiss the alert.')),
    });

  let body: ReactNode;
  if (alerts.isPending) body = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  else if (alerts.isError)
    body = (
      <Flex align="center" justify="space-between" gap={12} wrap>
        <span style={{ color: token.colorTextSecondary }}>
          We couldn't check your alerts. {errorMessage(alerts.error, '')}
        </span>
        <Button
          size="small"
          icon={<ReloadOutlined aria-hidden />}
          onClick={() => void alerts.refetch()}
          loading={alerts.isFetching}
        >
          Retry
        </Button>
      </Flex>
    );
  else if (shown.length === 0)
    body = (
      <Flex align="center" gap={10} style={{ color: token.colorTextSecondary }}>
        <CheckCircleFilled style={{ color: token.colorSuccess, fontSize: 18 }} aria-hidden />
        No alerts. Your storage and credits look healthy.
      </Flex>
    );
  else
    body = (
      <Flex vertical gap={10}>
        {shown.map((a) => (
          <AlertCard
            key={a.id}
            alert={a}
            onDismiss={onDismiss}
            dismissing={dismiss.isPending && dismiss.variables === a.id}
          />
        ))}
      </Flex>
    );

  return (
    <Card
      role="region"
      aria-label="Alerts"
      title={
        <Flex align="center" gap={8}>
          <BellOutlined aria-hidden style={{ color: token.colorPrimary }} />
          Alerts
          {list.length > 0 && (
            <Badge
              count={list.length}
              color={alerts.data?.urgency === 'critical' ? token.colorError : token.colorWarning}
            />
          )}
        </Flex>
      }
      extra={
        <LinkButton to="/alerts" type="link" size="small" style={{ paddingInline: 0 }}>
          View all alerts <RightOutlined aria-hidden />
        </LinkButton>
      }
      styles={{ body: { padding: 16 } }}
      style={style}
    >
      {body}
    </Card>
  );
}
