import { theme } from 'antd';
import type { ReactNode } from 'react';

/** The title and lead of one wizard step (the page's heading); the title takes focus when the step opens. */
export function StepHeading({ title, children }: { title: string; children?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: 24 }}>
      <h1
        tabIndex={-1}
        data-step-heading
        style={{ margin: 0, fontSize: 24, color: token.colorTextHeading, outline: 'none' }}
      >
        {title}
      </h1>
      {children && (
        <p style={{ margin: '6px 0 0', color: token.colorTextSecondary, fontSize: 15 }}>{children}</p>
      )}
    </div>
  );
}

export function QuestionLabel({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <h3 style={{ margin: '0 0 12px', fontSize: 15, fontWeight: 600, color: token.colorTextHeading }}>
      {children}
    </h3>
  );
}
