import { Card, Grid, Skeleton, theme } from 'antd';
import type { ReactNode } from 'react';

interface StatTileProps {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  loading?: boolean;
  tone?: 'normal' | 'warning' | 'critical';
}

/** One figure of the billing summary row. */
export function StatTile({ icon, label, value, hint, loading, tone = 'normal' }: StatTileProps) {
  const { token } = theme.useToken();
  const phone = Grid.useBreakpoint().md === false;
  const color =
    tone === 'critical' ? token.colorError : tone === 'warning' ? token.colorWarning : token.colorPrimary;
  const bg =
    tone === 'critical'
      ? token.colorErrorBg
      : tone === 'warning'
        ? token.colorWarningBg
        : token.colorPrimaryBg;
  return (
    <Card
      role="region"
      aria-label={label}
      style={{ height: '100%' }}
      styles={{ body: { display: 'flex', gap: 14, alignItems: 'center', padding: phone ? '12px 16px' : 20 } }}
    >
      <span
        aria-hidden
        style={{
          display: phone ? 'none' : 'grid',
          width: 44,
          height: 44,
          flexShrink: 0,
          borderRadius: 12,
          placeItems: 'center',
          fontSize: 20,
          color,
          background: bg,
        }}
      >
        {icon}
      </span>
      <div style={{ minWidth: 0, flex: 1 }}>
        <div style={{ color: token.colorTextSecondary, fontSize: 13 }}>{label}</div>
        {loading ? (
          <Skeleton.Input active size="small" style={{ marginTop: 6 }} />
        ) : (
          <>
            <div
              style={{
                fontSize: phone ? 18 : 22,
                fontWeight: 700,
                color: tone === 'normal' ? token.colorTextHeading : color,
                lineHeight: 1.3,
                overflowWrap: 'anywhere',
              }}
            >
              {value}
            </div>
            {hint && <div style={{ color: token.colorTextTertiary, fontSize: 12 }}>{hint}</div>}
          </>
        )}
      </div>
    </Card>
  );
}
