import { type ThemeConfig, theme } from 'antd';
import { BRAND, PALETTE } from '../lib/palette';

export type ThemeModeName = 'light' | 'dark';

/** The antd theme of one mode: brand fills stay #1890ff, every text colour reaches AA. */
export function themeConfig(mode: ThemeModeName): ThemeConfig {
  const p = PALETTE[mode];
  return {
    algorithm: mode === 'dark' ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: BRAND,
      borderRadius: 8,
      zIndexPopupBase: 1000,
      colorLink: p.text.base,
      colorLinkHover: p.text.hover,
      colorLinkActive: p.text.active,
      colorPrimaryText: p.text.base,
      colorPrimaryTextHover: p.text.hover,
      colorPrimaryTextActive: p.text.active,
      colorInfo: p.info,
      colorTextTertiary: p.textTertiary,
      colorTextDescription: p.textTertiary,
      colorTextPlaceholder: p.placeholder,
      colorError: p.error.base,
      colorErrorHover: p.error.hover,
      colorErrorActive: p.error.active,
      colorErrorText: p.error.base,
      colorSuccessText: p.success,
      colorWarningText: p.warning,
    },
    components: {
      Button: {
        colorPrimary: p.fill.base,
        colorPrimaryHover: p.fill.hover,
        colorPrimaryActive: p.fill.active,
        defaultHoverColor: p.text.base,
        defaultHoverBorderColor: p.text.base,
        defaultActiveColor: p.text.active,
        defaultActiveBorderColor: p.text.active,
        // Ghost buttons always sit on the brand gradient, so they stay white in both themes.
        defaultGhostColor: '#fff',
        defaultGhostBorderColor: 'rgba(255,255,255,0.75)',
      },
      // Components that write words in the brand colour use the text shade.
      Tabs: { itemSelectedColor: p.text.base, itemHoverColor: p.text.hover, itemActiveColor: p.text.active },
      Menu: { itemSelectedColor: p.text.base, horizontalItemSelectedColor: p.text.base },
      Pagination: { itemActiveColor: p.text.base, itemActiveColorHover: p.text.hover },
      Radio: {
        colorPrimary: p.text.base,
        colorPrimaryHover: p.text.hover,
        colorPrimaryActive: p.text.active,
        buttonSolidCheckedBg: p.fill.base,
        buttonSolidCheckedHoverBg: p.fill.hover,
        buttonSolidCheckedActiveBg: p.fill.active,
      },
      // Status tags and typed text draw their words in the status colour itself.
      Tag: {
        colorSuccess: p.success,
        colorWarning: p.warning,
        colorInfo: p.info,
        colorError: p.error.base,
        ...(mode === 'dark' ? darkPresetTagText() : {}),
      },
      Typography: { colorSuccess: p.success, colorWarning: p.warning },
    },
  };
}

const PRESET_COLORS = [
  'blue',
  'purple',
  'cyan',
  'green',
  'magenta',
  'pink',
  'red',
  'orange',
  'yellow',
  'volcano',
  'geekblue',
  'lime',
  'gold',
] as const;

/**
 * A coloured tag writes in its colour's shade 7 on shade 1. Under the dark algorithm that gives
 * about 3.5:1 (purple, geekblue), so dark tags write in shade 8, one step lighter.
 */
function darkPresetTagText(): Record<string, string> {
  const dark = theme.getDesignToken({ algorithm: theme.darkAlgorithm, token: { colorPrimary: BRAND } });
  const shades = dark as unknown as Record<string, string>;
  return Object.fromEntries(PRESET_COLORS.map((c) => [`${c}7`, shades[`${c}8`] ?? '']));
}
