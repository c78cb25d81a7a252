import { theme } from 'antd';
import { useId } from 'react';
import { Link } from 'react-router';

interface LogoProps {
  /** Light text for dark backgrounds (the home hero). */
  inverted?: boolean;
  /** Show the tagline under the wordmark. */
  tagline?: boolean;
}

/** The Stratos mark (three strata rising into a spark) and wordmark; links home. */
export function Logo({ inverted = false, tagline = true }: LogoProps) {
  const { token } = theme.useToken();
  const gradientId = useId();
  const text = inverted ? '#fff' : token.colorText;
  const sub = inverted ? 'rgba(255,255,255,0.72)' : token.colorTextSecondary;
  return (
    <Link
      to="/"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 10, textDecoration: 'none', flexShrink: 0 }}
    >
      <svg width="34" height="34" viewBox="0 0 40 40" aria-hidden focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#40a9ff" />
            <stop offset="0.55" stopColor={token.colorPrimary} />
            <stop offset="1" stopColor="#722ed1" />
          </linearGradient>
        </defs>
        <rect width="40" height="40" rx="10" fill={`url(#${gradientId})`} />
        <path d="M9 27.5 20 32l11-4.5-11-4.5z" fill="#fff" opacity="0.55" />
        <path d="M9 21.5 20 26l11-4.5L20 17z" fill="#fff" opacity="0.8" />
        <path d="M9 15.5 20 20l11-4.5L20 11z" fill="#fff" />
        <circle cx="29.5" cy="9.5" r="2.2" fill="#fff" />
      </svg>
      <span style={{ display: 'flex', flexDirection: 'column', lineHeight: 1.1 }}>
        <span style={{ color: text, fontSize: 20, fontWeight: 700, letterSpacing: -0.3 }}>Stratos</span>
        {tagline && (
          <span className="stratos-logo-tagline" style={{ color: sub, fontSize: 11, letterSpacing: 0.2 }}>
            intelligence beyond storage
          </span>
        )}
      </span>
      {/* Named by its visible words, so speech users can say what they see; "home" says where it goes. */}
      <span className="stratos-visually-hidden">, home</span>
    </Link>
  );
}
