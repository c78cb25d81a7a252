import { useIsDark } from './use-is-dark';

/** The brand blue: fills without text on them (switches, progress, icons, borders, focus rings). */
export const BRAND = '#1890ff';

/**
 * The shades text is drawn in, chosen to reach WCAG AA (4.5:1) on every surface of the theme: the
 * page, cards, the elevated surfaces and the tinted brand background. `fill` is the brand fill
 * that carries white text (primary buttons), `text` the brand colour of links and labels.
 * palette.test.ts checks each pair; app/theme.ts hands them to antd.
 */
export const PALETTE = {
  light: {
    surfaces: ['#ffffff', '#f5f5f5', '#fafafa', '#e6f4ff'],
    fill: { base: '#096dd9', hover: '#0958d9', active: '#0050b3' },
    text: { base: '#0958d9', hover: '#0050b3', active: '#003a8c' },
    textTertiary: 'rgba(0, 0, 0, 0.6)',
    placeholder: 'rgba(0, 0, 0, 0.56)',
    error: { base: '#cf1322', hover: '#a8071a', active: '#820014' },
    errorFill: '#cf1322',
    success: '#237804',
    warning: '#ad4e00',
    info: '#0958d9',
  },
  dark: {
    surfaces: ['#000000', '#141414', '#1f1f1f', '#111a2c'],
    fill: { base: '#1668dc', hover: '#1f6fd0', active: '#1554ad' },
    text: { base: '#4ea8ff', hover: '#69b1ff', active: '#3c9ae8' },
    textTertiary: 'rgba(255, 255, 255, 0.58)',
    placeholder: 'rgba(255, 255, 255, 0.5)',
    error: { base: '#ff7875', hover: '#ff9c99', active: '#e86e6b' },
    errorFill: '#c62828',
    success: '#6abe39',
    warning: '#e8b339',
    info: '#4ea8ff',
  },
} as const;

export type Shades = (typeof PALETTE)[keyof typeof PALETTE];

/** The shades of the theme on screen, for colours antd's tokens do not carry (the text-bearing brand fill). */
export function useShades(): Shades {
  return PALETTE[useIsDark() ? 'dark' : 'light'];
}
