import type { ContactMessage } from '@stratos/contracts/contact/contact.schema';
import { Flex, type TableColumnsType, Tag, Typography } from 'antd';
import { useContactMessages } from '../api/list-contact-messages';
import { usePager } from '../hooks/use-pager';
import { PagedTable } from './paged-table';
import { TextBlock } from './text-block';
import { TimeCell } from './time-cell';

/** Messages sent through the contact form, newest first; expand a row to read it. */
export function ContactMessagesTab() {
  const pager = usePager(20);
  const messages = useContactMessages({ limit: pager.limit, offset: pager.offset });

  const compactColumns: TableColumnsType<ContactMessage> = [
    {
      title: 'Messages',
      key: 'compact',
      render: (_, m) => (
        <Flex vertical gap={4}>
          <Typography.Text strong>{m.subject || '(no subject)'}</Typography.Text>
          <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
            {m.name} · {m.email}
          </Typography.Text>
          <Flex gap={8} align="center" wrap>
            {m.plan && <Tag color="geekblue">{m.plan}</Tag>}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              <TimeCell value={m.createdAt} compact />
            </Typography.Text>
          </Flex>
        </Flex>
      ),
    },
  ];
  const columns: TableColumnsType<ContactMessage> = [
    {
      title: 'From',
      key: 'from',
      render: (_, m) => (
        <div>
          <Typography.Text strong>{m.name}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {m.email}
          </Typography.Text>
        </div>
      ),
    },
    {
      title: 'Subject',
      key: 'subject',
      render: (_, m) => m.subject || <Typography.Text type="secondary">(no subject)</Typography.Text>,
    },
    {
      title: 'Plan',
      dataIndex: 'plan',
      key: 'plan',
      responsive: ['md'],
      render: (p: string | null) => (p ? <Tag color="geekblue">{p}</Tag> : null),
    },
    {
      title: 'Account',
      dataIndex: 'userId',
      key: 'account',
      responsive: ['lg'],
      render: (id: string | null) => (id ? <Tag color="blue">Signed in</Tag> : <Tag>Visitor</Tag>),
    },
    {
      title: 'Received',
      dataIndex: 'createdAt',
      key: 'created',
      render: (v: string) => <TimeCell value={v} />,
    },
  ];

  return (
    <PagedTable<ContactMessage>
      query={messages}
      rows={messages.data?.messages}
      what="contact messages"
      pager={pager}
      columns={columns}
      compactColumns={compactColumns}
      emptyText="No messages yet"
      expandable={{
        expandedRowRender: (m) => <TextBlock label={`Message from ${m.name}`}>{m.message}</TextBlock>,
        expandRowByClick: true,
      }}
    />
  );
}
