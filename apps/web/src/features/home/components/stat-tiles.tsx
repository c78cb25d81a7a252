import { ApiOutlined, DollarOutlined, FileDoneOutlined, RobotOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import styles from './home.module.css';

/** The four figures of the product's marketing copy (part 1 section 1). */
const STATS = [
  { value: '100+', label: 'AI models', note: 'to choose from for your assistant', icon: <RobotOutlined /> },
  { value: '70+', label: 'Integrations', note: 'storage platforms and services', icon: <ApiOutlined /> },
  {
    value: '2.5M+',
    label: 'Files processed',
    note: 'organised, searched and analysed',
    icon: <FileDoneOutlined />,
  },
  { value: '$125K+', label: 'Cost savings', note: 'from smarter storage choices', icon: <DollarOutlined /> },
];

export function StatTiles() {
  const { token } = theme.useToken();
  return (
    <section
      aria-label="Stratos at a glance"
      style={{ position: 'relative', zIndex: 2, maxWidth: 1200, margin: '-64px auto 0', padding: '0 24px' }}
    >
      <ul
        className={styles.stats}
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          gap: 1,
          background: token.colorBorderSecondary,
          borderRadius: token.borderRadiusLG * 2,
          border: `1px solid ${token.colorBorderSecondary}`,
          boxShadow: token.boxShadow,
          overflow: 'hidden',
        }}
      >
        {STATS.map((s) => (
          <li key={s.label} className={styles.stat} style={{ background: token.colorBgContainer }}>
            <span
              aria-hidden
              style={{
                flexShrink: 0,
                width: 44,
                height: 44,
                borderRadius: 12,
                display: 'grid',
                placeItems: 'center',
                fontSize: 20,
                color: token.colorPrimary,
                background: token.colorPrimaryBg,
              }}
            >
              {s.icon}
            </span>
            <div>
              <div
                style={{
                  fontSize: 28,
                  fontWeight: 800,
                  letterSpacing: -0.5,
                  color: token.colorText,
                  lineHeight: 1.1,
                }}
              >
                {s.value}
              </div>
              <div style={{ fontWeight: 600, color: token.colorText, marginTop: 4 }}>{s.label}</div>
              <div style={{ fontSize: 13, color: token.colorTextSecondary }}>{s.note}</div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
