import { theme } from 'antd';
import type { CSSProperties } from 'react';
import { useMe } from '../../../lib/account/get-me';
import { useSession } from '../../../lib/auth-session';
import { AccountSummary } from '../components/account-summary';
import styles from '../components/dashboard.module.css';
import { DashboardNotice } from '../components/dashboard-notice';
import { QuickLinks } from '../components/quick-links';
import { StorageComingSoon } from '../components/storage-coming-soon';
import { WelcomeHeader } from '../components/welcome-header';

/**
 * /dashboard and /business-dashboard. The storage statistics arrive with file storage; until then
 * the page welcomes the user, shows their real account facts and the ways onward — no made-up figures.
 */
export default function DashboardPage() {
  const { token } = theme.useToken();
  const session = useSession();
  const me = useMe();
  if (session.status !== 'signedIn') return null; // the route guard guarantees a user
  const onFreePlan = (me.data?.subscriptionPlan ?? 'free') === 'free';
  return (
    <div
      style={
        { '--dash-accent': token.colorPrimary, '--dash-border': token.colorBorderSecondary } as CSSProperties
      }
    >
      <DashboardNotice />
      <WelcomeHeader user={session.user} me={me} />
      <div className={styles.columns}>
        <div className={styles.main}>
          <StorageComingSoon onFreePlan={onFreePlan} />
          <QuickLinks />
        </div>
        <AccountSummary me={me} />
      </div>
    </div>
  );
}
