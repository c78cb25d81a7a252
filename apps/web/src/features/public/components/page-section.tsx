import { theme } from 'antd';
import type { ReactNode } from 'react';

interface PageSectionProps {
  /** Id of the section's heading, for its accessible name. */
  labelledBy?: string;
  title?: string;
  lead?: string;
  width?: number;
  /** A tinted band to separate it from its neighbours. */
  tinted?: boolean;
  children: ReactNode;
}

export function PageSection({
  labelledBy,
  title,
  lead,
  width = 1200,
  tinted = false,
  children,
}: PageSectionProps) {
  const { token } = theme.useToken();
  const headingId =
    labelledBy ?? (title ? `s-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}` : undefined);
  return (
    <section
      aria-labelledby={headingId}
      style={{
        background: tinted ? token.colorBgContainer : undefined,
        borderBlock: tinted ? `1px solid ${token.colorSplit}` : undefined,
      }}
    >
      <div style={{ maxWidth: width, margin: '0 auto', padding: 'clamp(40px, 7vw, 80px) 24px' }}>
        {title && (
          <header style={{ textAlign: 'center', maxWidth: 720, margin: '0 auto 40px' }}>
            <h2
              id={headingId}
              style={{
                fontSize: 'clamp(24px, 3.4vw, 34px)',
                letterSpacing: '-0.02em',
                margin: 0,
                color: token.colorTextHeading,
              }}
            >
              {title}
            </h2>
            {lead && (
              <p style={{ color: token.colorTextSecondary, fontSize: 17, margin: '12px 0 0' }}>{lead}</p>
            )}
          </header>
        )}
        {children}
      </div>
    </section>
  );
}
