import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import styles from './prose.module.css';

/** Long-form text (legal pages, security notes) with comfortable typography in both themes. */
export function Prose({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  const vars = {
    '--prose-text': token.colorText,
    '--prose-heading': token.colorTextHeading,
  } as CSSProperties;
  return (
    <div className={styles.prose} style={vars}>
      {children}
    </div>
  );
}
