import {
  AuditOutlined,
  CloudServerOutlined,
  CreditCardOutlined,
  DatabaseOutlined,
  FieldTimeOutlined,
  GlobalOutlined,
  KeyOutlined,
  LinkOutlined,
  LockOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { LinkButton } from '../../../lib/link-button';
import { CardGrid } from '../components/card-grid';
import { CtaBand } from '../components/cta-band';
import { FeatureCard } from '../components/feature-card';
import { PageHero } from '../components/page-hero';
import { PageSection } from '../components/page-section';

const ACCOUNT = [
  {
    icon: <LockOutlined />,
    title: 'Argon2id password hashing',
    text: 'Passwords are never stored. We keep an Argon2id hash — a memory-hard algorithm designed to resist brute-force attacks on specialised hardware.',
  },
  {
    icon: <FieldTimeOutlined />,
    title: 'Short-lived access tokens',
    text: 'Each session uses a signed access token that expires within minutes, so a leaked token is useful for very little time.',
  },
  {
    icon: <KeyOutlined />,
    title: 'Rotating refresh tokens',
    text: 'Refresh tokens are random, stored only as hashes, and replaced on every use. Reusing an old one revokes the whole session family.',
  },
  {
    icon: <StopOutlined />,
    title: 'Rate-limited sign-in',
    text: 'Sign-in and verification attempts are limited per network address and per email address, so guessing is slow and noisy.',
  },
  {
    icon: <SafetyCertificateOutlined />,
    title: 'Verified email',
    text: 'New accounts confirm their email address with a six-digit code before they can sign in.',
  },
  {
    icon: <FieldTimeOutlined />,
    title: 'Idle sign-out',
    text: 'After fifteen minutes without activity we warn you, and sign you out a minute later unless you choose to stay.',
  },
];

const DATA = [
  {
    icon: <LinkOutlined />,
    title: 'Per-file download tokens',
    text: 'A download link carries a short-lived token that opens one file only — never your session token — so a shared link cannot reach the rest of your account.',
  },
  {
    icon: <GlobalOutlined />,
    title: 'HTTPS everywhere, with HSTS',
    text: 'All traffic is encrypted in transit, and Strict-Transport-Security tells browsers to refuse plain HTTP for a full year.',
  },
  {
    icon: <KeyOutlined />,
    title: 'Encrypted provider keys',
    text: 'API keys for AI providers are encrypted at rest on our servers and never sent to your browser. Requests to providers are made server-side.',
  },
  {
    icon: <CloudServerOutlined />,
    title: 'Atomic, checked uploads',
    text: 'Uploads are streamed, checked against size limits and your plan, and written atomically: an interrupted upload leaves nothing half-stored.',
  },
  {
    icon: <DatabaseOutlined />,
    title: 'Least-privilege data access',
    text: 'Every request is checked against your role and permissions on the server, and the operator’s raw database tools are read-only with strict limits.',
  },
  {
    icon: <CreditCardOutlined />,
    title: 'Payments handled by the provider',
    text: 'Card details go straight to our payment provider and never touch our servers. Amounts are always computed on our side from the price list.',
  },
];

const GOVERNANCE = [
  {
    icon: <TeamOutlined />,
    title: 'Roles and permissions',
    text: 'Users, admins and a single platform operator, with separate permissions for using AI, training it and reading or writing storage.',
  },
  {
    icon: <AuditOutlined />,
    title: 'Audit log',
    text: 'Sign-ins, failed sign-ins, password changes, role and permission changes and account suspensions are recorded with who, what and when.',
  },
];

/** /security: what we actually do to protect accounts and files. */
export default function SecurityPage() {
  return (
    <>
      <PageHero
        eyebrow="Security"
        title="How we protect your account and your files"
        lead="No vague promises: this page lists the specific measures built into Stratos, and what each one protects you from."
      />
      <PageSection
        title="Your account"
        lead="Signing in is where most breaches start, so that is where we start."
      >
        <CardGrid>
          {ACCOUNT.map((i) => (
            <FeatureCard key={i.title} icon={i.icon} title={i.title}>
              {i.text}
            </FeatureCard>
          ))}
        </CardGrid>
      </PageSection>
      <PageSection
        title="Your files and data"
        lead="Protected in transit, at rest and at every point of access."
        tinted
      >
        <CardGrid>
          {DATA.map((i) => (
            <FeatureCard key={i.title} icon={i.icon} title={i.title}>
              {i.text}
            </FeatureCard>
          ))}
        </CardGrid>
      </PageSection>
      <PageSection title="Governance" lead="For teams that need to know who can do what — and who did.">
        <CardGrid>
          {GOVERNANCE.map((i) => (
            <FeatureCard key={i.title} icon={i.icon} title={i.title}>
              {i.text}
            </FeatureCard>
          ))}
        </CardGrid>
      </PageSection>
      <CtaBand
        title="Found a vulnerability?"
        text="We welcome responsible disclosure. Write to us with the details and we will work with you on a fix."
      >
        <LinkButton to="/contact?subject=Security%20report" type="primary" size="large">
          Report an issue
        </LinkButton>
      </CtaBand>
    </>
  );
}
