import { InboxOutlined, MessageOutlined, RobotOutlined, ShopOutlined, TeamOutlined } from '@ant-design/icons';
import { ROUTE_GROUPS } from '@stratos/contracts/access/access-rule';
import { Button, Card, Flex, Grid, Tabs } from 'antd';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../../lib/auth-session';
import { PageHeader } from '../../../lib/page-header';
import { canReach } from '../../../lib/route-access';
import { AiProvidersTab } from '../components/ai-providers-tab';
import { ContactMessagesTab } from '../components/contact-messages-tab';
import { MerchStoreTab } from '../components/merch-store-tab';
import { UsersTab } from '../components/users-tab';

const TABS = ['users', 'contact', 'store', 'ai-providers'] as const;
type AdminTab = (typeof TABS)[number];
/** The tab in the address; the AI providers tab only for the superadmin. */
const tabFrom = (v: string | null, superadmin: boolean): AdminTab =>
  (TABS as readonly string[]).includes(v ?? '') && (v !== 'ai-providers' || superadmin)
    ? (v as AdminTab)
    : 'users';

/** /admin-dashboard: accounts, contact messages and (superadmin) the AI providers and the mail outbox. */
export default function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const user = useSession().user;
  const superadmin = user?.role === 'superadmin';
  // The outbox is the superadmin's page of its own; the one rule that guards its route decides.
  const outbox = canReach(user ?? null, ROUTE_GROUPS.outbox);
  const compact = !Grid.useBreakpoint().md;
  // The outbox used to be a tab here: old links still arrive.
  if (params.get('tab') === 'outbox' && outbox) return <Navigate to="/admin/outbox" replace />;
  const tab = tabFrom(params.get('tab'), superadmin);
  return (
    <>
      <PageHeader
        title="Admin"
        description="Manage accounts and read what people have sent through the contact form."
        extra={
          <Flex gap={8} wrap>
            {outbox && (
              <Button icon={<InboxOutlined aria-hidden />} onClick={() => navigate('/admin/outbox')}>
                Mail outbox
              </Button>
            )}
            <Button onClick={() => navigate('/audit-log')}>Audit log</Button>
          </Flex>
        }
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
              key: 'contact',
              label: (
                <span>
                  <MessageOutlined aria-hidden /> Contact messages
                </span>
              ),
              children: <ContactMessagesTab />,
            },
            {
              key: 'store',
              label: (
                <span>
                  <ShopOutlined aria-hidden /> Store orders
                </span>
              ),
              children: <MerchStoreTab canEdit={superadmin} />,
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
