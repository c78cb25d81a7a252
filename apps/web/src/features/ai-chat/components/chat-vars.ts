import type { GlobalToken } from 'antd';
import type { CSSProperties } from 'react';
import type { Shades } from '../../../lib/palette';

/** The antd tokens chat.module.css reads, as custom properties (so light and dark both work). */
export function chatVars(token: GlobalToken, shades: Shades): CSSProperties {
  return {
    '--chat-surface': token.colorBgContainer,
    '--chat-canvas': token.colorBgLayout,
    '--chat-border': token.colorBorderSecondary,
    '--chat-border-strong': token.colorBorder,
    '--chat-fill': token.colorFillTertiary,
    '--chat-primary': token.colorPrimary,
    '--chat-primary-text': token.colorPrimaryText,
    // Behind white text (the person's own messages).
    '--chat-primary-fill': shades.fill.base,
    '--chat-primary-bg': token.colorPrimaryBg,
    '--chat-text': token.colorText,
    '--chat-text-secondary': token.colorTextSecondary,
    '--chat-text-tertiary': token.colorTextTertiary,
  } as CSSProperties;
}
