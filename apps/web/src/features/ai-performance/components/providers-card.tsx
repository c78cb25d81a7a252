import type { PerformanceReport } from '@stratos/contracts/ai/analytics.schema';
import { Card, List, Table, Tag, theme } from 'antd';
import { formatCount, formatMs, formatRate } from '../../../lib/ai/ai-range';

type Row = PerformanceReport['byProvider'][number];

/** Per provider: calls, error rate and latency percentiles; then the most frequent errors. */
export function ProvidersCard({ report }: { report: PerformanceReport }) {
  const { token } = theme.useToken();
  return (
    <Card title="By provider" styles={{ body: { paddingTop: 8 } }}>
      <Table<Row>
        size="small"
        rowKey="provider"
        dataSource={report.byProvider}
        pagination={false}
        scroll={{ x: 460 }}
        columns={[
          { title: 'Provider', dataIndex: 'provider' },
          { title: 'Calls', dataIndex: 'calls', align: 'right', render: formatCount },
          {
            title: 'Errors',
            dataIndex: 'errorRate',
            align: 'right',
            render: (r: number | null, row) => (
              <span style={{ color: row.failures > 0 ? token.colorError : undefined }}>{formatRate(r)}</span>
            ),
          },
          { title: 'p50', dataIndex: 'p50', align: 'right', render: formatMs },
          { title: 'p90', dataIndex: 'p90', align: 'right', render: formatMs },
          { title: 'p99', dataIndex: 'p99', align: 'right', render: formatMs },
        ]}
      />
      {report.topErrors.length > 0 && (
        <>
          <h3 style={{ fontSize: 14, margin: '20px 0 4px', color: token.colorTextHeading }}>
            Most frequent errors
          </h3>
          <List
            size="small"
            dataSource={report.topErrors}
            renderItem={(e) => (
              <List.Item
                extra={<span style={{ color: token.colorTextSecondary }}>{formatCount(e.count)}×</span>}
              >
                <span style={{ minWidth: 0, wordBreak: 'break-word' }}>
                  <Tag bordered={false}>{e.provider}</Tag>
                  {e.error}
                </span>
              </List.Item>
            )}
          />
        </>
      )}
    </Card>
  );
}
