import { ArrowLeftOutlined, RocketOutlined } from '@ant-design/icons';
import { Flex, Tag, Typography, theme } from 'antd';
import { useSession } from '../../../lib/auth-session';
import { LinkButton } from '../../../lib/link-button';

interface ComingSoonPageProps {
  /** The route's title, e.g. "Files". */
  title: string;
  /** What is coming, as a noun phrase: "File storage". */
  capability: string;
  /** One sentence on what it will do. */
  description: string;
}

/** The one honest placeholder for pages that later work delivers: what it is, nothing invented. */
export default function ComingSoonPage({ title, capability, description }: ComingSoonPageProps) {
  const { token } = theme.useToken();
  const session = useSession();
  const signedIn = session.status === 'signedIn';
  return (
    <section
      aria-labelledby="coming-soon-title"
      style={{
        maxWidth: 640,
        margin: '24px auto',
        padding: '48px 32px',
        textAlign: 'center',
        background: token.colorBgContainer,
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG * 2,
        boxShadow: token.boxShadowTertiary,
      }}
    >
      <div
        aria-hidden
        style={{
          width: 72,
          height: 72,
          margin: '0 auto 20px',
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          fontSize: 32,
          color: token.colorPrimary,
          background: token.colorPrimaryBg,
        }}
      >
        <RocketOutlined />
      </div>
      <Tag color="processing" style={{ marginBottom: 12 }}>
        {title} · Coming soon
      </Tag>
      <Typography.Title level={1} id="coming-soon-title" style={{ fontSize: 28, marginTop: 0 }}>
        {capability} is coming soon
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 16, maxWidth: 480, margin: '0 auto 28px' }}>
        {description} We are building it now; this page will come alive as soon as it is ready.
      </Typography.Paragraph>
      <Flex gap={12} justify="center" wrap>
        <LinkButton to={signedIn ? '/dashboard' : '/'} type="primary" icon={<ArrowLeftOutlined />}>
          {signedIn ? 'Back to dashboard' : 'Back to home'}
        </LinkButton>
        <LinkButton to="/contact">Tell us what you need</LinkButton>
      </Flex>
    </section>
  );
}
