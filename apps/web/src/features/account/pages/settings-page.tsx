import {
  ApiOutlined,
  BellOutlined,
  CreditCardOutlined,
  CrownOutlined,
  LockOutlined,
  RobotOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Card, Grid, Skeleton, Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../lib/page-header';
import { usePreferences } from '../../../lib/preferences/api/get-preferences';
import { BillingSettings } from '../components/billing/billing-settings';
import { SubscriptionSettings } from '../components/billing/subscription-settings';
import { LoadError } from '../components/load-error';
import { AiProvidersSettings } from '../components/settings/ai-providers-settings';
import { AiSettings } from '../components/settings/ai-settings';
import { GeneralSettings } from '../components/settings/general-settings';
import { NotificationSettings } from '../components/settings/notification-settings';
import { PrivacySettings } from '../components/settings/privacy-settings';
import { ResetPreferencesButton } from '../components/settings/reset-preferences-button';
import { type SettingsTab, settingsTabFrom } from '../components/settings/settings-tabs';

const label = (icon: ReactNode, text: string) => (
  <span>
    {icon} {text}
  </span>
);

/** /settings?tab=general|notifications|privacy|ai|ai-providers|subscription|billing */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = settingsTabFrom(params.get('tab'));
  const prefs = usePreferences();
  const screens = Grid.useBreakpoint();
  const wide = screens.lg ?? false;
  const isPreferenceTab = tab !== 'subscription' && tab !== 'billing' && tab !== 'ai-providers';

  const body = (render: (p: NonNullable<typeof prefs.data>) => ReactNode) => {
    if (prefs.data) return render(prefs.data);
    if (prefs.isError) {
      return (
        <Card>
          <LoadError
            title="We couldn't load your settings"
            error={prefs.error}
            onRetry={() => void prefs.refetch()}
          />
        </Card>
      );
    }
    return (
      <Card role="status" aria-busy="true" aria-label="Loading your settings">
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  };

  const onTab = (key: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (key === 'general') next.delete('tab');
        else next.set('tab', key);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Settings"
        description="Make Stratos work the way you do."
        extra={isPreferenceTab && prefs.data ? <ResetPreferencesButton /> : null}
      />
      <Tabs
        activeKey={tab}
        onChange={onTab}
        tabPlacement={wide ? 'start' : 'top'}
        destroyOnHidden
        items={
          [
            {
              key: 'general',
              label: label(<SettingOutlined aria-hidden />, 'General'),
              children: body((p) => <GeneralSettings prefs={p} />),
            },
            {
              key: 'notifications',
              label: label(<BellOutlined aria-hidden />, 'Notifications'),
              children: body((p) => <NotificationSettings prefs={p} />),
            },
            {
              key: 'privacy',
              label: label(<LockOutlined aria-hidden />, 'Privacy'),
              children: body((p) => <PrivacySettings prefs={p} />),
            },
            {
              key: 'ai',
              label: label(<RobotOutlined aria-hidden />, 'AI'),
              children: body((p) => <AiSettings prefs={p} />),
            },
            {
              key: 'ai-providers',
              label: label(<ApiOutlined aria-hidden />, 'AI providers'),
              children: <AiProvidersSettings />,
            },
            {
              key: 'subscription',
              label: label(<CrownOutlined aria-hidden />, 'Subscription'),
              children: <SubscriptionSettings />,
            },
            {
              key: 'billing',
              label: label(<CreditCardOutlined aria-hidden />, 'Billing'),
              children: <BillingSettings />,
            },
          ] satisfies { key: SettingsTab; label: ReactNode; children: ReactNode }[]
        }
      />
    </>
  );
}
