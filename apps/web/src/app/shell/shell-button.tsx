import { theme } from 'antd';
import type { ReactNode } from 'react';
import { useShades } from '../../lib/palette';
import { buttonVars } from '../../lib/plain-link-button';

/** An antd-looking primary button in plain CSS, for the shell's error screens. */
export function ShellButton({
  children,
  icon,
  onClick,
}: {
  children: ReactNode;
  icon?: ReactNode;
  onClick(): void;
}) {
  const { token } = theme.useToken();
  const shades = useShades();
  return (
    <button
      type="button"
      className="stratos-btn stratos-btn-primary stratos-btn-middle"
      style={buttonVars(token, shades)}
      onClick={onClick}
    >
      {icon && <span aria-hidden>{icon}</span>}
      {children}
    </button>
  );
}
