import { BellOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Card, Col, Row, Typography, theme } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../lib/page-header';
import { usePreferences } from '../../../lib/preferences/api/get-preferences';
import { NotificationPreferencesSummary } from '../components/notification-preferences-summary';

/** /notifications: no feed exists yet, so an honest empty inbox beside the notification settings. */
export default function NotificationsPage() {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const prefs = usePreferences();
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
          <Card styles={{ body: { padding: '56px 24px', textAlign: 'center' } }}>
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
              You have no notifications. When something needs your attention, it will show up here.
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={9}>
          <NotificationPreferencesSummary
            prefs={prefs.data}
            error={prefs.isError ? prefs.error : null}
            onRetry={() => void prefs.refetch()}
          />
        </Col>
      </Row>
    </>
  );
}
