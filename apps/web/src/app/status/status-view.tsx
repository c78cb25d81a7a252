import { theme } from 'antd';
import type { ReactNode } from 'react';

interface StatusViewProps {
  /** Large figure or icon above the title. */
  visual: ReactNode;
  title: string;
  description: ReactNode;
  actions?: ReactNode;
  role?: 'alert';
}

/** The shared look of full-page states: 404, 403, crash. */
export function StatusView({ visual, title, description, actions, role }: StatusViewProps) {
  const { token } = theme.useToken();
  return (
    <section
      role={role}
      style={{
        minHeight: '60vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '48px 24px',
        textAlign: 'center',
      }}
    >
      <div style={{ color: token.colorPrimary, marginBottom: 12 }} aria-hidden>
        {visual}
      </div>
      <h1 style={{ fontSize: 32, fontWeight: 700, margin: '0 0 8px', color: token.colorTextHeading }}>
        {title}
      </h1>
      <p style={{ maxWidth: 480, fontSize: 16, margin: '0 0 24px', color: token.colorTextSecondary }}>
        {description}
      </p>
      {actions && (
        <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', justifyContent: 'center' }}>{actions}</div>
      )}
    </section>
  );
}
