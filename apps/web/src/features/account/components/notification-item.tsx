import {
  CloseCircleFilled,
  CreditCardOutlined,
  InfoCircleFilled,
  RightOutlined,
  WarningFilled,
} from '@ant-design/icons';
import type { Notification } from '@stratos/contracts/notifications/notification.schema';
import { Flex, theme } from 'antd';
import { Link } from 'react-router';
import { formatRelative } from '../../../lib/date-format';

/** One entry of the feed: what happened, when, and where to look; unread ones are marked. */
export function NotificationItem({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const { token } = theme.useToken();
  const unread = n.readAt === null;
  const color =
    n.severity === 'critical'
      ? token.colorError
      : n.severity === 'warning'
        ? token.colorWarning
        : token.colorPrimary;
  const icon =
    n.severity === 'critical' ? (
      <CloseCircleFilled />
    ) : n.severity === 'warning' ? (
      <WarningFilled />
    ) : n.kind === 'billing' ? (
      <CreditCardOutlined />
    ) : (
      <InfoCircleFilled />
    );
  const body = (
    <Flex gap={14} align="flex-start" style={{ padding: '14px 16px' }}>
      <span
        aria-hidden
        style={{
          width: 36,
          height: 36,
          flexShrink: 0,
          display: 'grid',
          placeItems: 'center',
          borderRadius: 10,
          fontSize: 16,
          color,
          background: token.colorFillQuaternary,
        }}
      >
        {icon}
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Flex align="center" gap={8}>
          {unread && (
            <span
              role="img"
              aria-label="Unread"
              style={{
                width: 8,
                height: 8,
                borderRadius: '50%',
                background: token.colorPrimary,
                flexShrink: 0,
              }}
            />
          )}
          <span style={{ fontWeight: unread ? 600 : 500, color: token.colorTextHeading }}>{n.title}</span>
        </Flex>
        <div style={{ color: token.colorTextSecondary, fontSize: 14, marginTop: 2 }}>{n.message}</div>
        <time dateTime={n.createdAt} style={{ fontSize: 12, color: token.colorTextTertiary }}>
          {formatRelative(n.createdAt)}
        </time>
      </div>
      {n.link && (
        <RightOutlined aria-hidden style={{ color: token.colorTextQuaternary, alignSelf: 'center' }} />
      )}
    </Flex>
  );
  const style = {
    display: 'block',
    color: 'inherit',
    background: unread ? token.colorPrimaryBg : undefined,
    borderRadius: token.borderRadius,
  };
  return n.link ? (
    <Link to={n.link} onClick={() => onOpen(n)} style={style}>
      {body}
    </Link>
  ) : (
    <button
      type="button"
      onClick={() => onOpen(n)}
      style={{
        ...style,
        width: '100%',
        border: 0,
        font: 'inherit',
        textAlign: 'start',
        cursor: unread ? 'pointer' : 'default',
      }}
    >
      {body}
    </button>
  );
}
