import { BellOutlined, CheckOutlined, SettingOutlined } from '@ant-design/icons';
import type { Notification } from '@stratos/contracts/notifications/notification.schema';
import { App, Button, Card, Col, Flex, Row, Segmented, Skeleton, Typography, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { PageHeader } from '../../../lib/page-header';
import { usePreferences } from '../../../lib/preferences/api/get-preferences';
import { useNotifications } from '../api/list-notifications';
import { useReadAllNotifications } from '../api/read-all-notifications';
import { useReadNotification } from '../api/read-notification';
import { LoadError } from '../components/load-error';
import { NotificationItem } from '../components/notification-item';
import { NotificationPreferencesSummary } from '../components/notification-preferences-summary';

function CaughtUp({ unreadOnly }: { unreadOnly: boolean }) {
  const { token } = theme.useToken();
  return (
    <div style={{ padding: '48px 24px', textAlign: 'center' }}>
      <span
        style={{
          display: 'inline-grid',
          placeItems: 'center',
          width: 72,
          height: 72,
          borderRadius: '50%',
          fontSize: 30,
          color: token.colorPrimary,
          background: token.colorPrimaryBg,
          marginBottom: 16,
        }}
      >
        <BellOutlined aria-hidden />
      </span>
      <Typography.Title level={4} style={{ margin: '0 0 8px' }}>
        You're all caught up
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ maxWidth: 380, margin: '0 auto' }}>
        {unreadOnly
          ? 'You have read every notification.'
          : 'You have no notifications. When something needs your attention, it will show up here.'}
      </Typography.Paragraph>
    </div>
  );
}

/** /notifications: the feed (billing changes, critical alerts, system news) beside the notification settings. */
export default function NotificationsPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const prefs = usePreferences();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const feed = useNotifications(unreadOnly);
  const read = useReadNotification();
  const readAll = useReadAllNotifications();
  const unread = feed.data?.unread ?? 0;

  const open = (n: Notification) => {
    if (n.readAt === null) read.mutate(n.id);
  };
  const markAll = () =>
    readAll.mutate(undefined, {
      onError: (err) => void message.error(errorMessage(err, 'Could not mark the notifications as read.')),
    });

  let body: ReactNode;
  if (feed.isPending) body = <Skeleton active avatar paragraph={{ rows: 2 }} style={{ padding: 16 }} />;
  else if (feed.isError)
    body = (
      <LoadError
        title="We couldn't load your notifications"
        error={feed.error}
        onRetry={() => void feed.refetch()}
      />
    );
  else if (feed.data.notifications.length === 0) body = <CaughtUp unreadOnly={unreadOnly} />;
  else
    body = (
      <ul
        style={{ listStyle: 'none', margin: 0, padding: 8, display: 'grid', gap: 4 }}
        aria-label="Notifications"
      >
        {feed.data.notifications.map((n) => (
          <li key={n.id}>
            <NotificationItem n={n} onOpen={open} />
          </li>
        ))}
      </ul>
    );

  return (
    <>
      <PageHeader
        title="Notifications"
        description="Updates about your files, your account and its security."
        extra={
          <Button
            icon={<SettingOutlined aria-hidden />}
            onClick={() => navigate('/settings?tab=notifications')}
          >
            Notification settings
          </Button>
        }
      />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={15}>
          <Card
            styles={{ body: { padding: 0 } }}
            title={
              <Segmented
                size="small"
                value={unreadOnly ? 'unread' : 'all'}
                onChange={(v) => setUnreadOnly(v === 'unread')}
                options={[
                  { value: 'all', label: 'All' },
                  { value: 'unread', label: unread ? `Unread (${unread})` : 'Unread' },
                ]}
                aria-label="Show"
              />
            }
            extra={
              <Button
                type="link"
                size="small"
                icon={<CheckOutlined aria-hidden />}
                disabled={unread === 0}
                loading={readAll.isPending}
                onClick={markAll}
              >
                Mark all as read
              </Button>
            }
          >
            {body}
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <Flex vertical gap={24}>
            <NotificationPreferencesSummary
              prefs={prefs.data}
              error={prefs.isError ? prefs.error : null}
              onRetry={() => void prefs.refetch()}
            />
          </Flex>
        </Col>
      </Row>
    </>
  );
}
