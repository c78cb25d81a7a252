import { Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import styles from './auth-layout.module.css';
import { BrandMark } from './brand-mark';
import { BrandPanel } from './brand-panel';

interface AuthLayoutProps {
  /** The card's heading and its line beneath. */
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the card: links such as "Already have an account? Sign in". */
  footer?: ReactNode;
  /** Wider content (the registration wizard). */
  wide?: boolean;
}

/**
 * The frame of every sign-in page: a brand panel on the left on desktop, the logo above the card
 * at phone width. The shell hides its header and footer on these routes.
 */
export function AuthLayout({ title, subtitle, children, footer, wide }: AuthLayoutProps) {
  const { token } = theme.useToken();
  return (
    <div className={styles.root} style={{ background: token.colorBgLayout }}>
      <BrandPanel className={styles.brand} />
      <main className={styles.main}>
        <div className={styles.mobileLogo}>
          <Link to="/">
            <BrandMark size={36} />
            <span className="stratos-visually-hidden"> home</span>
          </Link>
        </div>
        <div className={styles.content} style={wide ? { maxWidth: 520 } : undefined}>
          <div
            style={{
              background: token.colorBgContainer,
              borderRadius: token.borderRadiusLG * 1.5,
              border: `1px solid ${token.colorBorderSecondary}`,
              boxShadow: token.boxShadowTertiary,
              padding: 'clamp(20px, 5vw, 36px)',
            }}
          >
            <header style={{ marginBottom: 24 }}>
              <Typography.Title level={1} style={{ margin: 0, fontSize: 26, letterSpacing: '-0.01em' }}>
                {title}
              </Typography.Title>
              {subtitle && (
                <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0', fontSize: 15 }}>
                  {subtitle}
                </Typography.Paragraph>
              )}
            </header>
            {children}
          </div>
          {footer && <div className={styles.footer}>{footer}</div>}
        </div>
      </main>
    </div>
  );
}
