import { Tag, theme } from 'antd';
import type { ReactNode } from 'react';

export interface Integration {
  name: string;
  kind: string;
  text: string;
  status: 'available' | 'planned';
  mark: ReactNode;
}

/** One storage or AI provider with an honest status: available now, or planned. */
export function IntegrationCard({ item }: { item: Integration }) {
  const { token } = theme.useToken();
  return (
    <article
      style={{
        display: 'flex',
        gap: 16,
        padding: 20,
        height: '100%',
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG * 1.5,
        border: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <span
        aria-hidden
        style={{
          flexShrink: 0,
          width: 48,
          height: 48,
          borderRadius: 12,
          display: 'grid',
          placeItems: 'center',
          fontWeight: 700,
          fontSize: 16,
          color: token.colorPrimaryText,
          background: token.colorPrimaryBg,
        }}
      >
        {item.mark}
      </span>
      <div style={{ minWidth: 0 }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
          <h3 style={{ margin: 0, fontSize: 16, color: token.colorTextHeading }}>{item.name}</h3>
          {item.status === 'available' ? <Tag color="success">Available</Tag> : <Tag>Planned</Tag>}
        </div>
        <div style={{ fontSize: 13, color: token.colorTextTertiary, margin: '2px 0 8px' }}>{item.kind}</div>
        <p style={{ margin: 0, color: token.colorTextSecondary, fontSize: 14, lineHeight: 1.6 }}>
          {item.text}
        </p>
      </div>
    </article>
  );
}
