import {
  ApiOutlined,
  CloudServerOutlined,
  MessageOutlined,
  SearchOutlined,
  ShareAltOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { theme } from 'antd';
import { useShades } from '../../../lib/palette';
import { Heading, SecondaryParagraph } from '../../../lib/plain-text';
import styles from './home.module.css';
import { SectionHeading } from './section-heading';

const CAPABILITIES = [
  {
    icon: <CloudServerOutlined />,
    title: 'Secure cloud storage',
    text: 'Upload, organise and share files and folders. Every download link is signed for one file and expires quickly.',
  },
  {
    icon: <MessageOutlined />,
    title: 'An assistant beside your files',
    text: 'Chat in plain language and watch the answer arrive as it is written, from the AI provider you choose. Your documents get a summary, tags and insights.',
  },
  {
    icon: <SearchOutlined />,
    title: 'Find anything fast',
    text: 'Search by name, sort by size, type or date, and switch between grid, list and detail views.',
  },
  {
    icon: <ShareAltOutlined />,
    title: 'Share and restore',
    text: 'Share a file by link, with a password or an end date if you like. Deleted files wait in the recycle bin until you restore them.',
  },
  {
    icon: <ApiOutlined />,
    title: 'Open to your clouds',
    text: 'Runs on S3-compatible object storage, with Google Drive, Dropbox, OneDrive and more on the way.',
  },
  {
    icon: <WalletOutlined />,
    title: 'Pay your way',
    text: 'A simple monthly plan, or prepaid credits that never expire and pay only for what you store.',
  },
];

export function CapabilityGrid() {
  const { token } = theme.useToken();
  // White words on the gradient: it starts from the brand fill that carries white text.
  const shades = useShades();
  return (
    <section
      aria-labelledby="capabilities-title"
      style={{ maxWidth: 1200, margin: '0 auto', padding: '96px 24px 48px' }}
    >
      <SectionHeading
        id="capabilities-title"
        eyebrow="Why Stratos"
        title="Everything your files need, in one place"
        lead="Storage, search and an AI assistant that share one account, one set of permissions and one bill."
      />
      <ul className={styles.cards} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {CAPABILITIES.map((c) => (
          <li
            key={c.title}
            style={{
              padding: 28,
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG * 1.5,
              border: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            <span
              aria-hidden
              style={{
                display: 'inline-grid',
                placeItems: 'center',
                width: 48,
                height: 48,
                borderRadius: 14,
                fontSize: 22,
                color: '#fff',
                background: `linear-gradient(135deg, ${shades.fill.base}, #722ed1)`,
                marginBottom: 20,
              }}
            >
              {c.icon}
            </span>
            <Heading level={3} style={{ fontSize: 18, marginTop: 0 }}>
              {c.title}
            </Heading>
            <SecondaryParagraph style={{ margin: 0, fontSize: 15, lineHeight: 1.65 }}>
              {c.text}
            </SecondaryParagraph>
          </li>
        ))}
      </ul>
    </section>
  );
}
