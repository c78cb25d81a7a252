import type { GlobalToken } from 'antd';
import type { CSSProperties } from 'react';

/** Colours for the header's links and icon buttons, as custom properties read by styles/shell.css. */
export function headerVars(token: GlobalToken, onHero: boolean): CSSProperties {
  return {
    '--stratos-nav-color': onHero ? 'rgba(255,255,255,0.82)' : token.colorTextSecondary,
    '--stratos-nav-hover': onHero ? '#fff' : token.colorText,
    '--stratos-nav-hover-bg': onHero ? 'rgba(255,255,255,0.12)' : token.colorFillTertiary,
    '--stratos-nav-active': onHero ? '#fff' : token.colorPrimaryText,
    '--stratos-nav-active-bg': onHero ? 'rgba(255,255,255,0.18)' : token.colorPrimaryBg,
    '--stratos-focus': onHero ? '#fff' : token.colorPrimary,
  } as CSSProperties;
}
