import { Card, theme } from 'antd';
import type { ReactNode } from 'react';

/** A figure with its label and a hint, for the rows of tiles atop the AI pages. */
export function StatTile({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Card size="small" style={{ height: '100%' }} styles={{ body: { padding: '14px 16px' } }}>
      <div style={{ color: token.colorTextSecondary, fontSize: 13 }}>{label}</div>
      <div style={{ fontSize: 24, fontWeight: 700, color: token.colorTextHeading, lineHeight: 1.3 }}>
        {value}
      </div>
      {hint && <div style={{ color: token.colorTextTertiary, fontSize: 12 }}>{hint}</div>}
    </Card>
  );
}

export const tileGrid = (min: number) =>
  ({
    display: 'grid',
    gap: 'clamp(12px, 2vw, 16px)',
    gridTemplateColumns: `repeat(auto-fit, minmax(min(${min}px, 100%), 1fr))`,
    alignItems: 'stretch',
  }) as const;

/** Recharts tooltip styles that follow the theme. */
export function useChartTooltipStyle() {
  const { token } = theme.useToken();
  return {
    contentStyle: {
      background: token.colorBgElevated,
      border: `1px solid ${token.colorBorderSecondary}`,
      borderRadius: 8,
      boxShadow: token.boxShadowSecondary,
    },
    labelStyle: { color: token.colorTextHeading, fontWeight: 600 },
    itemStyle: { color: token.colorText },
  };
}
