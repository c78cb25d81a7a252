import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import type { Preferences } from '@stratos/contracts/preferences/preferences.schema';
import { Button, Card, Flex, Skeleton, Typography, theme } from 'antd';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { NOTIFICATION_LABELS, NOTIFICATIONS_NOT_IN_USE } from './settings/notification-settings';

type Key = keyof Preferences['notification_settings'];

/** Which notifications are on, with the way to change them. */
interface Props {
  prefs: Preferences | undefined;
  error: unknown;
  onRetry: () => void;
}

export function NotificationPreferencesSummary({ prefs, error, onRetry }: Props) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const keys = Object.keys(NOTIFICATION_LABELS) as Key[];
  return (
    <Card
      title="What we notify you about"
      actions={[
        <Button key="manage" type="link" onClick={() => navigate('/settings?tab=notifications')}>
          Manage in Settings
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 13 }}>
        {NOTIFICATIONS_NOT_IN_USE}
      </Typography.Paragraph>
      {prefs ? (
        <Flex vertical gap={12} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {keys.map((key) => {
            const on = prefs.notification_settings[key];
            return (
              <Flex key={key} component="li" justify="space-between" align="center" gap={12}>
                <Typography.Text>{NOTIFICATION_LABELS[key].label}</Typography.Text>
                <Typography.Text
                  style={{
                    color: on ? token.colorSuccessText : token.colorTextTertiary,
                    whiteSpace: 'nowrap',
                  }}
                >
                  {on ? <CheckCircleFilled aria-hidden /> : <MinusCircleOutlined aria-hidden />}{' '}
                  {on ? 'On' : 'Off'}
                </Typography.Text>
              </Flex>
            );
          })}
        </Flex>
      ) : error ? (
        <Flex vertical gap={12} align="flex-start">
          <Typography.Text type="secondary">
            {errorMessage(error, "We couldn't load your notification settings.")}
          </Typography.Text>
          <Button size="small" onClick={onRetry}>
            Retry
          </Button>
        </Flex>
      ) : (
        <Skeleton active paragraph={{ rows: 5 }} />
      )}
    </Card>
  );
}
