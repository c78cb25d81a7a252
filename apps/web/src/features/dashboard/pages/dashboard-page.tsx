import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Skeleton, theme } from 'antd';
import { type CSSProperties, useCallback } from 'react';
import { useMe } from '../../../lib/account/get-me';
import { AlertWidget } from '../../../lib/alerts/alert-widget';
import { errorMessage } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth-session';
import { dashboardKey, useDashboard } from '../api/get-dashboard';
import { AccountSummary } from '../components/account-summary';
import { AiSummary } from '../components/ai-summary';
import styles from '../components/dashboard.module.css';
import { cardSurface } from '../components/dashboard-card';
import { DashboardNotice } from '../components/dashboard-notice';
import { QuickLinks } from '../components/quick-links';
import { RecentActivity } from '../components/recent-activity';
import { StatCards } from '../components/stat-cards';
import { StorageUsage } from '../components/storage-usage';
import { WelcomeHeader } from '../components/welcome-header';
import { useReloadOnEvents } from '../hooks/use-reload-on-events';

function CardSkeleton({ rows = 3 }: { rows?: number }) {
  const { token } = theme.useToken();
  return (
    <div style={{ ...cardSurface(token), padding: 20 }}>
      <Skeleton active title={false} paragraph={{ rows }} />
    </div>
  );
}

/**
 * /dashboard and /business-dashboard: the four stat cards, storage against the quota, recent
 * activity from one GET /api/dashboard, the AI summary from GET /api/ai/dashboard, refreshed every 30 s and whenever files
 * change (the fileUploaded and cacheInvalidated events).
 */
export default function DashboardPage() {
  const { token } = theme.useToken();
  const session = useSession();
  const me = useMe();
  const dashboard = useDashboard();
  const queryClient = useQueryClient();
  // The dashboard key is the root of the AI summary's too: one reload refreshes both.
  const reload = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: dashboardKey }),
    [queryClient],
  );
  useReloadOnEvents(reload);
  if (session.status !== 'signedIn') return null; // the route guard guarantees a user

  const data = dashboard.data;
  const failed = dashboard.isError && !data;
  return (
    <div
      style={
        { '--dash-accent': token.colorPrimary, '--dash-border': token.colorBorderSecondary } as CSSProperties
      }
    >
      <DashboardNotice />
      <WelcomeHeader user={session.user} me={me} />
      <AlertWidget hideWhenEmpty style={{ marginBottom: 24 }} />
      {dashboard.isError && (
        <Alert
          type="error"
          showIcon
          title={`Failed to load dashboard data: ${errorMessage(dashboard.error)}`}
          action={
            <Button onClick={reload} loading={dashboard.isFetching}>
              Retry
            </Button>
          }
          style={{ marginBottom: 24 }}
        />
      )}
      {!failed && (
        <div className={styles.main} style={{ marginBottom: 24 }}>
          {data ? (
            <StatCards stats={data.stats} />
          ) : (
            <div
              aria-busy="true"
              style={{
                display: 'grid',
                gap: 16,
                gridTemplateColumns: 'repeat(auto-fit, minmax(min(150px, 45%), 1fr))',
              }}
            >
              {[0, 1, 2, 3].map((i) => (
                <CardSkeleton key={i} rows={2} />
              ))}
            </div>
          )}
        </div>
      )}
      <div className={styles.columns}>
        <div className={styles.main}>
          {data ? <RecentActivity files={data.recentFiles} /> : failed ? null : <CardSkeleton rows={6} />}
          <AiSummary />
          <QuickLinks />
        </div>
        <div className={styles.main}>
          {data ? <StorageUsage stats={data.stats} /> : failed ? null : <CardSkeleton rows={4} />}
          <AccountSummary me={me} />
        </div>
      </div>
    </div>
  );
}
