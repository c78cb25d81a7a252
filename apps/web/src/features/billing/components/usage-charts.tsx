import type { BillingUsageReply } from '@stratos/contracts/billing/credits.schema';
import { Card, Col, Empty, Row, theme } from 'antd';
import { Area, Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { formatUsdTick } from '../../../lib/billing/format-money';
import { formatBytes } from '../../../lib/format-bytes';

type Day = BillingUsageReply['days'][number];

const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const fullDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateOf = (d: string) => new Date(d.length === 10 ? `${d}T00:00:00` : d);

function useChartStyle() {
  const { token } = theme.useToken();
  const axisTick = { fill: token.colorTextTertiary, fontSize: 12 };
  return {
    token,
    grid: <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" vertical={false} />,
    axisTick,
    xAxis: (
      <XAxis
        dataKey="date"
        tickFormatter={(d: string) => day.format(dateOf(d))}
        tick={axisTick}
        axisLine={{ stroke: token.colorBorderSecondary }}
        tickLine={false}
        minTickGap={24}
      />
    ),
    tooltip: {
      contentStyle: {
        background: token.colorBgElevated,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: 8,
        boxShadow: token.boxShadowSecondary,
      },
      labelStyle: { color: token.colorTextHeading, fontWeight: 600 },
      itemStyle: { color: token.colorText },
    },
  };
}

/** Daily stored bytes (area) and transferred bytes (bars). */
function UsageChart({ days }: { days: Day[] }) {
  const { token, grid, xAxis, axisTick, tooltip } = useChartStyle();
  return (
    <ComposedChart
      data={days}
      responsive
      style={{ width: '100%', height: 280 }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      accessibilityLayer
    >
      <defs>
        <linearGradient id="billingStorageFill" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor={token.colorPrimary} stopOpacity={0.35} />
          <stop offset="100%" stopColor={token.colorPrimary} stopOpacity={0.02} />
        </linearGradient>
      </defs>
      {grid}
      {xAxis}
      <YAxis
        yAxisId="stored"
        tickFormatter={(v: number) => formatBytes(v)}
        tick={axisTick}
        axisLine={false}
        tickLine={false}
        width={64}
      />
      <YAxis yAxisId="moved" orientation="right" hide />
      <Tooltip
        {...tooltip}
        labelFormatter={(d) => fullDay.format(dateOf(String(d)))}
        formatter={(v, name) => [formatBytes(Number(v)), name]}
        cursor={{ fill: token.colorFillQuaternary }}
      />
      <Legend wrapperStyle={{ fontSize: 12, color: token.colorTextSecondary }} />
      <Area
        yAxisId="stored"
        type="monotone"
        name="Stored"
        dataKey="storageBytes"
        stroke={token.colorPrimary}
        strokeWidth={2}
        fill="url(#billingStorageFill)"
        isAnimationActive={false}
      />
      <Bar
        yAxisId="moved"
        name="Transferred"
        dataKey="transferBytes"
        fill="#13c2c2"
        radius={[3, 3, 0, 0]}
        maxBarSize={14}
        isAnimationActive={false}
      />
    </ComposedChart>
  );
}

/** The largest figure the cost chart draws, which sets how many decimals its ticks need. */
function costScale(days: readonly Day[]): number {
  return days.reduce((m, d) => Math.max(m, d.storageCost + d.transferCost, d.creditsCharged), 0);
}

/** What each day cost: storage and transfer stacked, and the credits actually charged. */
function CostChart({ days }: { days: Day[] }) {
  const { token, grid, xAxis, axisTick, tooltip } = useChartStyle();
  const max = costScale(days);
  return (
    <ComposedChart
      data={days}
      responsive
      style={{ width: '100%', height: 280 }}
      margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
      accessibilityLayer
    >
      {grid}
      {xAxis}
      <YAxis
        tickFormatter={(v: number) => formatUsdTick(v, max)}
        tick={axisTick}
        axisLine={false}
        tickLine={false}
        width={72}
      />
      <Tooltip
        {...tooltip}
        labelFormatter={(d) => fullDay.format(dateOf(String(d)))}
        formatter={(v, name) => [formatUsdTick(Number(v), Number(v)), name]}
        cursor={{ fill: token.colorFillQuaternary }}
      />
      <Legend wrapperStyle={{ fontSize: 12, color: token.colorTextSecondary }} />
      <Bar
        name="Storage"
        dataKey="storageCost"
        stackId="cost"
        fill={token.colorPrimary}
        maxBarSize={18}
        isAnimationActive={false}
      />
      <Bar
        name="Transfer"
        dataKey="transferCost"
        stackId="cost"
        fill="#13c2c2"
        radius={[3, 3, 0, 0]}
        maxBarSize={18}
        isAnimationActive={false}
      />
      <Line
        name="Credits charged"
        dataKey="creditsCharged"
        stroke="#722ed1"
        strokeWidth={2}
        dot={false}
        isAnimationActive={false}
      />
    </ComposedChart>
  );
}

function ChartEmpty({ text }: { text: string }) {
  return (
    <div style={{ height: 280, display: 'grid', placeItems: 'center' }}>
      <Empty
        description={<span style={{ display: 'block', maxWidth: 320, margin: '0 auto' }}>{text}</span>}
      />
    </div>
  );
}

/**
 * The /billing charts (recharts is loaded with this module only): what was stored and sent, and,
 * where credits pay (prepaid accounts), what each day cost. A subscription or the Free plan is not
 * charged by the day, so those accounts see no cost chart.
 */
export default function UsageCharts({ usage }: { usage: BillingUsageReply }) {
  const prepaid = usage.billing === 'prepaid';
  const noUsage = usage.days.every((d) => d.storageBytes === 0 && d.transferBytes === 0);
  const noCost = usage.days.every(
    (d) => d.storageCost === 0 && d.transferCost === 0 && d.creditsCharged === 0,
  );
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={prepaid ? 12 : 24}>
        <Card title="Usage over time" role="region" aria-label="Usage over time">
          {noUsage ? (
            <ChartEmpty text="Nothing stored or sent in this period yet. Upload files and their size shows here, day by day." />
          ) : (
            <UsageChart days={usage.days} />
          )}
        </Card>
      </Col>
      {prepaid && (
        <Col xs={24} lg={12}>
          <Card title="Cost over time" role="region" aria-label="Cost over time">
            {noCost ? (
              <ChartEmpty text="No costs in this period. Storage costs $0.20 per GB a month and transfer $0.10 per GB." />
            ) : (
              <CostChart days={usage.days} />
            )}
          </Card>
        </Col>
      )}
    </Row>
  );
}
