import {
  EyeOutlined,
  LockOutlined,
  NodeIndexOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { LinkButton } from '../../../lib/link-button';
import { CardGrid } from '../components/card-grid';
import { CtaBand } from '../components/cta-band';
import { FeatureCard } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { PageSection } from '../components/page-section';
import { Prose } from '../components/prose';

const PRINCIPLES = [
  {
    icon: <LockOutlined />,
    title: 'Your files stay yours',
    text: 'We store your files to serve them back to you. We do not sell them, mine them for advertising or train shared models on them.',
  },
  {
    icon: <EyeOutlined />,
    title: 'Honest numbers',
    text: 'Every figure on your dashboard is computed from your own data. If we cannot measure something, we do not show it.',
  },
  {
    icon: <SafetyCertificateOutlined />,
    title: 'Secure by default',
    text: 'Strong password hashing, short-lived sessions and signed download links are switched on for everyone, not sold as extras.',
  },
  {
    icon: <NodeIndexOutlined />,
    title: 'Open to your choices',
    text: 'Pick the AI provider that suits you, including models that run on our own servers, or bring your own provider key.',
  },
];

const AUDIENCES = [
  {
    icon: <UserOutlined />,
    title: 'Individuals',
    text: 'Keep documents, photos and projects in one place, find them by name, and read a summary of each document.',
  },
  {
    icon: <ShopOutlined />,
    title: 'Business owners',
    text: 'Clear monthly plans or prepaid credits, usage you can see, and receipts you can understand.',
  },
  {
    icon: <TeamOutlined />,
    title: 'Teams',
    text: 'Share files by link, with a password or an end date, and keep admin work with the people whose role allows it.',
  },
  {
    icon: <ToolOutlined />,
    title: 'Administrators',
    text: 'An admin dashboard and an audit log of every sensitive change, so you always know who did what.',
  },
];

/** /about */
export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About Stratos"
        title="We build storage that understands what you keep"
        lead="Stratos is cloud file storage with an AI assistant built in. We started from a simple idea: the place where your files live should help you use them, not just hold them."
      />
      <PageSection width={760}>
        <Prose>
          <h2>Why Stratos exists</h2>
          <p>
            Most of us keep years of work in folders we rarely open again. Finding the contract from last
            spring, the figures behind a report or the one photo you need means remembering where you put it
            and what you called it.
          </p>
          <p>
            Stratos keeps your files safe and adds a layer of intelligence on top: an assistant to chat with,
            and analysis that reads your documents and sums each one up. The name comes from the layers of the
            sky above the clouds — your storage is the foundation, and the intelligence sits above it.
          </p>
          <h2>How we work</h2>
          <p>
            We are a product team that ships in small, careful steps. New capabilities appear in Stratos when
            they work end to end; until then, we tell you plainly that they are coming. Our{' '}
            <Link to="/security">security page</Link> describes exactly how we protect your account and your
            files.
          </p>
        </Prose>
      </PageSection>
      <PageSection title="What we believe" tinted>
        <CardGrid min={240}>
          {PRINCIPLES.map((p) => (
            <FeatureCard key={p.title} icon={p.icon} title={p.title}>
              {p.text}
            </FeatureCard>
          ))}
        </CardGrid>
      </PageSection>
      <PageSection
        title="Who it is for"
        lead="One account model that grows from a single person to a whole organisation."
      >
        <CardGrid min={240}>
          {AUDIENCES.map((a) => (
            <FeatureCard key={a.title} icon={a.icon} title={a.title}>
              {a.text}
            </FeatureCard>
          ))}
        </CardGrid>
      </PageSection>
      <CtaBand
        title="See it for yourself"
        text="Create a free account in a minute, or tell us what your team needs."
      >
        <LinkButton to="/register" type="primary" size="large">
          Start for free
        </LinkButton>
        <LinkButton to="/contact" size="large" ghost>
          Contact us
        </LinkButton>
      </CtaBand>
    </>
  );
}
