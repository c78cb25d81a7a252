import type { Preferences } from '@stratos/contracts/preferences/preferences.schema';
import { Switch } from 'antd';
import { SettingRow } from './setting-row';
import { SettingsSection } from './settings-section';
import { useSavePreference } from './use-save-preference';

type NotificationKey = keyof Preferences['notification_settings'];

/** The seven notification switches of part 1 section 3, in plain words. */
export const NOTIFICATION_LABELS: Record<NotificationKey, { label: string; description: string }> = {
  email: { label: 'Email notifications', description: 'Receive updates about your account by email.' },
  push: { label: 'Push notifications', description: 'Get notified in your browser while Stratos is open.' },
  security_alerts: {
    label: 'Security alerts',
    description: 'Sign-ins, password changes and other security events.',
  },
  cost_alerts: { label: 'Cost alerts', description: 'Low credit balance and unusual storage costs.' },
  file_uploads: { label: 'File uploads', description: 'When uploads to your storage finish.' },
  ai_analysis: { label: 'AI analysis', description: 'When the assistant finishes analysing your files.' },
  weekly_reports: { label: 'Weekly reports', description: 'A summary of storage and AI usage every week.' },
};

/** Nothing reads these yet: said beside the switches and on the notifications page. */
export const NOTIFICATIONS_NOT_IN_USE =
  'Stratos keeps these choices with your account for when it sends notifications by email or to your browser. Today it sends neither: alerts and billing notices appear in the app, on the Notifications page.';

export function NotificationSettings({ prefs }: { prefs: Preferences }) {
  const save = useSavePreference();
  const keys = Object.keys(NOTIFICATION_LABELS) as NotificationKey[];
  return (
    <SettingsSection title="Notifications" notInUse={NOTIFICATIONS_NOT_IN_USE}>
      {keys.map((key) => (
        <SettingRow
          key={key}
          label={NOTIFICATION_LABELS[key].label}
          labelId={`pref-notify-${key}`}
          description={NOTIFICATION_LABELS[key].description}
        >
          <Switch
            aria-labelledby={`pref-notify-${key}`}
            checked={prefs.notification_settings[key]}
            onChange={(on) => void save({ notification_settings: { [key]: on } })}
          />
        </SettingRow>
      ))}
    </SettingsSection>
  );
}
