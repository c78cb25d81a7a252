import { ReloadOutlined } from '@ant-design/icons';
import type { AuditEvent } from '@stratos/contracts/audit/audit.schema';
import { Button, Card, Flex, Grid, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { PageHeader } from '../../../lib/page-header';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAudit } from '../api/list-audit';
import { OPERATION_OPTIONS, operationColor, operationLabel } from '../components/audit-operations';
import { PagedTable } from '../components/paged-table';
import { SearchFilter } from '../components/search-filter';
import { TextBlock } from '../components/text-block';
import { TimeCell } from '../components/time-cell';
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
        <PagedTable<AuditEvent>
          filters={
            <>
              <SearchFilter
                label="Search the audit log"
                placeholder="Search email, IP or details"
                value={search}
                onChange={(v) => {
                  setSearch(v);
                  pager.reset();
                }}
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
            </>
          }
          query={events}
          rows={events.data?.events}
          what="the audit log"
          pager={pager}
          columns={columns}
          compactColumns={compactColumns}
          emptyText={operation || debounced ? 'No events match these filters' : 'No events recorded yet'}
          expandable={{
            expandedRowRender: (e) => (
              <TextBlock label={`Details of event ${e.id}`}>{JSON.stringify(e.details, null, 2)}</TextBlock>
            ),
            rowExpandable: (e) => Object.keys(e.details).length > 0,
            expandRowByClick: true,
          }}
        />
      </Card>
    </>
  );
}
