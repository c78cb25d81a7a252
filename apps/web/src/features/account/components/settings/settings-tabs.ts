export const SETTINGS_TABS = [
  'general',
  'notifications',
  'privacy',
  'ai',
  'ai-providers',
  'subscription',
  'billing',
] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The `tab` query parameter, or general when it is missing or unknown. */
export function settingsTabFrom(value: string | null): SettingsTab {
  return (SETTINGS_TABS as readonly string[]).includes(value ?? '') ? (value as SettingsTab) : 'general';
}
