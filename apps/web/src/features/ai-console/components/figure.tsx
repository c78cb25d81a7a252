import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** One measured figure: a label, the value, and a line saying what it counts. */
export function Figure({ label, value, note }: { label: string; value: ReactNode; note?: ReactNode }) {
  return (
    <Card size="small" styles={{ body: { padding: '12px 16px' } }} role="group" aria-label={label}>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        {label}
      </Typography.Text>
      <div
        data-testid="figure-value"
        style={{ fontSize: 22, fontWeight: 600, lineHeight: 1.3, overflowWrap: 'anywhere' }}
      >
        {value}
      </div>
      {note && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {note}
        </Typography.Text>
      )}
    </Card>
  );
}

/** A responsive grid of cards: as many columns as fit, one at phone width. */
export const grid = (min: number) =>
  ({
    display: 'grid',
    gap: 12,
    gridTemplateColumns: `repeat(auto-fill, minmax(min(${min}px, 100%), 1fr))`,
    alignItems: 'stretch',
  }) as const;
