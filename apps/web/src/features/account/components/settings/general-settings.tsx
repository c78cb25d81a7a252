import {
  AppstoreOutlined,
  BarsOutlined,
  DesktopOutlined,
  MoonOutlined,
  SunOutlined,
  TableOutlined,
} from '@ant-design/icons';
import type { Preferences } from '@stratos/contracts/preferences/preferences.schema';
import { Button, Flex, Segmented, Select } from 'antd';
import { useMemo } from 'react';
import { useThemeMode } from '../../../../lib/theme-mode';
import { SettingRow } from './setting-row';
import { SettingsSection } from './settings-section';
import { useSavePreference } from './use-save-preference';

const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Español' },
  { value: 'fr', label: 'Français' },
  { value: 'de', label: 'Deutsch' },
  { value: 'pt', label: 'Português' },
  { value: 'it', label: 'Italiano' },
  { value: 'nl', label: 'Nederlands' },
  { value: 'ja', label: '日本語' },
];
const PAGE_SIZES = [10, 20, 25, 50, 100, 200];

function timeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...zones.filter((z) => z !== 'UTC')];
}

/** Theme, language, file view, page size and time zone. */
export function GeneralSettings({ prefs }: { prefs: Preferences }) {
  const save = useSavePreference();
  const { setMode } = useThemeMode();
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z.replaceAll('_', ' ') })), []);
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const onTheme = (theme: Preferences['theme']) => {
    setMode(theme);
    void save({ theme, dark_mode: theme === 'dark' });
  };

  return (
    <Flex vertical gap={24}>
      <SettingsSection title="Appearance">
        <SettingRow
          label="Theme"
          labelId="pref-theme"
          description="System follows your device's light or dark setting."
        >
          <Segmented<Preferences['theme']>
            aria-labelledby="pref-theme"
            value={prefs.theme}
            onChange={onTheme}
            options={[
              { value: 'light', label: 'Light', icon: <SunOutlined aria-hidden /> },
              { value: 'dark', label: 'Dark', icon: <MoonOutlined aria-hidden /> },
              { value: 'system', label: 'System', icon: <DesktopOutlined aria-hidden /> },
            ]}
          />
        </SettingRow>
        <SettingRow
          label="Language"
          labelId="pref-language"
          description="Stratos is in English today; your choice is kept for when more languages arrive."
        >
          <Select
            aria-labelledby="pref-language"
            value={prefs.language}
            options={LANGUAGES}
            onChange={(language) => void save({ language })}
            style={{ width: 200 }}
          />
        </SettingRow>
      </SettingsSection>

      <SettingsSection title="Files">
        <SettingRow label="Default file view" labelId="pref-view" description="How My Files opens.">
          <Segmented<Preferences['viewMode']>
            aria-labelledby="pref-view"
            value={prefs.viewMode}
            onChange={(viewMode) => void save({ viewMode })}
            options={[
              { value: 'grid', label: 'Grid', icon: <AppstoreOutlined aria-hidden /> },
              { value: 'list', label: 'List', icon: <BarsOutlined aria-hidden /> },
              { value: 'details', label: 'Details', icon: <TableOutlined aria-hidden /> },
            ]}
          />
        </SettingRow>
        <SettingRow
          label="Items per page"
          labelId="pref-page-size"
          description="Rows shown per page in lists and tables."
        >
          <Select
            aria-labelledby="pref-page-size"
            value={prefs.ui.items_per_page}
            options={PAGE_SIZES.map((n) => ({ value: n, label: `${n} per page` }))}
            onChange={(items_per_page) => void save({ ui: { items_per_page } })}
            style={{ width: 200 }}
          />
        </SettingRow>
      </SettingsSection>

      <SettingsSection title="Region">
        <SettingRow
          label="Time zone"
          labelId="pref-timezone"
          description={
            prefs.ui.timezone !== browserZone ? (
              <>
                This device is set to {browserZone.replaceAll('_', ' ')}.{' '}
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0, height: 'auto' }}
                  onClick={() => void save({ ui: { timezone: browserZone } })}
                >
                  Use it
                </Button>
              </>
            ) : (
              'Kept with your account; times are shown in this device’s time zone.'
            )
          }
        >
          <Select
            aria-labelledby="pref-timezone"
            showSearch
            value={prefs.ui.timezone}
            options={zones}
            onChange={(timezone) => void save({ ui: { timezone } })}
            style={{ width: 260, maxWidth: '100%' }}
          />
        </SettingRow>
      </SettingsSection>
    </Flex>
  );
}
