import { CloudServerOutlined, RobotOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from './brand-mark';
import styles from './brand-panel.module.css';

const FEATURES: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <CloudServerOutlined aria-hidden />,
    title: 'Your files, one place',
    text: 'Upload, organise and share files, or connect the storage you already use.',
  },
  {
    icon: <RobotOutlined aria-hidden />,
    title: 'An assistant that reads them',
    text: 'Ask questions about your documents and let AI sort what comes in.',
  },
  {
    icon: <SafetyCertificateOutlined aria-hidden />,
    title: 'Private by default',
    text: 'Hashed passwords, short-lived sessions and download links scoped to one file.',
  },
];

/** The gradient half of the sign-in pages on desktop. */
export function BrandPanel({ className }: { className?: string }) {
  const { token } = theme.useToken();
  const white = token.colorWhite;
  return (
    <aside
      className={`${styles.panel} ${className ?? ''}`}
      style={{
        background: `linear-gradient(145deg, ${token.blue7} 0%, ${token.colorPrimary} 45%, ${token.purple6} 100%)`,
        color: white,
      }}
    >
      <span
        className={styles.orb}
        style={{ width: 420, height: 420, right: -140, top: -120, background: white, opacity: 0.08 }}
      />
      <span
        className={styles.orb}
        style={{ width: 280, height: 280, left: -90, bottom: 60, background: white, opacity: 0.06 }}
      />
      <div className={styles.content}>
        <Link to="/" style={{ color: white }}>
          <BrandMark size={40} nameColor={white} tone="inverse" />
          <span className="stratos-visually-hidden"> home</span>
        </Link>
      </div>
      <div className={styles.content}>
        <h2
          style={{
            color: white,
            fontSize: 36,
            lineHeight: 1.15,
            fontWeight: 700,
            margin: 0,
            letterSpacing: '-0.02em',
          }}
        >
          Intelligence
          <br />
          beyond storage.
        </h2>
        <p style={{ fontSize: 16, opacity: 0.85, margin: '14px 0 0', maxWidth: 420 }}>
          Cloud storage with an AI assistant that understands what you keep.
        </p>
        <ul className={styles.features}>
          {FEATURES.map((f) => (
            <li key={f.title} className={styles.feature}>
              <span
                className={styles.icon}
                style={{ background: `color-mix(in srgb, ${white} 16%, transparent)`, color: white }}
              >
                {f.icon}
              </span>
              <span>
                <strong style={{ display: 'block', fontSize: 15 }}>{f.title}</strong>
                <span style={{ opacity: 0.8, fontSize: 14 }}>{f.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.content} style={{ opacity: 0.7, fontSize: 13 }}>
        © {new Date().getFullYear()} Stratos
      </div>
    </aside>
  );
}
