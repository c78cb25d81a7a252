import { InboxOutlined, MessageOutlined, RobotOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Grid, Tabs } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth-session';
import { PageHeader } from '../../../lib/page-header';
import { AiProvidersTab } from '../components/ai-providers-tab';
import { ContactMessagesTab } from '../components/contact-messages-tab';
import { OutboxTab } from '../components/outbox-tab';
import { UsersTab } from '../components/users-tab';

const TABS = ['users', 'outbox', 'contact', 'ai-providers'] as const;
type AdminTab = (typeof TABS)[number];
/** The tab in the address; the AI providers tab only for the superadmin. */
const tabFrom = (v: string | null, superadmin: boolean): AdminTab =>
  (TABS as readonly string[]).includes(v ?? '') && (v !== 'ai-providers' || superadmin)
    ? (v as AdminTab)
    : 'users';

/** /admin-dashboard: accounts, the mail outbox, contact messages and (superadmin) the AI providers. */
export default function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const superadmin = useSession().user?.role === 'superadmin';
  const tab = tabFrom(params.get('tab'), superadmin);
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
            ...(superadmin
              ? [
                  {
                    key: 'ai-providers',
                    label: (
                      <span>
                        <RobotOutlined aria-hidden /> AI providers
                      </span>
                    ),
                    children: <AiProvidersTab />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </>
  );
}
