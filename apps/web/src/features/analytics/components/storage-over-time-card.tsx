import type { AnalyticsReply } from '@stratos/contracts/files/stats.schema';
import { Card, Empty, theme } from 'antd';
import { Area, AreaChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { formatBytes } from '../../../lib/format-bytes';
import { byteTicks } from '../model/byte-ticks';

const day = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric' });
const fullDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateOf = (d: string) => new Date(d.length === 10 ? `${d}T00:00:00` : d);

/** Stored bytes per day as an area chart. */
export function StorageOverTimeCard({ data }: { data: AnalyticsReply }) {
  const { token } = theme.useToken();
  const points = data.storageOverTime;
  const days = points.length;
  const yTicks = byteTicks(Math.max(0, ...points.map((p) => p.totalSize)));
  return (
    <Card
      title="Storage over time"
      extra={days > 0 ? <span style={{ color: token.colorTextTertiary }}>Last {days} days</span> : null}
      // As tall as the file types card beside it; the chart takes the room.
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column' } }}
    >
      {days === 0 ? (
        <Empty description="No history yet" />
      ) : (
        <AreaChart
          data={points}
          responsive
          style={{ width: '100%', flex: 1, minHeight: 280 }}
          margin={{ top: 8, right: 20, bottom: 0, left: 0 }}
          accessibilityLayer
        >
          <defs>
            <linearGradient id="storageFill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={token.colorPrimary} stopOpacity={0.35} />
              <stop offset="100%" stopColor={token.colorPrimary} stopOpacity={0.02} />
            </linearGradient>
          </defs>
          <CartesianGrid stroke={token.colorBorderSecondary} strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="date"
            tickFormatter={(d: string) => day.format(dateOf(d))}
            tick={{ fill: token.colorTextTertiary, fontSize: 12 }}
            axisLine={{ stroke: token.colorBorderSecondary }}
            tickLine={false}
            minTickGap={24}
            interval="equidistantPreserveStart"
          />
          <YAxis
            tickFormatter={(v: number) => formatBytes(v)}
            ticks={yTicks}
            domain={[0, yTicks.at(-1) ?? 'auto']}
            tick={{ fill: token.colorTextTertiary, fontSize: 12 }}
            axisLine={false}
            tickLine={false}
            width={64}
          />
          <Tooltip
            labelFormatter={(d) => fullDay.format(dateOf(String(d)))}
            formatter={(v, _n, item) => [
              `${formatBytes(Number(v))} in ${(item.payload as { fileCount: number }).fileCount.toLocaleString()} files`,
              'Stored',
            ]}
            contentStyle={{
              background: token.colorBgElevated,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: 8,
              boxShadow: token.boxShadowSecondary,
            }}
            labelStyle={{ color: token.colorTextHeading, fontWeight: 600 }}
            itemStyle={{ color: token.colorText }}
            cursor={{ stroke: token.colorBorder }}
          />
          <Area
            type="monotone"
            dataKey="totalSize"
            stroke={token.colorPrimary}
            strokeWidth={2}
            fill="url(#storageFill)"
            isAnimationActive={false}
          />
        </AreaChart>
      )}
    </Card>
  );
}
