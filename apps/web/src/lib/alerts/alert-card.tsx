import { CloseCircleFilled, CloseOutlined, WarningFilled } from '@ant-design/icons';
import type { Alert } from '@stratos/contracts/billing/alerts.schema';
import { Button, Flex, Tag, Tooltip, theme } from 'antd';
import { formatRelative } from '../date-format';
import { LinkButton } from '../link-button';
import { ALERT_ACTION_PATH, sortedActions } from './alert-actions';

interface AlertCardProps {
  alert: Alert;
  /** Dropdown rows: title, message and time only. */
  compact?: boolean;
  onDismiss?: (id: string) => void;
  dismissing?: boolean;
}

/** One cost or usage alert: severity, title, message, when, its actions and a dismiss button. */
export function AlertCard({ alert, compact = false, onDismiss, dismissing }: AlertCardProps) {
  const { token } = theme.useToken();
  const critical = alert.severity === 'critical';
  const resolved = alert.resolvedAt !== null;
  const color = resolved ? token.colorTextQuaternary : critical ? token.colorError : token.colorWarning;
  const titleId = `alert-${alert.id}-title`;
  return (
    <article
      aria-labelledby={titleId}
      style={{
        display: 'flex',
        gap: compact ? 10 : 14,
        alignItems: 'flex-start',
        padding: compact ? '10px 12px' : '14px 16px',
        borderRadius: token.borderRadiusLG,
        background: resolved
          ? token.colorFillQuaternary
          : critical
            ? token.colorErrorBg
            : token.colorWarningBg,
        border: `1px solid ${resolved ? token.colorBorderSecondary : critical ? token.colorErrorBorder : token.colorWarningBorder}`,
      }}
    >
      <span aria-hidden style={{ color, fontSize: compact ? 16 : 20, lineHeight: 1, paddingTop: 2 }}>
        {critical ? <CloseCircleFilled /> : <WarningFilled />}
      </span>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Flex align="center" gap={8} wrap>
          <span
            id={titleId}
            style={{ fontWeight: 600, color: token.colorTextHeading, fontSize: compact ? 13 : 14 }}
          >
            {alert.title}
          </span>
          {!compact && (
            <Tag color={resolved ? 'default' : critical ? 'error' : 'warning'} style={{ marginInlineEnd: 0 }}>
              {resolved ? 'Resolved' : critical ? 'Critical' : 'Warning'}
            </Tag>
          )}
        </Flex>
        <div style={{ color: token.colorTextSecondary, fontSize: compact ? 12 : 14, marginTop: 2 }}>
          {alert.message}
        </div>
        <div style={{ color: token.colorTextTertiary, fontSize: 12, marginTop: 4 }}>
          <time dateTime={alert.timestamp} title={new Date(alert.timestamp).toLocaleString()}>
            {formatRelative(alert.timestamp)}
          </time>
          {alert.dismissedUntil && !resolved && new Date(alert.dismissedUntil) > new Date() && (
            <> · hidden until {new Date(alert.dismissedUntil).toLocaleString()}</>
          )}
        </div>
        {!compact && !resolved && alert.actions.length > 0 && (
          <Flex gap={8} wrap style={{ marginTop: 10 }}>
            {sortedActions(alert).map((a) => (
              <LinkButton
                key={a.type}
                to={ALERT_ACTION_PATH[a.type]}
                size="small"
                type={a.priority === 'primary' ? 'primary' : 'default'}
                danger={a.priority === 'primary' && critical}
              >
                {a.label}
              </LinkButton>
            ))}
          </Flex>
        )}
      </div>
      {onDismiss && alert.dismissible && !resolved && (
        <Tooltip title="Hide for 24 hours">
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined aria-hidden />}
            aria-label={`Dismiss ${alert.title}`}
            loading={dismissing}
            onClick={() => onDismiss(alert.id)}
          />
        </Tooltip>
      )}
    </article>
  );
}
