import { theme } from 'antd';
import { describe, expect, it } from 'vitest';
import { BRAND, PALETTE } from '../lib/palette';
import { type ThemeModeName, themeConfig } from './theme';

/** WCAG 2 contrast ratio of two colours; rgba() is laid over `under` first. */
function contrast(fg: string, bg: string, under = bg): number {
  const [r1, g1, b1] = over(parse(fg), parse(under));
  const [r2, g2, b2] = parse(bg);
  const l1 = luminance(r1, g1, b1);
  const l2 = luminance(r2, g2, b2);
  return (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05);
}

function parse(colour: string): [number, number, number, number] {
  const hex = colour.match(/^#([0-9a-f]{6})$/i)?.[1];
  if (hex) return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).concat(1) as never;
  const rgba = colour
    .match(/^rgba?\(([^)]+)\)$/)?.[1]
    ?.split(',')
    .map((v) => Number(v.trim()));
  if (rgba && rgba.length >= 3) return [rgba[0] ?? 0, rgba[1] ?? 0, rgba[2] ?? 0, rgba[3] ?? 1];
  throw new Error(`unreadable colour ${colour}`);
}

function over([r, g, b, a]: number[], [R, G, B]: number[]): [number, number, number] {
  const mix = (x = 0, y = 0) => x * (a ?? 1) + y * (1 - (a ?? 1));
  return [mix(r, R), mix(g, G), mix(b, B)];
}

function luminance(r: number, g: number, b: number): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

const AA = 4.5;

describe.each(['light', 'dark'] as ThemeModeName[])('the %s theme reaches WCAG AA', (mode) => {
  const config = themeConfig(mode);
  const token = theme.getDesignToken(config);
  const p = PALETTE[mode];
  const surfaces = [token.colorBgContainer, token.colorBgLayout, token.colorBgElevated];

  it('keeps the brand blue as the primary colour', () => {
    expect(config.token?.colorPrimary).toBe(BRAND);
  });

  it.each([
    'colorText',
    'colorTextSecondary',
    'colorTextTertiary',
    'colorTextDescription',
    'colorTextPlaceholder',
    'colorLink',
    'colorPrimaryText',
    'colorError',
    'colorErrorText',
    'colorSuccessText',
    'colorWarningText',
  ] as const)('writes %s legibly on every surface', (name) => {
    for (const bg of surfaces)
      expect(contrast(token[name], bg), `${token[name]} on ${bg}`).toBeGreaterThanOrEqual(AA);
  });

  it('writes brand-coloured words legibly on the tinted brand background (active navigation, tags)', () => {
    for (const fg of [token.colorPrimaryText, p.text.base]) {
      expect(contrast(fg, token.colorPrimaryBg), `${fg} on ${token.colorPrimaryBg}`).toBeGreaterThanOrEqual(
        AA,
      );
    }
    expect(contrast(token.colorLink, token.colorInfoBg)).toBeGreaterThanOrEqual(AA);
  });

  it('puts white text only on fills dark enough for it', () => {
    // Solid danger buttons: antd's red in light, the deeper red of styles/global.css in dark.
    const dangerFill = mode === 'light' ? token.colorError : p.errorFill;
    for (const fill of [p.fill.base, p.fill.hover, p.fill.active, dangerFill]) {
      expect(contrast('#ffffff', fill), `white on ${fill}`).toBeGreaterThanOrEqual(AA);
    }
    const button = config.components?.Button;
    expect(button?.colorPrimary).toBe(p.fill.base);
  });

  it('writes status tags and status text in shades that pass on their own backgrounds', () => {
    const pairs: [string, string][] = [
      [p.success, token.colorSuccessBg],
      [p.warning, token.colorWarningBg],
      [p.info, token.colorInfoBg],
      [p.error.base, token.colorErrorBg],
    ];
    for (const [fg, bg] of pairs) expect(contrast(fg, bg), `${fg} on ${bg}`).toBeGreaterThanOrEqual(AA);
  });
});

describe('contrast()', () => {
  it('matches the WCAG figures it is checked against', () => {
    expect(contrast('#ffffff', '#1890ff')).toBeCloseTo(3.24, 2);
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('rgba(0, 0, 0, 0.45)', '#ffffff')).toBeCloseTo(3.36, 1);
  });
});
