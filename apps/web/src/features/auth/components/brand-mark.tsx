import { theme } from 'antd';
import { useId } from 'react';

interface BrandMarkProps {
  size?: number;
  /** Show the word mark beside the logo. */
  withName?: boolean;
  /** Colour of the word mark; defaults to the text colour. */
  nameColor?: string;
  /** `inverse`: a white tile for use on the brand gradient. */
  tone?: 'brand' | 'inverse';
}

/** The Stratos mark (three strata rising into a spark, as in the site header) and word mark. */
export function BrandMark({ size = 36, withName = true, nameColor, tone = 'brand' }: BrandMarkProps) {
  const { token } = theme.useToken();
  const gradientId = useId();
  const tile = tone === 'inverse' ? token.colorWhite : `url(#${gradientId})`;
  const ink = tone === 'inverse' ? `url(#${gradientId})` : token.colorWhite;
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}>
      <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor={token.blue5} />
            <stop offset="0.55" stopColor={token.colorPrimary} />
            <stop offset="1" stopColor={token.purple6} />
          </linearGradient>
        </defs>
        <rect width="40" height="40" rx="10" fill={tile} />
        <path d="M9 27.5 20 32l11-4.5-11-4.5z" fill={ink} opacity="0.55" />
        <path d="M9 21.5 20 26l11-4.5L20 17z" fill={ink} opacity="0.8" />
        <path d="M9 15.5 20 20l11-4.5L20 11z" fill={ink} />
        <circle cx="29.5" cy="9.5" r="2.2" fill={ink} />
      </svg>
      {withName && (
        <span
          style={{
            fontSize: size * 0.58,
            fontWeight: 700,
            letterSpacing: '-0.02em',
            color: nameColor ?? token.colorText,
          }}
        >
          Stratos
        </span>
      )}
    </span>
  );
}
