import type { AiDashboard } from '@stratos/contracts/ai/analysis.schema';
import { Card, theme } from 'antd';
import { Bar, BarChart, LabelList, XAxis, YAxis } from 'recharts';
import { categoryRows } from '../model/dashboard-view';

const ROW_H = 34;

/** Analysed files by the category the model gave them: a bar each, with the count at its end. */
export function CategoriesCard({ categories }: { categories: AiDashboard['categories'] }) {
  const { token } = theme.useToken();
  const rows = categoryRows(categories);
  return (
    <Card title="Categories">
      {rows.length === 0 ? (
        <p style={{ margin: 0, color: token.colorTextTertiary }}>
          Categories appear once files are analysed.
        </p>
      ) : (
        <>
          <BarChart
            data={rows}
            layout="vertical"
            responsive
            accessibilityLayer
            margin={{ top: 0, right: 36, bottom: 0, left: 0 }}
            style={{ width: '100%', height: rows.length * ROW_H + 8 }}
          >
            <XAxis type="number" hide allowDecimals={false} domain={[0, 'dataMax']} />
            <YAxis
              type="category"
              dataKey="category"
              width={110}
              tickLine={false}
              axisLine={false}
              tick={{ fill: token.colorTextSecondary, fontSize: 13 }}
            />
            <Bar dataKey="count" fill="#9254de" radius={[0, 6, 6, 0]} barSize={18} isAnimationActive={false}>
              <LabelList dataKey="count" position="right" fill={token.colorText} fontSize={12} />
            </Bar>
          </BarChart>
          <ul
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {rows.map((r) => (
              <li key={r.category}>{`${r.category}: ${r.count}`}</li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
