import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * Sign-in, sign-up, verification and reset pages: no header or footer. The pages draw their own
 * centred frame (with its own landmark), so the shell only supplies the background.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <div style={{ minHeight: '100dvh', background: token.colorBgLayout }}>{children}</div>;
}
