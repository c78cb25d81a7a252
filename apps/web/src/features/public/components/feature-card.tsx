import { theme } from 'antd';
import type { ReactNode } from 'react';

export interface FeatureCardProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  /** A small label in the corner, e.g. "Planned". */
  badge?: ReactNode;
}

export function FeatureCard({ icon, title, children, badge }: FeatureCardProps) {
  const { token } = theme.useToken();
  return (
    <article
      style={{
        position: 'relative',
        height: '100%',
        padding: 28,
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG * 1.5,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      {badge && <div style={{ position: 'absolute', top: 20, insetInlineEnd: 20 }}>{badge}</div>}
      <span
        aria-hidden
        style={{
          display: 'inline-grid',
          placeItems: 'center',
          width: 44,
          height: 44,
          borderRadius: 12,
          fontSize: 20,
          color: token.colorPrimary,
          background: token.colorPrimaryBg,
          marginBottom: 18,
        }}
      >
        {icon}
      </span>
      <h3 style={{ fontSize: 17, margin: '0 0 8px', color: token.colorTextHeading }}>{title}</h3>
      <div style={{ color: token.colorTextSecondary, fontSize: 15, lineHeight: 1.65 }}>{children}</div>
    </article>
  );
}
