import { theme } from 'antd';
import type { ReactNode } from 'react';

/** A closing call to action on a public page. */
export function CtaBand({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="cta-band-title" style={{ padding: '0 24px clamp(48px, 8vw, 96px)' }}>
      <div
        style={{
          maxWidth: 1100,
          margin: '0 auto',
          padding: 'clamp(32px, 6vw, 56px)',
          borderRadius: token.borderRadiusLG * 2,
          textAlign: 'center',
          color: '#fff',
          background: `radial-gradient(600px 240px at 90% 0%, rgba(114,46,209,0.55), transparent 70%),
            linear-gradient(135deg, #051937 0%, #0b3a80 55%, ${token.colorPrimary} 100%)`,
        }}
      >
        <h2
          id="cta-band-title"
          style={{ color: '#fff', fontSize: 'clamp(24px, 3.4vw, 34px)', margin: '0 0 12px' }}
        >
          {title}
        </h2>
        <p style={{ color: 'rgba(255,255,255,0.82)', fontSize: 17, maxWidth: 560, margin: '0 auto 28px' }}>
          {text}
        </p>
        <div style={{ display: 'flex', gap: 12, justifyContent: 'center', flexWrap: 'wrap' }}>{children}</div>
      </div>
    </section>
  );
}
