import { theme } from 'antd';
import type { ReactNode } from 'react';

interface PageHeroProps {
  eyebrow: string;
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
}

/** The opening band of a public page: eyebrow, one h1, a lead paragraph and optional actions. */
export function PageHero({ eyebrow, title, lead, children }: PageHeroProps) {
  const { token } = theme.useToken();
  return (
    <header
      style={{
        position: 'relative',
        overflow: 'hidden',
        textAlign: 'center',
        padding: 'clamp(56px, 9vw, 96px) 24px clamp(40px, 6vw, 72px)',
        background: `radial-gradient(800px 320px at 50% -40px, ${token.colorPrimaryBgHover}, transparent 70%), ${token.colorBgLayout}`,
        borderBottom: `1px solid ${token.colorSplit}`,
      }}
    >
      <div
        style={{
          color: token.colorPrimaryText,
          fontWeight: 600,
          fontSize: 13,
          letterSpacing: 1.2,
          textTransform: 'uppercase',
          marginBottom: 16,
        }}
      >
        {eyebrow}
      </div>
      <h1
        style={{
          margin: '0 auto',
          maxWidth: 820,
          fontSize: 'clamp(32px, 5vw, 52px)',
          lineHeight: 1.1,
          letterSpacing: '-0.025em',
          fontWeight: 800,
          color: token.colorTextHeading,
        }}
      >
        {title}
      </h1>
      {lead && (
        <p
          style={{
            margin: '20px auto 0',
            maxWidth: 680,
            fontSize: 'clamp(16px, 2vw, 19px)',
            lineHeight: 1.6,
            color: token.colorTextSecondary,
          }}
        >
          {lead}
        </p>
      )}
      {children && (
        <div style={{ marginTop: 32, display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
          {children}
        </div>
      )}
    </header>
  );
}
