import type { UsageReport } from '@stratos/contracts/ai/analytics.schema';
import { Card, Progress, Table, Tabs, Tag, theme } from 'antd';
import { formatCount, formatMs, formatUsd } from '../../../lib/ai/ai-range';
import { shareOf } from '../model/usage-view';

type Group = UsageReport['byModel'][number];

function GroupTable({ rows, total, showProvider }: { rows: Group[]; total: number; showProvider: boolean }) {
  const { token } = theme.useToken();
  return (
    <Table<Group>
      size="small"
      rowKey={(r) => `${r.provider ?? ''}/${r.key}`}
      dataSource={rows}
      pagination={rows.length > 10 ? { pageSize: 10, size: 'small' } : false}
      scroll={{ x: 560 }}
      columns={[
        {
          title: 'Name',
          dataIndex: 'key',
          render: (key: string, r) => (
            <span style={{ wordBreak: 'break-all' }}>
              {key}
              {showProvider && r.provider && (
                <Tag style={{ marginLeft: 6 }} bordered={false}>
                  {r.provider}
                </Tag>
              )}
            </span>
          ),
        },
        {
          title: 'Calls',
          dataIndex: 'calls',
          align: 'right',
          render: (n: number, r) => (
            <>
              {formatCount(n)}
              {r.failures > 0 && (
                <div style={{ color: token.colorError, fontSize: 12 }}>{formatCount(r.failures)} failed</div>
              )}
            </>
          ),
        },
        { title: 'Tokens', dataIndex: 'tokens', align: 'right', render: formatCount },
        { title: 'Avg time', dataIndex: 'avgResponseMs', align: 'right', render: formatMs },
        {
          title: 'Spend',
          dataIndex: 'cost',
          align: 'right',
          width: 150,
          render: (c: number) => (
            <div>
              {formatUsd(c)}
              <Progress
                percent={Math.round(shareOf(c, total) * 100)}
                size="small"
                showInfo={false}
                aria-label="Share of spend"
              />
            </div>
          ),
        },
      ]}
    />
  );
}

/** Usage by model, provider and operation, biggest spend first. */
export function BreakdownCard({ report }: { report: UsageReport }) {
  const total = report.totals.cost;
  return (
    <Card title="Breakdown" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        items={[
          {
            key: 'model',
            label: 'Models',
            children: <GroupTable rows={report.byModel} total={total} showProvider />,
          },
          {
            key: 'provider',
            label: 'Providers',
            children: <GroupTable rows={report.byProvider} total={total} showProvider={false} />,
          },
          {
            key: 'operation',
            label: 'Operations',
            children: <GroupTable rows={report.byOperation} total={total} showProvider={false} />,
          },
        ]}
      />
    </Card>
  );
}
