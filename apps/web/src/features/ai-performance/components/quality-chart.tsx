import type { PerformanceReport } from '@stratos/contracts/ai/analytics.schema';
import { Card, Empty, theme } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDay, formatRate } from '../../../lib/ai/ai-range';
import { useChartTooltipStyle } from '../../../lib/ai/stat-tile';
import {
  goodShare,
  QUALITY_COLOR,
  QUALITY_LABEL,
  QUALITY_ORDER,
  qualityRows,
  totalReplies,
} from '../model/quality-view';

/** Chat replies by quality category per day, stacked. */
export function QualityChart({ report }: { report: PerformanceReport }) {
  const { token } = theme.useToken();
  const tip = useChartTooltipStyle();
  const total = totalReplies(report.qualityTotals);
  return (
    <Card
      title="Reply quality per day"
      extra={
        total > 0 && (
          <span style={{ color: token.colorTextTertiary }}>
            {formatRate(goodShare(report.qualityTotals))} good or better of {total.toLocaleString()}
          </span>
        )
      }
    >
      {total === 0 ? (
        <Empty description="No rated chat replies in this range" />
      ) : (
        <BarChart
          data={qualityRows(report)}
          responsive
          accessibilityLayer
          style={{ width: '100%', height: 280 }}
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
            allowDecimals={false}
            tick={{ fill: token.colorTextTertiary, fontSize: 12 }}
            axisLine={false}
            tickLine={false}
            width={36}
          />
          <Tooltip
            {...tip}
            cursor={{ fill: token.colorFillTertiary }}
            labelFormatter={(d) => formatDay(String(d))}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {QUALITY_ORDER.map((k) => (
            <Bar
              key={k}
              dataKey={k}
              name={QUALITY_LABEL[k]}
              stackId="q"
              fill={QUALITY_COLOR[k]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      )}
    </Card>
  );
}
