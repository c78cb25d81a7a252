import type { BenchmarkSummary } from '@stratos/contracts/ai/benchmark.schema';
import { Card, theme } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMs } from '../../../lib/ai/ai-range';
import { useChartTooltipStyle } from '../../../lib/ai/stat-tile';

/** Mean time to first text and to the whole reply, per provider. */
export function LatencyBars({ summary }: { summary: BenchmarkSummary[] }) {
  const { token } = theme.useToken();
  const tip = useChartTooltipStyle();
  const rows = summary.filter((s) => s.avgLatencyMs !== null);
  if (rows.length === 0) return null;
  return (
    <Card title="Speed per provider" size="small">
      <BarChart
        data={rows}
        responsive
        accessibilityLayer
        style={{ width: '100%', height: Math.max(140, rows.length * 56 + 50) }}
        layout="vertical"
        margin={{ top: 4, right: 16, bottom: 0, left: 0 }}
      >
        <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" horizontal={false} />
        <XAxis
          type="number"
          tickFormatter={(v: number) => formatMs(v)}
          tick={{ fill: token.colorTextTertiary, fontSize: 12 }}
          axisLine={false}
          tickLine={false}
        />
        <YAxis
          type="category"
          dataKey="provider"
          width={96}
          tick={{ fill: token.colorTextSecondary, fontSize: 13 }}
          axisLine={false}
          tickLine={false}
        />
        <Tooltip
          {...tip}
          cursor={{ fill: token.colorFillTertiary }}
          formatter={(v, n) => [formatMs(Number(v)), String(n)]}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar
          dataKey="avgFirstTokenMs"
          name="First text"
          fill="#13c2c2"
          barSize={12}
          isAnimationActive={false}
        />
        <Bar
          dataKey="avgLatencyMs"
          name="Whole reply"
          fill={token.colorPrimary}
          barSize={12}
          isAnimationActive={false}
        />
      </BarChart>
    </Card>
  );
}
