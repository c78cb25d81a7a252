import type { Preferences } from '@stratos/contracts/preferences/preferences.schema';
import { Select, Switch } from 'antd';
import { SettingRow } from './setting-row';
import { SettingsSection } from './settings-section';
import { useSavePreference } from './use-save-preference';

type PrivacySwitch = Exclude<keyof Preferences['privacy_settings'], 'data_retention'>;

const SWITCHES: Record<PrivacySwitch, { label: string; description: string }> = {
  data_collection: {
    label: 'Usage data',
    description: 'Let Stratos keep usage data that powers your dashboard and insights.',
  },
  analytics_tracking: {
    label: 'Product analytics',
    description: 'Share anonymous usage statistics that help us improve Stratos.',
  },
  third_party_sharing: {
    label: 'Third-party sharing',
    description: 'Allow sharing of non-personal data with integration partners.',
  },
  marketing_communications: {
    label: 'Marketing emails',
    description: 'News about features, offers and events.',
  },
};

const RETENTION: { value: Preferences['privacy_settings']['data_retention']; label: string }[] = [
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
  { value: '1y', label: '1 year' },
  { value: 'forever', label: 'Until I delete it' },
];

export function PrivacySettings({ prefs }: { prefs: Preferences }) {
  const save = useSavePreference();
  const keys = Object.keys(SWITCHES) as PrivacySwitch[];
  return (
    <SettingsSection
      title="Privacy"
      notInUse="Stratos keeps these choices with your account, but none of them changes anything yet: it shares no data with partners, runs no product analytics, sends no marketing email, and does not yet delete activity history by age."
    >
      {keys.map((key) => (
        <SettingRow
          key={key}
          label={SWITCHES[key].label}
          labelId={`pref-privacy-${key}`}
          description={SWITCHES[key].description}
        >
          <Switch
            aria-labelledby={`pref-privacy-${key}`}
            checked={prefs.privacy_settings[key]}
            onChange={(on) => void save({ privacy_settings: { [key]: on } })}
          />
        </SettingRow>
      ))}
      <SettingRow
        label="Activity history retention"
        labelId="pref-retention"
        description="How long your activity history is kept."
      >
        <Select
          aria-labelledby="pref-retention"
          value={prefs.privacy_settings.data_retention}
          options={RETENTION}
          onChange={(data_retention) => void save({ privacy_settings: { data_retention } })}
          style={{ width: 200 }}
        />
      </SettingRow>
    </SettingsSection>
  );
}
