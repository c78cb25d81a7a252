import { BellOutlined, ReloadOutlined, RightOutlined, WalletOutlined } from '@ant-design/icons';
import { ALERT_THRESHOLDS } from '@stratos/contracts/billing/alerts.schema';
import { QueryClientProvider } from '@tanstack/react-query';
import { Badge, Button, Flex, Popover, Skeleton, theme } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { useCreditAccount } from '../../features/billing/api/get-credit-account';
import { useMe } from '../../lib/account/get-me';
import { AlertCard } from '../../lib/alerts/alert-card';
import { useAlerts } from '../../lib/alerts/list-alerts';
import type { SessionUser } from '../../lib/auth-session';
import { formatCredits } from '../../lib/billing/format-money';
import { queryClient } from '../query-client';

/** The bell: a count of active alerts and a dropdown of the three most severe (polls every 5 min). */
function AlertsDropdown({ notificationsLink }: { notificationsLink: boolean }) {
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const alerts = useAlerts('dropdown');
  const list = alerts.data?.alerts ?? [];
  const critical = alerts.data?.urgency === 'critical';

  let body: ReactNode;
  if (alerts.isPending) body = <Skeleton active title={false} paragraph={{ rows: 3 }} />;
  else if (alerts.isError)
    body = (
      <Flex vertical gap={8} align="flex-start" style={{ color: token.colorTextSecondary }}>
        We couldn't check your alerts.
        <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={() => void alerts.refetch()}>
          Retry
        </Button>
      </Flex>
    );
  else if (list.length === 0)
    body = (
      <p style={{ margin: '8px 0', color: token.colorTextSecondary }}>
        No alerts. Your storage and credits look healthy.
      </p>
    );
  else
    body = (
      <Flex vertical gap={8}>
        {list.slice(0, ALERT_THRESHOLDS.dropdownCount).map((a) => (
          <Link key={a.id} to="/alerts" onClick={() => setOpen(false)} style={{ color: 'inherit' }}>
            <AlertCard alert={a} compact />
          </Link>
        ))}
      </Flex>
    );

  const content = (
    <div style={{ width: 'min(340px, calc(100vw - 96px))' }} role="dialog" aria-label="Alerts">
      <Flex justify="space-between" align="center" style={{ marginBottom: 10 }}>
        <strong style={{ color: token.colorTextHeading }}>Alerts</strong>
        <Link to="/alerts" onClick={() => setOpen(false)}>
          View all <RightOutlined aria-hidden style={{ fontSize: 10 }} />
        </Link>
      </Flex>
      {body}
      {notificationsLink && (
        <Link
          to="/notifications"
          onClick={() => setOpen(false)}
          style={{
            display: 'block',
            marginTop: 12,
            paddingTop: 10,
            borderTop: `1px solid ${token.colorBorderSecondary}`,
            textAlign: 'center',
          }}
        >
          All notifications
        </Link>
      )}
    </div>
  );

  const label = list.length ? `Alerts, ${list.length} active` : 'Alerts';
  return (
    <Popover
      content={content}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      arrow={false}
    >
      <button
        type="button"
        className="stratos-icon-button"
        aria-label={label}
        title="Alerts"
        aria-expanded={open}
      >
        <Badge
          count={list.length}
          size="small"
          offset={[2, -2]}
          color={critical ? token.colorError : token.colorWarning}
        >
          <BellOutlined
            aria-hidden
            style={{ fontSize: 18, color: 'var(--stratos-nav-color, currentColor)' }}
          />
        </Badge>
      </button>
    </Popover>
  );
}

/** A prepaid account's credit balance, linking to /billing; amber below 5, red below 1. */
function CreditBalance({ user }: { user: SessionUser }) {
  const { token } = theme.useToken();
  const me = useMe();
  const prepaid = me.data?.subscriptionPlan === 'prepaid';
  const credits = useCreditAccount(user.id, prepaid);
  if (!prepaid || !credits.data || credits.data.unlimited) return null;
  const balance = credits.data.balance;
  const color =
    balance < ALERT_THRESHOLDS.balanceCriticalBelow
      ? token.colorError
      : balance < ALERT_THRESHOLDS.balanceWarningBelow
        ? token.colorWarning
        : 'var(--stratos-nav-color, currentColor)';
  return (
    <Link
      to="/billing"
      className="stratos-nav-link"
      aria-label={`Credit balance: ${formatCredits(balance)} credits`}
      title="Credit balance"
      style={{ gap: 6, color, fontVariantNumeric: 'tabular-nums' }}
    >
      <WalletOutlined aria-hidden />
      {formatCredits(balance)}
    </Link>
  );
}

/**
 * The header's billing parts for signed-in people: the credit balance (prepaid accounts) and the
 * alerts bell. Loaded lazily, with its own handle on the shared query cache, so the home page's
 * first load does not carry them.
 */
export function HeaderBilling({
  user,
  showCredits = true,
  notificationsLink = false,
}: {
  user: SessionUser;
  showCredits?: boolean;
  notificationsLink?: boolean;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      {showCredits && <CreditBalance user={user} />}
      <AlertsDropdown notificationsLink={notificationsLink} />
    </QueryClientProvider>
  );
}
