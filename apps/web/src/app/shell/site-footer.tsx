import { theme } from 'antd';
import { Link } from 'react-router';
import { Logo } from './logo';

const COLUMNS = [
  {
    heading: 'Product',
    links: [
      { label: 'Features', to: '/features' },
      { label: 'Pricing', to: '/pricing' },
      { label: 'Integrations', to: '/integrations' },
      { label: 'Enterprise Intelligence', to: '/enterprise-intelligence' },
    ],
  },
  {
    heading: 'Company',
    links: [
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact' },
      { label: 'Security', to: '/security' },
      { label: 'John 3:16', to: '/john316' },
    ],
  },
  {
    heading: 'Legal',
    links: [
      { label: 'Privacy', to: '/privacy' },
      { label: 'Terms', to: '/terms' },
    ],
  },
];

export function SiteFooter() {
  const { token } = theme.useToken();
  return (
    <footer
      style={{
        borderTop: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorBgContainer,
        ['--stratos-footer-link' as string]: token.colorTextSecondary,
        marginTop: 'auto',
      }}
    >
      <div
        className="stratos-footer-grid"
        style={{ maxWidth: 1200, margin: '0 auto', padding: '40px 24px 24px' }}
      >
        <div>
          <Logo />
          <p style={{ margin: '12px 0 0', maxWidth: 300, color: token.colorTextSecondary }}>
            Cloud storage with an AI assistant beside your files.
          </p>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.heading} aria-label={col.heading}>
            <h2 style={{ fontSize: 14, fontWeight: 600, margin: '0 0 12px', color: token.colorTextHeading }}>
              {col.heading}
            </h2>
            <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="stratos-footer-link">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div
        style={{
          maxWidth: 1200,
          margin: '0 auto',
          padding: '16px 24px 24px',
          borderTop: `1px solid ${token.colorSplit}`,
          color: token.colorTextTertiary,
          fontSize: 13,
        }}
      >
        © {new Date().getFullYear()} Stratos. Intelligence beyond storage.
      </div>
    </footer>
  );
}
