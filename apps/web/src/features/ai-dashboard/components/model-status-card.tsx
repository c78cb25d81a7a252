import type { AiProviderRecord } from '@stratos/contracts/ai/providers.schema';
import { Badge, Card, theme } from 'antd';
import { formatResponseTime, providerBadge, sortProviders } from '../model/dashboard-view';

const ROW = {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: '4px 12px',
  padding: '10px 0',
} as const;

/** Each provider record as the server reports it now: status, default model, last check's time. */
export function ModelStatusCard({ providers }: { providers: readonly AiProviderRecord[] }) {
  const { token } = theme.useToken();
  return (
    <Card title="Model status">
      {providers.length === 0 ? (
        <p style={{ margin: 0, color: token.colorTextTertiary }}>No providers are configured.</p>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Model status">
          {sortProviders(providers).map((p, i) => {
            const badge = providerBadge(p.status);
            return (
              <li
                key={p.id}
                style={{ ...ROW, borderTop: i === 0 ? undefined : `1px solid ${token.colorBorderSecondary}` }}
              >
                <div style={{ flex: '1 1 160px', minWidth: 0 }}>
                  <div style={{ fontWeight: 600, color: token.colorTextHeading }}>{p.name}</div>
                  <div style={{ fontSize: 12, color: token.colorTextTertiary, wordBreak: 'break-word' }}>
                    {`${p.defaultModel ?? 'No default model'}${p.type === 'local' ? ' · runs locally' : ''}`}
                  </div>
                </div>
                <span
                  style={{ fontSize: 12, color: token.colorTextSecondary, minWidth: 56, textAlign: 'right' }}
                >
                  {formatResponseTime(p.lastResponseTime)}
                </span>
                <Badge status={badge.badge} text={badge.text} style={{ minWidth: 110 }} />
                {p.error && p.status !== 'available' && (
                  <div style={{ flexBasis: '100%', fontSize: 12, color: token.colorTextTertiary }}>
                    {p.error}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
