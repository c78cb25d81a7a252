import { ArrowRightOutlined, CompassOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { useSession } from '../../../lib/auth-session';
import { PlainLinkButton } from '../../../lib/plain-link-button';
import { useIsDark } from '../../../lib/use-is-dark';
import { HeroIllustration } from './hero-illustration';
import styles from './home.module.css';

/** The first screen: what Stratos is, in one line, with the two ways in. */
export function HomeHero() {
  const { token } = theme.useToken();
  const dark = useIsDark();
  const signedIn = useSession().status === 'signedIn';
  const background = dark
    ? `radial-gradient(900px 500px at 85% 20%, rgba(114,46,209,0.35), transparent 60%),
       linear-gradient(160deg, #01060f 0%, #061a38 50%, #0a3e7d 100%)`
    : `radial-gradient(900px 500px at 85% 20%, rgba(114,46,209,0.45), transparent 60%),
       linear-gradient(160deg, #051937 0%, #0b3a80 48%, ${token.colorPrimary} 100%)`;
  return (
    <section
      aria-labelledby="hero-title"
      style={{ position: 'relative', overflow: 'hidden', background, color: '#fff' }}
    >
      <div className={styles.heroInner}>
        <div className="stratos-fade-up">
          <span
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 8,
              padding: '6px 14px',
              borderRadius: 999,
              fontSize: 13,
              background: 'rgba(255,255,255,0.12)',
              border: '1px solid rgba(255,255,255,0.22)',
              backdropFilter: 'blur(6px)',
            }}
          >
            <span style={{ width: 8, height: 8, borderRadius: '50%', background: '#73d13d' }} aria-hidden />
            Cloud storage with an AI assistant built in
          </span>
          <h1
            id="hero-title"
            style={{
              fontSize: 'clamp(40px, 6vw, 64px)',
              lineHeight: 1.05,
              letterSpacing: '-0.03em',
              fontWeight: 800,
              margin: '24px 0 20px',
              color: '#fff',
            }}
          >
            Intelligence{' '}
            <span
              style={{
                background: 'linear-gradient(90deg, #91caff, #d3adf7)',
                WebkitBackgroundClip: 'text',
                backgroundClip: 'text',
                color: 'transparent',
              }}
            >
              beyond storage
            </span>
          </h1>
          <p className={styles.heroLead}>
            Stratos keeps your files safe in the cloud and puts an assistant right beside them. Chat with it,
            get a summary and insights of every document, and find what matters in seconds.
          </p>
          <div className={styles.heroActions}>
            <PlainLinkButton
              to={signedIn ? '/dashboard' : '/register'}
              variant="primary"
              size="large"
              icon={<ArrowRightOutlined />}
              iconPlacement="end"
            >
              {signedIn ? 'Go to your dashboard' : 'Start for free'}
            </PlainLinkButton>
            <PlainLinkButton to="/about" size="large" variant="ghost" icon={<CompassOutlined />}>
              Discover Stratos
            </PlainLinkButton>
          </div>
        </div>
        <div className={styles.heroArt}>
          <HeroIllustration />
        </div>
      </div>
    </section>
  );
}
