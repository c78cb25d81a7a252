import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { AuditEvent } from '@stratos/contracts/audit/audit.schema';
import {
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  Input,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../lib/page-header';
import { useAudit } from '../api/list-audit';
import { OPERATION_OPTIONS, operationColor, operationLabel } from '../components/audit-operations';
import { QueryError } from '../components/query-error';
import { TextBlock } from '../components/text-block';
import { TimeCell } from '../components/time-cell';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { usePager } from '../hooks/use-pager';

function Actor({ event }: { event: AuditEvent }) {
  if (event.actorEmail) return <>{event.actorEmail}</>;
  if (event.userId) return <Typography.Text code>{event.userId}</Typography.Text>;
  return <Typography.Text type="secondary">Anonymous</Typography.Text>;
}

/** One column for phones: the operation, who, and when. */
const compactColumns: TableColumnsType<AuditEvent> = [
  {
    title: 'Events',
    key: 'compact',
    render: (_, e) => (
      <Flex vertical gap={4}>
        <Flex gap={8} align="center" wrap>
          <Tag color={operationColor(e.operation)} title={e.operation}>
            {operationLabel(e.operation)}
          </Tag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <TimeCell value={e.createdAt} compact />
          </Typography.Text>
        </Flex>
        <span style={{ wordBreak: 'break-all' }}>
          <Actor event={e} />
        </span>
      </Flex>
    ),
  },
];

const columns: TableColumnsType<AuditEvent> = [
  { title: 'When', dataIndex: 'createdAt', key: 'when', render: (v: string) => <TimeCell value={v} /> },
  {
    title: 'Operation',
    dataIndex: 'operation',
    key: 'operation',
    render: (op: string) => (
      <Tag color={operationColor(op)} title={op}>
        {operationLabel(op)}
      </Tag>
    ),
  },
  {
    title: 'Actor',
    key: 'actor',
    render: (_, e) => <Actor event={e} />,
  },
  {
    title: 'Source',
    dataIndex: 'source',
    key: 'source',
    responsive: ['md'],
    render: (s: AuditEvent['source']) => <Tag>{s === 'server' ? 'Server' : 'Browser'}</Tag>,
  },
  {
    title: 'IP address',
    dataIndex: 'ip',
    key: 'ip',
    responsive: ['lg'],
    render: (ip: string | null) => (ip ? <Typography.Text code>{ip}</Typography.Text> : '—'),
  },
];

/** /audit-log: who did what and when, with each event's details. */
export default function AuditLogPage() {
  const [operation, setOperation] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search.trim(), 300);
  const pager = usePager(20);
  const compact = !Grid.useBreakpoint().md;
  const events = useAudit({
    operation,
    search: debounced || undefined,
    limit: pager.limit,
    offset: pager.offset,
  });

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Sign-ins, account changes and admin actions, newest first."
        extra={
          <Button
            icon={<ReloadOutlined aria-hidden />}
            onClick={() => void events.refetch()}
            loading={events.isFetching}
          >
            Refresh
          </Button>
        }
      />
      <Card styles={{ body: { paddingInline: compact ? 12 : 24 } }}>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <Input
            allowClear
            aria-label="Search the audit log"
            placeholder="Search email, IP or details"
            prefix={<SearchOutlined aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              pager.reset();
            }}
            style={{ flex: '1 1 260px', maxWidth: 420 }}
          />
          <Select<string>
            allowClear
            showSearch
            aria-label="Filter by operation"
            placeholder="All operations"
            value={operation}
            onChange={(v) => {
              setOperation(v);
              pager.reset();
            }}
            options={OPERATION_OPTIONS}
            style={{ flex: '1 1 220px', maxWidth: 320 }}
          />
        </Flex>
        {events.isError && (
          <QueryError what="the audit log" error={events.error} onRetry={() => void events.refetch()} />
        )}
        <Table<AuditEvent>
          rowKey="id"
          columns={compact ? compactColumns : columns}
          dataSource={events.data?.events}
          loading={events.isFetching}
          scroll={compact ? undefined : { x: 'max-content' }}
          expandable={{
            expandedRowRender: (e) => (
              <TextBlock label={`Details of event ${e.id}`}>{JSON.stringify(e.details, null, 2)}</TextBlock>
            ),
            rowExpandable: (e) => Object.keys(e.details).length > 0,
            expandRowByClick: true,
          }}
          locale={{
            emptyText: (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={
                  operation || debounced ? 'No events match these filters' : 'No events recorded yet'
                }
              />
            ),
          }}
          pagination={{
            current: pager.page,
            pageSize: pager.pageSize,
            total: events.data?.total ?? 0,
            showSizeChanger: true,
            showTotal: (total, [from, to]) => `${from}–${to} of ${total}`,
            onChange: pager.onChange,
          }}
        />
      </Card>
    </>
  );
}
