import {
  BarChartOutlined,
  DesktopOutlined,
  ExperimentOutlined,
  MessageOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Card, Skeleton, Typography, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error';
import { formatRelative } from '../../../lib/date-format';
import { EmptyPanel } from '../../../lib/empty-panel';
import { LinkButton } from '../../../lib/link-button';
import { PageHeader } from '../../../lib/page-header';
import { useConversations } from '../api/conversations';
import styles from '../components/hub.module.css';
import { ProviderStatusCard } from '../components/provider-status-card';
import { QueryError } from '../components/query-error';

const ENTRIES: { to: string; title: string; text: string; icon: ReactNode; color: string }[] = [
  {
    to: '/ai/enhanced-chat',
    title: 'Enhanced Chat',
    text: 'Any connected provider, or Auto: the router picks the best one for each question and falls back if it fails.',
    icon: <ThunderboltOutlined />,
    color: '#1890ff',
  },
  {
    to: '/ai/fixed-chat',
    title: 'Local Model Chat',
    text: 'Chat with the model on our own local model service (Ollama), so your words never leave our servers.',
    icon: <DesktopOutlined />,
    color: '#13a8a8',
  },
  {
    to: '/ai/dashboard',
    title: 'AI Dashboard',
    text: 'What the assistant found in your files: analyses, insights and recommendations.',
    icon: <BarChartOutlined />,
    color: '#722ed1',
  },
  {
    to: '/ai/workbench',
    title: 'Workbench',
    text: 'Try a prompt on a chosen provider and model, with its temperature and system prompt, and see its tokens, timings and cost.',
    icon: <ExperimentOutlined />,
    color: '#fa8c16',
  },
];

function RecentConversations() {
  const list = useConversations();
  return (
    <Card title="Recent conversations" extra={<Link to="/ai/enhanced-chat">New chat</Link>}>
      {list.isPending && <Skeleton active title={false} paragraph={{ rows: 4 }} />}
      {list.isError && <QueryError title={errorMessage(list.error)} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && (
        <EmptyPanel
          icon={<MessageOutlined />}
          title="No conversations yet"
          description="Start a chat and it is kept here, to pick up where you left off."
          actions={
            <LinkButton to="/ai/enhanced-chat" type="primary">
              Start a chat
            </LinkButton>
          }
        />
      )}
      {list.data && list.data.length > 0 && (
        <ul className={styles.recentList}>
          {list.data.slice(0, 6).map((c) => (
            <li key={c.id}>
              <Link to={`/ai/enhanced-chat/${c.id}`} className={styles.recentLink}>
                <span className={styles.recentTitle}>{c.title}</span>
                <Typography.Text type="secondary" className={styles.small}>
                  {c.messageCount} messages · {formatRelative(c.updatedAt)}
                </Typography.Text>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** /ai: the way into the chats and the AI dashboard, provider status, recent chats. */
export default function AiHubPage() {
  const { token } = theme.useToken();
  const vars = {
    '--hub-border': token.colorBorderSecondary,
    '--hub-surface': token.colorBgContainer,
    '--hub-primary': token.colorPrimary,
    '--hub-primary-text': token.colorPrimaryText,
    '--hub-text': token.colorText,
    '--hub-text-secondary': token.colorTextSecondary,
  } as CSSProperties;
  return (
    <div style={vars}>
      <PageHeader
        title="AI workspace"
        description="Chat with an assistant backed by local and hosted models, and see what it found in your documents."
      />
      <div className={styles.cards}>
        {ENTRIES.map((e) => (
          <Link key={e.to} to={e.to} className={styles.entry}>
            <span className={styles.entryIcon} style={{ background: e.color }} aria-hidden>
              {e.icon}
            </span>
            <span className={styles.entryTitle}>{e.title}</span>
            <span className={styles.entryText}>{e.text}</span>
            <span className={styles.entryGo}>Open {e.title} →</span>
          </Link>
        ))}
      </div>
      <div className={styles.columns}>
        <ProviderStatusCard />
        <RecentConversations />
      </div>
    </div>
  );
}
