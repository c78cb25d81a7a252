import { InboxOutlined, MessageOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Grid, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../../lib/page-header';
import { ContactMessagesTab } from '../components/contact-messages-tab';
import { OutboxTab } from '../components/outbox-tab';
import { UsersTab } from '../components/users-tab';

const TABS = ['users', 'outbox', 'contact'] as const;
type AdminTab = (typeof TABS)[number];
const tabFrom = (v: string | null): AdminTab =>
  (TABS as readonly string[]).includes(v ?? '') ? (v as AdminTab) : 'users';

/** /admin-dashboard: accounts, the mail outbox and contact messages. */
export default function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const tab = tabFrom(params.get('tab'));
  const compact = !Grid.useBreakpoint().md;
  return (
    <>
      <PageHeader
        title="Admin"
        description="Manage accounts and read what Stratos has sent and received."
        extra={<Button onClick={() => navigate('/audit-log')}>Audit log</Button>}
      />
      <Card styles={{ body: { paddingTop: 8, paddingInline: compact ? 12 : 24 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setParams(key === 'users' ? {} : { tab: key }, { replace: true })}
          destroyOnHidden
          items={[
            {
              key: 'users',
              label: (
                <span>
                  <TeamOutlined aria-hidden /> Users
                </span>
              ),
              children: <UsersTab />,
            },
            {
              key: 'outbox',
              label: (
                <span>
                  <InboxOutlined aria-hidden /> Outbox
                </span>
              ),
              children: <OutboxTab />,
            },
            {
              key: 'contact',
              label: (
                <span>
                  <MessageOutlined aria-hidden /> Contact messages
                </span>
              ),
              children: <ContactMessagesTab />,
            },
          ]}
        />
      </Card>
    </>
  );
}
