import { type GlobalToken, theme } from 'antd';
import { type CSSProperties, type ReactNode, useId } from 'react';

/** The dashboard's card surface: rounded, hairline border, container background. */
export function cardSurface(token: GlobalToken): CSSProperties {
  return {
    borderRadius: token.borderRadiusLG * 1.5,
    border: `1px solid ${token.colorBorderSecondary}`,
    background: token.colorBgContainer,
  };
}

/** Room inside a card: 24 px, down to 16 px on a phone. */
export const CARD_PADDING = 'clamp(16px, 4vw, 24px)';

interface DashboardCardProps {
  title: string;
  /** Beside the title, on the right (a tag, a link). */
  extra?: ReactNode;
  /** In place of the plain container background. */
  background?: string;
  /** The body reaches the card's edges (a table); only the title row is padded. */
  flush?: boolean;
  children: ReactNode;
}

/** A titled dashboard card: a region named by its heading. */
export function DashboardCard({ title, extra, background, flush = false, children }: DashboardCardProps) {
  const { token } = theme.useToken();
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      style={{
        ...cardSurface(token),
        ...(background ? { background } : null),
        ...(flush ? { overflow: 'hidden' } : { padding: CARD_PADDING }),
      }}
    >
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 10,
          ...(flush ? { padding: `18px ${CARD_PADDING} 12px` } : { marginBottom: 12 }),
        }}
      >
        <h2 id={titleId} style={{ flex: 1, fontSize: 16, margin: 0, color: token.colorTextHeading }}>
          {title}
        </h2>
        {extra}
      </div>
      {children}
    </section>
  );
}
