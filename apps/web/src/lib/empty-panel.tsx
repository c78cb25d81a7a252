import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';

interface EmptyPanelProps {
  /** Shown large in a rounded tile above the title. */
  icon: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** The way forward: buttons or links under the text. */
  actions?: ReactNode;
  /** A small line under the actions. */
  note?: ReactNode;
  /**
   * `invite`: a dashed panel in the primary colour, for a place that waits for something to be added
   * (an upload, a drop); `quiet`: a plain panel with a grey icon, for a place that is empty for now.
   */
  tone?: 'invite' | 'quiet';
}

/** The panel a page shows in place of a list that has nothing in it: what is missing and what to do. */
export function EmptyPanel({ icon, title, description, actions, note, tone = 'quiet' }: EmptyPanelProps) {
  const { token } = theme.useToken();
  const invite = tone === 'invite';
  return (
    <div
      style={{
        padding: 'clamp(40px, 8vw, 72px) 24px',
        textAlign: 'center',
        border: invite ? `2px dashed ${token.colorBorder}` : `1px solid ${token.colorBorderSecondary}`,
        borderRadius: 16,
        background: token.colorBgContainer,
      }}
    >
      <div
        aria-hidden
        style={{
          width: 76,
          height: 76,
          margin: '0 auto 18px',
          borderRadius: 22,
          display: 'grid',
          placeItems: 'center',
          fontSize: 34,
          color: invite ? token.colorPrimary : token.colorTextTertiary,
          background: invite ? token.colorPrimaryBg : token.colorFillTertiary,
        }}
      >
        {icon}
      </div>
      <h2 style={{ margin: '0 0 6px', fontSize: 20, color: token.colorTextHeading }}>{title}</h2>
      <p style={{ margin: '0 auto 22px', maxWidth: 440, color: token.colorTextSecondary }}>{description}</p>
      {actions && (
        <Flex gap={12} justify="center" wrap>
          {actions}
        </Flex>
      )}
      {note && <p style={{ margin: '18px 0 0', fontSize: 13, color: token.colorTextTertiary }}>{note}</p>}
    </div>
  );
}
