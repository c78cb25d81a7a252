import type { LearningEnhanced } from '@stratos/contracts/ai/learning.schema';
import { Card, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useEnhanced } from '../api/enhanced';
import { count, ms, percent, when, words } from '../model/format';
import { Figure, grid } from './figure';
import { notLoaded } from './tab-frame';

const STATE: Record<LearningEnhanced['thresholds'][number]['state'], { text: string; color: string }> = {
  ok: { text: 'Within', color: 'success' },
  exceeded: { text: 'Exceeded', color: 'error' },
  no_data: { text: 'No data', color: 'default' },
};

/** Threshold values in their own unit: response time in ms, the others as shares. */
const value = (metric: string, v: number | null) => (metric === 'responseTime' ? ms(v) : percent(v));

/** Enhanced Learning: section 9's thresholds against the stored cycles, and their figures. */
export function EnhancedTab() {
  const q = useEnhanced();
  const pending = notLoaded(q, Boolean(q.data), 'The learning service did not answer');
  if (pending || !q.data) return pending;
  const d = q.data;
  return (
    <Flex vertical gap={16}>
      {d.message && (
        <Card>
          <Empty description={d.message} />
        </Card>
      )}
      <Card title="Thresholds (latest cycle)">
        <Table
          size="small"
          pagination={false}
          rowKey="metric"
          scroll={{ x: 'max-content' }}
          dataSource={d.thresholds}
          columns={[
            { title: 'Metric', dataIndex: 'metric', render: (m: string) => words(m) },
            { title: 'Threshold', key: 't', render: (_, r) => value(r.metric, r.threshold) },
            { title: 'Target', key: 'g', render: (_, r) => value(r.metric, r.target) },
            { title: 'Latest', key: 'l', render: (_, r) => value(r.metric, r.latest) },
            {
              title: 'State',
              key: 's',
              render: (_, r) => <Tag color={STATE[r.state].color}>{STATE[r.state].text}</Tag>,
            },
          ]}
        />
      </Card>
      <Card title="Improvements">
        <div style={grid(140)}>
          <Figure label="Cycles stored" value={count(d.cycles)} />
          <Figure label="Suggested" value={count(d.improvements.suggested)} />
          <Figure label="Applied" value={count(d.improvements.applied)} />
        </div>
        <Flex wrap gap={6} style={{ marginTop: 12 }}>
          {Object.entries(d.improvements.byCategory).map(([k, n]) => (
            <Tag key={k}>{`${words(k)}: ${n}`}</Tag>
          ))}
          {Object.entries(d.improvements.byPriority).map(([k, n]) => (
            <Tag key={k} color="blue">{`${k}: ${n}`}</Tag>
          ))}
        </Flex>
      </Card>
      <Card title="Top query patterns">
        {d.topPatterns.length === 0 ? (
          <Typography.Text type="secondary">
            No word has occurred more than 5 times in a cycle yet.
          </Typography.Text>
        ) : (
          <Flex wrap gap={6}>
            {d.topPatterns.map((p) => (
              <Tag key={p.word} color="purple">{`${p.word} × ${p.frequency}`}</Tag>
            ))}
          </Flex>
        )}
      </Card>
      <Card title="Per cycle">
        <Table
          size="small"
          rowKey="cycleId"
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          dataSource={[...d.series].reverse()}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No cycles stored yet" />,
          }}
          columns={[
            { title: 'When', dataIndex: 'at', render: (v: string) => when(v) },
            { title: 'Interactions', dataIndex: 'interactions' },
            { title: 'Improvements', dataIndex: 'improvements' },
            { title: 'Feedback', dataIndex: 'feedbackProcessed' },
            { title: 'Response time', key: 'rt', render: (_, r) => ms(r.figures.avgResponseTime) },
            { title: 'Satisfaction', key: 'sat', render: (_, r) => percent(r.figures.satisfaction) },
            { title: 'Error rate', key: 'err', render: (_, r) => percent(r.figures.errorRate) },
          ]}
        />
      </Card>
    </Flex>
  );
}
