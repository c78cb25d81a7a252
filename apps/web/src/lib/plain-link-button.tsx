import { type GlobalToken, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { type Shades, useShades } from './palette';

interface PlainLinkButtonProps {
  to: string;
  children: ReactNode;
  variant?: 'primary' | 'default' | 'text' | 'ghost';
  size?: 'middle' | 'large';
  icon?: ReactNode;
  /** Where the icon goes: before the label (default) or after it. */
  iconPlacement?: 'start' | 'end';
  /** As wide as its container. */
  block?: boolean;
  'aria-label'?: string;
}

/**
 * A link that looks like an antd button, for the shell, its status pages and the home page. Plain
 * CSS (styles/shell.css) so the first load does not carry antd's Button (about 15 KB gzip).
 */
export function PlainLinkButton({
  to,
  children,
  variant = 'default',
  size = 'middle',
  icon,
  iconPlacement = 'start',
  block = false,
  'aria-label': ariaLabel,
}: PlainLinkButtonProps) {
  const { token } = theme.useToken();
  const shades = useShades();
  const iconNode = icon && <span aria-hidden>{icon}</span>;
  return (
    <Link
      to={to}
      aria-label={ariaLabel}
      className={`stratos-btn stratos-btn-${variant} stratos-btn-${size}${block ? ' stratos-btn-block' : ''}`}
      style={buttonVars(token, shades, size)}
    >
      {iconPlacement === 'start' && iconNode}
      <span>{children}</span>
      {iconPlacement === 'end' && iconNode}
    </Link>
  );
}

/** The colours styles/shell.css reads for `.stratos-btn`. */
export function buttonVars(
  token: GlobalToken,
  shades: Shades,
  size: 'middle' | 'large' = 'middle',
): CSSProperties {
  return {
    // The fill that carries white text: the brand blue itself would give 3.2:1.
    '--btn-primary': shades.fill.base,
    '--btn-primary-hover': shades.fill.hover,
    '--btn-primary-active': shades.fill.active,
    '--btn-text': token.colorText,
    '--btn-border': token.colorBorder,
    '--btn-bg': token.colorBgContainer,
    '--btn-hover-bg': token.colorFillTertiary,
    '--btn-radius': `${size === 'large' ? token.borderRadiusLG : token.borderRadius}px`,
    // antd's primaryShadow (its colour differs between light and dark).
    '--btn-shadow': `0 ${token.controlOutlineWidth}px 0 ${token.controlOutline}`,
  } as CSSProperties;
}
