import { theme } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../../lib/auth-session';
import { PlainLinkButton } from '../../../lib/plain-link-button';

/** The last band of the home page; the home page has no site footer, so the legal links live here. */
export function ClosingCta() {
  const { token } = theme.useToken();
  const signedIn = useSession().status === 'signedIn';
  return (
    <section
      aria-labelledby="cta-title"
      style={{
        background: `linear-gradient(135deg, #051937 0%, #0b3a80 55%, ${token.colorPrimary} 100%)`,
        color: '#fff',
        textAlign: 'center',
        padding: '80px 24px 32px',
      }}
    >
      <h2
        id="cta-title"
        style={{
          color: '#fff',
          fontSize: 'clamp(28px, 4vw, 40px)',
          margin: '0 0 12px',
          letterSpacing: '-0.02em',
        }}
      >
        Your files, with intelligence built in
      </h2>
      <p style={{ color: 'rgba(255,255,255,0.8)', fontSize: 17, margin: '0 auto 32px', maxWidth: 560 }}>
        Create your account in a minute. Upgrade, downgrade or leave whenever you like.
      </p>
      <div style={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>
        {signedIn ? (
          <PlainLinkButton to="/dashboard" variant="primary" size="large">
            Go to your dashboard
          </PlainLinkButton>
        ) : (
          <PlainLinkButton to="/register" variant="primary" size="large">
            Start for free
          </PlainLinkButton>
        )}
        <PlainLinkButton to="/contact" size="large" variant="ghost">
          Talk to us
        </PlainLinkButton>
      </div>
      <nav
        aria-label="Legal"
        style={{
          marginTop: 64,
          fontSize: 13,
          color: 'rgba(255,255,255,0.6)',
          display: 'flex',
          gap: 16,
          justifyContent: 'center',
          flexWrap: 'wrap',
        }}
      >
        <span>© {new Date().getFullYear()} Stratos</span>
        <Link to="/about" style={{ color: 'inherit' }}>
          About
        </Link>
        <Link to="/privacy" style={{ color: 'inherit' }}>
          Privacy
        </Link>
        <Link to="/terms" style={{ color: 'inherit' }}>
          Terms
        </Link>
        <Link to="/contact" style={{ color: 'inherit' }}>
          Contact
        </Link>
      </nav>
    </section>
  );
}
