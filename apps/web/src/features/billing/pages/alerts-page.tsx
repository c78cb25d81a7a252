import { CheckCircleFilled, HistoryOutlined, WalletOutlined } from '@ant-design/icons';
import { ALERT_THRESHOLDS, type Alert } from '@stratos/contracts/billing/alerts.schema';
import { App, Card, Flex, Segmented, Skeleton, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { AlertCard } from '../../../lib/alerts/alert-card';
import { useDismissAlert } from '../../../lib/alerts/dismiss-alert';
import { useAlerts } from '../../../lib/alerts/list-alerts';
import { errorMessage } from '../../../lib/api-error';
import { formatRelative } from '../../../lib/date-format';
import { LinkButton } from '../../../lib/link-button';
import { PageHeader } from '../../../lib/page-header';
import { useAlertHistory } from '../api/get-alert-history';
import { LoadFailed } from '../components/page-states';

function ListSkeleton() {
  return (
    <Flex vertical gap={12} role="status" aria-busy="true" aria-label="Loading alerts">
      {[0, 1, 2].map((i) => (
        <Card key={i} size="small">
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        </Card>
      ))}
    </Flex>
  );
}

function EmptyState({ title, text }: { title: string; text: string }) {
  const { token } = theme.useToken();
  return (
    <Card styles={{ body: { padding: 'clamp(36px, 7vw, 64px) 24px', textAlign: 'center' } }}>
      <CheckCircleFilled style={{ fontSize: 40, color: token.colorSuccess }} aria-hidden />
      <h2 style={{ margin: '16px 0 6px', fontSize: 20, color: token.colorTextHeading }}>{title}</h2>
      <p style={{ margin: '0 auto', maxWidth: 440, color: token.colorTextSecondary }}>{text}</p>
    </Card>
  );
}

function AlertList({
  alerts,
  onDismiss,
  dismissing,
}: {
  alerts: Alert[];
  onDismiss?: (id: string) => void;
  dismissing?: string;
}) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 }}>
      {alerts.map((a) => (
        <li key={a.id}>
          <AlertCard alert={a} onDismiss={onDismiss} dismissing={dismissing === a.id} />
        </li>
      ))}
    </ul>
  );
}

/** /alerts: the active cost and usage alerts with their actions and dismissal, and the history. */
export default function AlertsPage() {
  const { token } = theme.useToken();
  const { message } = App.useApp();
  const [view, setView] = useState<'active' | 'history'>('active');
  const active = useAlerts('widget');
  const history = useAlertHistory(view === 'history');
  const dismiss = useDismissAlert();

  const onDismiss = (id: string) =>
    dismiss.mutate(id, {
      onSuccess: () => void message.success('Alert hidden for 24 hours'),
      onError: (err) => void message.error(errorMessage(err, 'Could not dismiss the alert.')),
    });

  let body: ReactNode;
  if (view === 'active') {
    if (active.isPending) body = <ListSkeleton />;
    else if (active.isError)
      body = (
        <LoadFailed
          title="We couldn't load your alerts"
          error={active.error}
          onRetry={() => void active.refetch()}
          retrying={active.isFetching}
        />
      );
    else if (active.data.alerts.length === 0)
      body = (
        <EmptyState
          title="No active alerts"
          text={`Your storage and credits look healthy. We check them every ${ALERT_THRESHOLDS.checkEveryMinutes} minutes and after each charge.`}
        />
      );
    else
      body = (
        <AlertList
          alerts={active.data.alerts}
          onDismiss={onDismiss}
          dismissing={dismiss.isPending ? dismiss.variables : undefined}
        />
      );
  } else if (history.isPending) body = <ListSkeleton />;
  else if (history.isError)
    body = (
      <LoadFailed
        title="We couldn't load your alert history"
        error={history.error}
        onRetry={() => void history.refetch()}
        retrying={history.isFetching}
      />
    );
  else if (history.data.length === 0)
    body = (
      <EmptyState
        title="No alerts yet"
        text="Every alert you receive is kept here, the latest 100 of them."
      />
    );
  else body = <AlertList alerts={history.data} />;

  const count = active.data?.alerts.length ?? 0;
  return (
    <>
      <PageHeader
        title="Alerts"
        description="Warnings before your storage fills up or your credits run low."
        extra={
          <LinkButton to="/billing" icon={<WalletOutlined aria-hidden />}>
            Billing
          </LinkButton>
        }
      />
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'active' | 'history')}
          options={[
            { value: 'active', label: count ? `Active (${count})` : 'Active' },
            { value: 'history', label: 'History', icon: <HistoryOutlined aria-hidden /> },
          ]}
          aria-label="Show"
        />
        {view === 'active' && active.data?.checkedAt && (
          <span style={{ color: token.colorTextTertiary, fontSize: 13 }}>
            Last checked {formatRelative(active.data.checkedAt)}
          </span>
        )}
      </Flex>
      {body}
    </>
  );
}
