import type { PerformanceReport } from '@stratos/contracts/ai/analytics.schema';
import { Card, theme } from 'antd';
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatMs } from '../../../lib/ai/ai-range';
import { useChartTooltipStyle } from '../../../lib/ai/stat-tile';

/** p50, p90 and p99 of answered calls per day; days without calls leave a gap. */
export function LatencyChart({ report }: { report: PerformanceReport }) {
  const { token } = theme.useToken();
  const tip = useChartTooltipStyle();
  const lines = [
    { key: 'p50', color: token.colorPrimary },
    { key: 'p90', color: '#fa8c16' },
    { key: 'p99', color: token.colorError },
  ] as const;
  return (
    <Card title="Response time per day">
      <LineChart
        data={report.days}
        responsive
        accessibilityLayer
        style={{ width: '100%', height: 260 }}
        margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="day"
          tickFormatter={formatDay}
          tick={{ fill: token.colorTextTertiary, fontSize: 12 }}
          axisLine={{ stroke: token.colorBorderSecondary }}
          tickLine={false}
          minTickGap={16}
        />
        <YAxis
          tickFormatter={(v: number) => formatMs(v)}
          tick={{ fill: token.colorTextTertiary, fontSize: 12 }}
          axisLine={false}
          tickLine={false}
          width={60}
        />
        <Tooltip
          {...tip}
          labelFormatter={(d) => formatDay(String(d))}
          formatter={(v, name) => [formatMs(v === null || v === undefined ? null : Number(v)), String(name)]}
        />
        <Legend wrapperStyle={{ fontSize: 12, color: token.colorTextSecondary }} />
        {lines.map((l) => (
          <Line
            key={l.key}
            dataKey={l.key}
            name={l.key}
            stroke={l.color}
            strokeWidth={2}
            dot={{ r: 2 }}
            connectNulls={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </Card>
  );
}
