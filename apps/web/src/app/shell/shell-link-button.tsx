import { type GlobalToken, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { type Shades, useShades } from '../../lib/palette';

interface ShellLinkButtonProps {
  to: string;
  children: ReactNode;
  variant?: 'primary' | 'default' | 'text' | 'ghost';
  size?: 'middle' | 'large';
  icon?: ReactNode;
}

/**
 * A link that looks like an antd button, for the shell and its status pages. Plain CSS (styles/
 * shell.css) so the first load does not carry the Button component.
 */
export function ShellLinkButton({
  to,
  children,
  variant = 'default',
  size = 'middle',
  icon,
}: ShellLinkButtonProps) {
  const { token } = theme.useToken();
  const shades = useShades();
  return (
    <Link
      to={to}
      className={`stratos-btn stratos-btn-${variant} stratos-btn-${size}`}
      style={buttonVars(token, shades, size)}
    >
      {icon && <span aria-hidden>{icon}</span>}
      {children}
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
  } as CSSProperties;
}
