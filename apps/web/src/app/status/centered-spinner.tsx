import { theme } from 'antd';
import { useEffect, useState } from 'react';

/**
 * A centred spinner with an optional caption; `delay` (ms) avoids a flash on fast loads. Plain CSS,
 * so the shell's first load carries no spinner component.
 */
export function CenteredSpinner({ label, delay = 0 }: { label?: string; delay?: number }) {
  const { token } = theme.useToken();
  const [visible, setVisible] = useState(delay === 0);
  useEffect(() => {
    if (delay === 0) return;
    const id = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(id);
  }, [delay]);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label={label ?? 'Loading'}
      style={{
        minHeight: '50vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 16,
        padding: 24,
        visibility: visible ? 'visible' : 'hidden',
      }}
    >
      <span
        className="stratos-spinner"
        aria-hidden
        style={{ borderColor: token.colorPrimaryBg, borderTopColor: token.colorPrimary }}
      />
      {label && <span style={{ color: token.colorTextSecondary }}>{label}</span>}
    </div>
  );
}
