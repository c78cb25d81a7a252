import { LockOutlined, MailOutlined } from '@ant-design/icons';
import type { OutboxMail } from '@stratos/contracts/admin/admin-users.schema';
import { Flex, Input, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useOutbox } from '../api/list-outbox';
import { usePager } from '../hooks/use-pager';
import { PagedTable } from './paged-table';
import { TextBlock } from './text-block';
import { TimeCell } from './time-cell';

const KIND_LABEL: Record<string, string> = { signup_code: 'Sign-up code', reset_code: 'Password reset' };

/** The mail's kind, and whether its code was hidden before it was kept. */
function KindTags({ mail }: { mail: OutboxMail }) {
  return (
    <Flex gap={4} wrap>
      <Tag style={{ marginInlineEnd: 0 }}>{KIND_LABEL[mail.kind] ?? mail.kind}</Tag>
      {mail.redacted && (
        <Tag
          icon={<LockOutlined aria-hidden />}
          title="Only the recipient can read the code"
          style={{ marginInlineEnd: 0 }}
        >
          Code hidden
        </Tag>
      )}
    </Flex>
  );
}

/** A kept mail's text; where a code was, it says why the dots stand there. */
function MailText({ mail }: { mail: OutboxMail }) {
  return (
    <Flex vertical gap={8}>
      {mail.redacted && (
        <Typography.Text type="secondary">
          <LockOutlined aria-hidden /> The code in this mail is hidden (••••••): only the recipient can read
          it, in their mailbox or, without a mail server, in the server's console.
        </Typography.Text>
      )}
      <TextBlock label={`Text of “${mail.subject}”`}>{mail.text}</TextBlock>
    </Flex>
  );
}

/** Mail kept in the database: what Stratos sent (or would send) and to whom, codes hidden. */
export function OutboxTable() {
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
            <KindTags mail={m} />
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
      render: (_: string, m) => <KindTags mail={m} />,
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
        expandedRowRender: (m) => <MailText mail={m} />,
        expandRowByClick: true,
      }}
    />
  );
}
