import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BranchesOutlined,
  BulbOutlined,
  CheckCircleOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  LinkOutlined,
  MessageOutlined,
  MobileOutlined,
  RobotOutlined,
  SafetyOutlined,
  SearchOutlined,
  StarOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { LinkButton } from '../../../lib/link-button';
import { CardGrid } from '../components/card-grid';
import { CtaBand } from '../components/cta-band';
import { FeatureCard } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { PageSection } from '../components/page-section';

interface Group {
  title: string;
  lead: string;
  items: { icon: ReactNode; title: string; text: string }[];
}

const GROUPS: Group[] = [
  {
    title: 'Storage',
    lead: 'A calm, fast home for every file and folder.',
    items: [
      {
        icon: <CloudUploadOutlined />,
        title: 'Upload anything',
        text: 'Drop in files of any type, one or many at a time, with progress for each. Uploads are checked against your plan before a byte is stored.',
      },
      {
        icon: <FolderOpenOutlined />,
        title: 'Folders and views',
        text: 'Organise with folders and breadcrumbs, and switch between grid, list and detail views to suit the moment.',
      },
      {
        icon: <SearchOutlined />,
        title: 'Search and sort',
        text: 'Find files by name as you type, and sort by name, size, type or upload date in either direction.',
      },
      {
        icon: <LinkOutlined />,
        title: 'Safe download links',
        text: 'Each download link is signed for one file and expires quickly, so a forwarded link does not expose your account.',
      },
      {
        icon: <DeleteOutlined />,
        title: 'Recycle bin',
        text: 'Deleted files wait in the recycle bin, where you can restore them or remove them for good.',
      },
      {
        icon: <BarChartOutlined />,
        title: 'Usage you can see',
        text: 'Your dashboard shows how many files you keep and how much space they use, computed from your own data.',
      },
    ],
  },
  {
    title: 'AI assistant',
    lead: 'Chat in plain language, and let it read your documents for you.',
    items: [
      {
        icon: <MessageOutlined />,
        title: 'Streaming chat',
        text: 'Answers appear as they are written, so you can read along instead of waiting for the whole reply.',
      },
      {
        icon: <RobotOutlined />,
        title: 'Your choice of model',
        text: 'Use models that run on our own servers, or hosted providers such as OpenAI, Anthropic, Google and Hugging Face.',
      },
      {
        icon: <FileSearchOutlined />,
        title: 'Document analysis',
        text: 'Text, Markdown, CSV, JSON, PDF and Word files get a summary, tags, insights and recommendations, gathered on your AI dashboard.',
      },
      {
        icon: <ThunderboltOutlined />,
        title: 'Automatic fallback',
        text: 'If a provider is unavailable, your request moves to the next one you allow, without you starting over.',
      },
      {
        icon: <StarOutlined />,
        title: 'Quality you can rate',
        text: 'Every reply is scored from poor to excellent and canned answers are tried again. You can rate any reply and say what was missing.',
      },
      {
        icon: <FileTextOutlined />,
        title: 'Answers from your files',
        text: 'Ask about your own documents: the assistant reads the passages that match, answers from them and lists the files it used, linked. One switch turns it off.',
      },
      {
        icon: <SearchOutlined />,
        title: 'Search inside files',
        text: 'Advanced Search finds words and meaning inside your documents, not only in their names, and highlights where they matched.',
      },
      {
        icon: <BulbOutlined />,
        title: 'Better with every rating',
        text: 'Ratings and comments feed regular learning cycles; the improvements the operators apply shape how later questions on that topic are answered.',
      },
    ],
  },
  {
    title: 'Automation',
    lead: 'Let the routine work happen on its own, with a record of every run.',
    items: [
      {
        icon: <BranchesOutlined />,
        title: 'Workflows',
        text: 'Run steps on your files by hand, on a schedule or when a file arrives in a folder: analyse, tag, move, copy, rename, summarise, e-mail or call a webhook. Each run keeps its history.',
      },
      {
        icon: <CheckCircleOutlined />,
        title: 'An assistant that asks first',
        text: 'Ask in plain words to summarise, tag or move files; the assistant proposes each action and does it only once you confirm.',
      },
    ],
  },
  {
    title: 'Accounts and control',
    lead: 'From one person to a whole organisation.',
    items: [
      {
        icon: <TeamOutlined />,
        title: 'Roles and permissions',
        text: 'Users, admins and an operator, with fine-grained permissions for AI use, training and storage access.',
      },
      {
        icon: <AuditOutlined />,
        title: 'Audit log',
        text: 'Sensitive changes are recorded with who made them and when, and admins can review them at any time.',
      },
      {
        icon: <WalletOutlined />,
        title: 'Plans or credits',
        text: 'Pay a fixed monthly price, or top up prepaid credits that never expire and cover storage and transfer as you use them.',
      },
      {
        icon: <MobileOutlined />,
        title: 'Made for phones too',
        text: 'A layout built for small screens, with bottom navigation for the places you visit most.',
      },
      {
        icon: <SafetyOutlined />,
        title: 'Session safety',
        text: 'Idle sessions warn you and then sign out on their own, so a forgotten tab does not stay open to anyone.',
      },
    ],
  },
];

/** /features */
export default function FeaturesPage() {
  return (
    <>
      <PageHero
        eyebrow="Features"
        title="Storage, search and an AI assistant — together"
        lead="Everything in Stratos shares one account, one set of permissions and one bill. Here is what it does."
      >
        <LinkButton to="/register" type="primary" size="large">
          Start for free
        </LinkButton>
        <LinkButton to="/pricing" size="large" icon={<AppstoreOutlined />}>
          Compare plans
        </LinkButton>
      </PageHero>
      {GROUPS.map((g, i) => (
        <PageSection key={g.title} title={g.title} lead={g.lead} tinted={i % 2 === 1}>
          <CardGrid>
            {g.items.map((item) => (
              <FeatureCard key={item.title} icon={item.icon} title={item.title}>
                {item.text}
              </FeatureCard>
            ))}
          </CardGrid>
        </PageSection>
      ))}
      <div style={{ height: 48 }} />
      <CtaBand
        title="Ready when you are"
        text="Start on the free plan and upgrade when you need more space or more answers."
      >
        <LinkButton to="/register" type="primary" size="large">
          Create your account
        </LinkButton>
      </CtaBand>
    </>
  );
}
