import type { ExponentialFactor } from '@stratos/contracts/ai/learning.schema';
import { Card, Empty, Flex, Table, Typography } from 'antd';
import { useExponential } from '../api/exponential';
import { factor, plural } from '../model/format';
import { notLoaded } from './tab-frame';

function FactorTable({ title, rows }: { title: string; rows: ExponentialFactor[] }) {
  return (
    <Card title={title}>
      <Table
        size="small"
        pagination={false}
        rowKey="name"
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={[
          {
            title: 'Factor',
            key: 'name',
            render: (_, r) => (
              <>
                <Typography.Text strong>{r.name}</Typography.Text>
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.measures}
                </Typography.Text>
              </>
            ),
          },
          { title: 'Aim per run', key: 'spec', render: (_, r) => factor(r.specMultiplier) },
          {
            title: 'Measured per cycle',
            key: 'measured',
            render: (_, r) => (r.measured === null ? 'Needs two comparable cycles' : factor(r.measured)),
          },
          {
            title: 'Latest value',
            key: 'latest',
            render: (_, r) => {
              const v = r.series.at(-1)?.value;
              return v === null || v === undefined ? '—' : Number(v.toFixed(4)).toString();
            },
          },
          { title: 'Cycles', key: 'n', render: (_, r) => r.series.length },
        ]}
      />
    </Card>
  );
}

/** Exponential Learning: section 9's multipliers as aims, next to what the stored cycles measured. */
export function ExponentialTab() {
  const q = useExponential();
  const pending = notLoaded(q, Boolean(q.data), 'The learning service did not answer');
  if (pending || !q.data) return pending;
  const d = q.data;
  return (
    <Flex vertical gap={16}>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        Each factor is measured from the {plural(d.cycles, 'stored learning cycle')}: the geometric mean of
        its growth from one cycle to the next, beside the multiplier the specification aims for.
      </Typography.Paragraph>
      {d.message && (
        <Card>
          <Empty description={d.message} />
        </Card>
      )}
      <FactorTable title="Learning factors" rows={d.factors} />
      <FactorTable title="Capabilities" rows={d.capabilities} />
    </Flex>
  );
}
