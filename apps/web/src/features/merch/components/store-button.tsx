import { theme } from 'antd';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useShades } from '../../../lib/palette';
import { buttonVars } from '../../../lib/plain-link-button';

type StoreButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  variant?: 'primary' | 'default';
  size?: 'middle' | 'large';
  icon?: ReactNode;
  block?: boolean;
};

/**
 * A <button> that looks like antd's, drawn with the shell's `.stratos-btn` CSS: the store's first
 * load stays within its budget without antd's Button (about 15 KB gzip).
 */
export function StoreButton({
  variant = 'default',
  size = 'middle',
  icon,
  block = false,
  children,
  style,
  className,
  ...rest
}: StoreButtonProps) {
  const { token } = theme.useToken();
  const shades = useShades();
  return (
    <button
      type="button"
      {...rest}
      className={`stratos-btn stratos-btn-${variant} stratos-btn-${size}${block ? ' stratos-btn-block' : ''} ${className ?? ''}`}
      style={{
        ...buttonVars(token, shades, size),
        cursor: rest.disabled ? 'not-allowed' : 'pointer',
        opacity: rest.disabled ? 0.55 : 1,
        ...style,
      }}
    >
      {icon && <span aria-hidden>{icon}</span>}
      {children !== undefined && <span>{children}</span>}
    </button>
  );
}
