import {
  ApartmentOutlined,
  AuditOutlined,
  ClusterOutlined,
  CustomerServiceOutlined,
  DatabaseOutlined,
  KeyOutlined,
  LockOutlined,
  RobotOutlined,
} from '@ant-design/icons';
import { LinkButton } from '../../../lib/link-button';
import { CardGrid } from '../components/card-grid';
import { CtaBand } from '../components/cta-band';
import { FeatureCard } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { PageSection } from '../components/page-section';

const CAPABILITIES = [
  {
    icon: <RobotOutlined />,
    title: 'AI on your terms',
    text: 'Use the providers you configure — including models that run on your own servers — with automatic fallback between them.',
  },
  {
    icon: <KeyOutlined />,
    title: 'Your keys, kept safe',
    text: 'Bring your own provider keys. They are encrypted at rest, used only server-side, and never shown to a browser.',
  },
  {
    icon: <ApartmentOutlined />,
    title: 'Roles and permissions',
    text: 'Users, admins and an operator, each with the permissions of their role; admins change roles and disable accounts from the admin dashboard.',
  },
  {
    icon: <AuditOutlined />,
    title: 'A full audit trail',
    text: 'Sign-ins, role changes and suspensions are recorded, so security reviews start from facts.',
  },
];

const PLATFORM = [
  {
    icon: <DatabaseOutlined />,
    title: 'Standard building blocks',
    text: 'Stratos runs on PostgreSQL and S3-compatible object storage — technology your team already knows how to operate and back up.',
  },
  {
    icon: <ClusterOutlined />,
    title: 'Built to scale out',
    text: 'Stateless application servers behind a load balancer, with a managed or distributed PostgreSQL when one machine is not enough.',
  },
  {
    icon: <LockOutlined />,
    title: 'Security by default',
    text: 'Argon2id passwords, short-lived tokens with rotating refresh tokens, HSTS and per-file download links for every user.',
  },
  {
    icon: <CustomerServiceOutlined />,
    title: 'Round-the-clock support',
    text: 'The Enterprise plan includes 24/7 support and unlimited storage and AI queries.',
  },
];

/** /enterprise-intelligence: Stratos for organisations. */
export default function EnterpriseIntelligencePage() {
  return (
    <>
      <PageHero
        eyebrow="Enterprise Intelligence"
        title="Your organisation's knowledge, working for everyone"
        lead="Give every team one secure place for its files and an assistant that can answer from them — with the controls, audit trail and deployment choices your IT and security teams expect."
      >
        <LinkButton to="/contact?plan=enterprise" type="primary" size="large">
          Talk to us
        </LinkButton>
        <LinkButton to="/security" size="large">
          Review our security
        </LinkButton>
      </PageHero>
      <PageSection
        title="Control without friction"
        lead="Powerful for the people who use it; predictable for the people who run it."
      >
        <CardGrid min={250}>
          {CAPABILITIES.map((c) => (
            <FeatureCard key={c.title} icon={c.icon} title={c.title}>
              {c.text}
            </FeatureCard>
          ))}
        </CardGrid>
      </PageSection>
      <PageSection
        title="A platform you can trust"
        lead="No exotic infrastructure and no black boxes."
        tinted
      >
        <CardGrid min={250}>
          {PLATFORM.map((c) => (
            <FeatureCard key={c.title} icon={c.icon} title={c.title}>
              {c.text}
            </FeatureCard>
          ))}
        </CardGrid>
      </PageSection>
      <div style={{ height: 48 }} />
      <CtaBand
        title="Let's plan your rollout"
        text="Tell us about your team, your data and your requirements. We will reply with a setup that fits."
      >
        <LinkButton to="/contact?plan=enterprise" type="primary" size="large">
          Contact sales
        </LinkButton>
      </CtaBand>
    </>
  );
}
