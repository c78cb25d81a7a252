import {
  ApiOutlined,
  BulbOutlined,
  CloudDownloadOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  MessageOutlined,
  RiseOutlined,
} from '@ant-design/icons';
import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../lib/page-header';
import { ChatTab } from '../components/chat-tab';
import { DashboardTab } from '../components/dashboard-tab';
import { EnhancedTab } from '../components/enhanced-tab';
import { ExponentialTab } from '../components/exponential-tab';
import { ExtractionTab } from '../components/extraction-tab';
import { LearningTab } from '../components/learning-tab';
import { ProvidersTab } from '../components/providers-tab';
import { SeedingTab } from '../components/seeding-tab';

const TABS: Array<{ key: string; label: string; icon: ReactNode; body: () => ReactNode }> = [
  { key: 'dashboard', label: 'Dashboard', icon: <DashboardOutlined />, body: () => <DashboardTab /> },
  { key: 'chat', label: 'AI Chat', icon: <MessageOutlined />, body: () => <ChatTab /> },
  { key: 'learning', label: 'Learning', icon: <BulbOutlined />, body: () => <LearningTab /> },
  { key: 'enhanced', label: 'Enhanced Learning', icon: <ExperimentOutlined />, body: () => <EnhancedTab /> },
  {
    key: 'exponential',
    label: 'Exponential Learning',
    icon: <RiseOutlined />,
    body: () => <ExponentialTab />,
  },
  {
    key: 'extraction',
    label: 'Knowledge Extraction',
    icon: <CloudDownloadOutlined />,
    body: () => <ExtractionTab />,
  },
  { key: 'seeding', label: 'Database Seeding', icon: <DatabaseOutlined />, body: () => <SeedingTab /> },
  { key: 'providers', label: 'Providers', icon: <ApiOutlined />, body: () => <ProvidersTab /> },
];

/** /ai/superadmin-learning (part 2 section 2): the superadmin's console of the AI system. */
export default function AiConsolePage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.key === params.get('tab')) ? (params.get('tab') as string) : 'dashboard';
  return (
    <>
      <PageHeader
        title="AI Learning Interface"
        description="Learning, knowledge extraction, seeding and providers of the AI system. Every figure is measured from stored data."
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        destroyOnHidden
        items={TABS.map((t) => ({
          key: t.key,
          label: (
            <span>
              {t.icon} {t.label}
            </span>
          ),
          children: t.body(),
        }))}
      />
    </>
  );
}
