import type { UsageReport } from '@stratos/contracts/ai/analytics.schema';
import { Card, Segmented, theme } from 'antd';
import { useState } from 'react';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCount, formatDay, formatUsd } from '../../../lib/ai/ai-range';
import { useChartTooltipStyle } from '../../../lib/ai/stat-tile';
import { METRIC_LABEL, type UsageMetric } from '../model/usage-view';

const fmt = (m: UsageMetric, v: number) => (m === 'cost' ? formatUsd(v) : formatCount(v));

/** Spend, calls or tokens per day of the range, as bars (failed calls stacked on calls). */
export function UsageChart({ report }: { report: UsageReport }) {
  const { token } = theme.useToken();
  const tip = useChartTooltipStyle();
  const [metric, setMetric] = useState<UsageMetric>('calls');
  const data = report.days.map((d) => ({ ...d, answered: d.calls - d.failures }));
  return (
    <Card
      title="Usage over time"
      extra={
        <Segmented
          size="small"
          aria-label="Chart metric"
          value={metric}
          options={(['calls', 'cost', 'tokens'] as const).map((m) => ({ label: METRIC_LABEL[m], value: m }))}
          onChange={(v) => setMetric(v as UsageMetric)}
        />
      }
    >
      <BarChart
        data={data}
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
          tickFormatter={(v: number) => fmt(metric, v)}
          tick={{ fill: token.colorTextTertiary, fontSize: 12 }}
          axisLine={false}
          tickLine={false}
          width={metric === 'cost' ? 64 : 44}
          allowDecimals={metric === 'cost'}
        />
        <Tooltip
          {...tip}
          cursor={{ fill: token.colorFillTertiary }}
          labelFormatter={(d) => formatDay(String(d))}
          formatter={(v, name) => [fmt(metric, Number(v)), String(name)]}
        />
        {metric === 'calls' ? (
          <>
            <Bar
              dataKey="answered"
              name="Answered"
              stackId="c"
              fill={token.colorPrimary}
              isAnimationActive={false}
            />
            <Bar
              dataKey="failures"
              name="Failed"
              stackId="c"
              fill={token.colorError}
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
          </>
        ) : (
          <Bar
            dataKey={metric}
            name={METRIC_LABEL[metric]}
            fill={metric === 'cost' ? token.colorSuccess : '#9254de'}
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        )}
      </BarChart>
    </Card>
  );
}
