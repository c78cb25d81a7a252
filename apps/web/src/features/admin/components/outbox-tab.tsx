import { MailOutlined } from '@ant-design/icons';
import type { OutboxMail } from '@stratos/contracts/admin/admin-users.schema';
import { Flex, Input, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useOutbox } from '../api/list-outbox';
import { usePager } from '../hooks/use-pager';
import { PagedTable } from './paged-table';
import { TextBlock } from './text-block';
import { TimeCell } from './time-cell';

const KIND_LABEL: Record<string, string> = { signup_code: 'Sign-up code', reset_code: 'Password reset' };

/** Mail kept in the database: what Stratos sent (or would send) and to whom. */
export function OutboxTab() {
  const [to, setTo] = useState('');
  const pager = usePager(20);
  const mails = useOutbox({ to: to || undefined, limit: pager.limit, offset: pager.offset });

  const compactColumns: TableColumnsType<OutboxMail> = [
    {
      title: 'Mail',
      key: 'compact',
      render: (_, m) => (
        <Flex vertical gap={4}>
          <Typography.Text strong>{m.subject}</Typography.Text>
          <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
            {m.to}
          </Typography.Text>
          <Flex gap={8} align="center" wrap>
            <Tag>{KIND_LABEL[m.kind] ?? m.kind}</Tag>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <TimeCell value={m.createdAt} compact />
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
  ];
  const columns: TableColumnsType<OutboxMail> = [
    {
      title: 'Recipient',
      dataIndex: 'to',
      key: 'to',
      render: (v: string) => <Typography.Text>{v}</Typography.Text>,
    },
    { title: 'Subject', dataIndex: 'subject', key: 'subject' },
    {
      title: 'Kind',
      dataIndex: 'kind',
      key: 'kind',
      responsive: ['md'],
      render: (k: string) => <Tag>{KIND_LABEL[k] ?? k}</Tag>,
    },
    {
      title: 'Delivery',
      dataIndex: 'sentAt',
      key: 'sent',
      responsive: ['lg'],
      render: (v: string | null) =>
        v ? <Tag color="success">Sent by SMTP</Tag> : <Tag color="default">Outbox only</Tag>,
    },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      key: 'created',
      render: (v: string) => <TimeCell value={v} />,
    },
  ];

  return (
    <PagedTable<OutboxMail>
      filters={
        <Input.Search
          allowClear
          aria-label="Filter by recipient"
          placeholder="Recipient email address"
          prefix={<MailOutlined aria-hidden />}
          enterButton="Filter"
          onSearch={(v) => {
            setTo(v.trim());
            pager.reset();
          }}
          style={{ flex: '1 1 260px', maxWidth: 460 }}
        />
      }
      query={mails}
      rows={mails.data?.mails}
      what="the outbox"
      pager={pager}
      columns={columns}
      compactColumns={compactColumns}
      emptyText={to ? `No mail to ${to}` : 'The outbox is empty'}
      expandable={{
        expandedRowRender: (m) => <TextBlock label={`Text of “${m.subject}”`}>{m.text}</TextBlock>,
        expandRowByClick: true,
      }}
    />
  );
}
