import type { AnalyticsReply } from '@stratos/contracts/files/stats.schema';
import { Card, Segmented, theme } from 'antd';
import { useState } from 'react';
import { Pie, PieChart, Tooltip } from 'recharts';
import { formatBytes } from '../../../lib/format-bytes';
import { formatPercent, type SliceMetric, type TypeSlice, typeSlices } from '../model/type-slices';

const valueText = (s: Pick<TypeSlice, 'count' | 'size'>, metric: SliceMetric) =>
  metric === 'count'
    ? `${s.count.toLocaleString()} ${s.count === 1 ? 'file' : 'files'}`
    : formatBytes(s.size);

/** A donut of the file types by count or by size, with a legend that carries the numbers. */
export function FileTypesCard({ data }: { data: AnalyticsReply }) {
  const { token } = theme.useToken();
  const [metric, setMetric] = useState<SliceMetric>('count');
  const slices = typeSlices(data.fileTypes, metric);
  const centre = metric === 'count' ? data.totalFiles.toLocaleString() : formatBytes(data.totalSize);
  return (
    <Card
      title="File types"
      extra={
        <Segmented<SliceMetric>
          size="small"
          value={metric}
          onChange={setMetric}
          options={[
            { value: 'count', label: 'By count' },
            { value: 'size', label: 'By size' },
          ]}
          aria-label="Measure file types"
        />
      }
      styles={{ body: { display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'center' } }}
      style={{ height: '100%' }}
    >
      <div style={{ position: 'relative', width: 220, height: 220, margin: '0 auto', flexShrink: 0 }}>
        <PieChart style={{ width: 220, height: 220 }} accessibilityLayer>
          <Pie
            data={slices}
            dataKey="value"
            nameKey="name"
            innerRadius={68}
            outerRadius={104}
            paddingAngle={slices.length > 1 ? 2 : 0}
            cornerRadius={4}
            stroke={token.colorBgContainer}
            strokeWidth={2}
            isAnimationActive={false}
          />
          <Tooltip
            formatter={(_v, _n, item) => [
              valueText(item.payload as TypeSlice, metric),
              (item.payload as TypeSlice).name,
            ]}
            contentStyle={{
              background: token.colorBgElevated,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: 8,
              boxShadow: token.boxShadowSecondary,
            }}
            itemStyle={{ color: token.colorText }}
          />
        </PieChart>
        <div
          aria-hidden
          style={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeContent: 'center',
            textAlign: 'center',
            pointerEvents: 'none',
          }}
        >
          <div style={{ fontSize: 22, fontWeight: 700, color: token.colorTextHeading }}>{centre}</div>
          <div style={{ fontSize: 12, color: token.colorTextTertiary }}>
            {metric === 'count' ? 'files' : 'stored'}
          </div>
        </div>
      </div>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, flex: '1 1 220px', display: 'grid', gap: 10 }}>
        {slices.map((s) => (
          <li
            key={s.category}
            style={{
              display: 'grid',
              gridTemplateColumns: '12px 1fr auto auto',
              gap: 10,
              alignItems: 'center',
            }}
          >
            <span aria-hidden style={{ width: 12, height: 12, borderRadius: 4, background: s.fill }} />
            <span style={{ fontWeight: 500 }}>{s.name}</span>
            <span style={{ color: token.colorTextSecondary, fontSize: 13 }}>{valueText(s, metric)}</span>
            <span style={{ color: token.colorTextTertiary, fontSize: 13, minWidth: 36, textAlign: 'right' }}>
              {formatPercent(s.percent)}
            </span>
          </li>
        ))}
      </ul>
    </Card>
  );
}
