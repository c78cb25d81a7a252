import { theme } from 'antd';
import type { ReactNode } from 'react';
import { buttonVars } from './shell-link-button';

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
  return (
    <button
      type="button"
      className="stratos-btn stratos-btn-primary stratos-btn-middle"
      style={buttonVars(token)}
      onClick={onClick}
    >
      {icon && <span aria-hidden>{icon}</span>}
      {children}
    </button>
  );
}
