/**
 * The hero's picture: three translucent strata (storage) with files resting on the top layer and
 * an assistant bubble above them (intelligence). Pure SVG, decorative.
 */
export function HeroIllustration() {
  const layer = (y: number) => `240,${y - 80} 400,${y} 240,${y + 80} 80,${y}`;
  return (
    <svg
      viewBox="0 0 480 440"
      role="presentation"
      aria-hidden
      focusable="false"
      style={{ width: '100%', height: 'auto' }}
    >
      <defs>
        <linearGradient id="hero-layer" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#69c0ff" stopOpacity="0.9" />
          <stop offset="1" stopColor="#722ed1" stopOpacity="0.75" />
        </linearGradient>
        <linearGradient id="hero-top" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.95" />
          <stop offset="1" stopColor="#d6e4ff" stopOpacity="0.9" />
        </linearGradient>
        <radialGradient id="hero-glow" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#40a9ff" stopOpacity="0.55" />
          <stop offset="1" stopColor="#40a9ff" stopOpacity="0" />
        </radialGradient>
        <filter id="hero-shadow" x="-20%" y="-20%" width="140%" height="160%">
          <feDropShadow dx="0" dy="10" stdDeviation="12" floodColor="#001a40" floodOpacity="0.35" />
        </filter>
      </defs>

      <ellipse cx="240" cy="250" rx="220" ry="170" fill="url(#hero-glow)" />

      <g className="stratos-float-slow">
        <polygon points={layer(330)} fill="url(#hero-layer)" opacity="0.35" />
        <polygon points={layer(290)} fill="url(#hero-layer)" opacity="0.55" />
        <polygon points={layer(250)} fill="url(#hero-layer)" opacity="0.8" />
        <polygon points={layer(206)} fill="url(#hero-top)" filter="url(#hero-shadow)" />
        {/* grid on the top layer */}
        <g stroke="#1890ff" strokeOpacity="0.18" strokeWidth="1">
          <line x1="160" y1="166" x2="320" y2="246" />
          <line x1="200" y1="146" x2="360" y2="226" />
          <line x1="160" y1="246" x2="320" y2="166" />
          <line x1="120" y1="226" x2="280" y2="146" />
        </g>
      </g>

      {/* files resting on the top layer */}
      <g className="stratos-float" filter="url(#hero-shadow)">
        <g transform="translate(150 140)">
          <rect width="62" height="78" rx="8" fill="#fff" />
          <rect width="62" height="18" rx="8" fill="#ff7875" />
          <rect y="10" width="62" height="8" fill="#ff7875" />
          <rect x="10" y="28" width="42" height="5" rx="2.5" fill="#d9d9d9" />
          <rect x="10" y="40" width="34" height="5" rx="2.5" fill="#e8e8e8" />
          <rect x="10" y="52" width="38" height="5" rx="2.5" fill="#e8e8e8" />
        </g>
        <g transform="translate(226 118)">
          <rect width="62" height="78" rx="8" fill="#fff" />
          <rect x="8" y="8" width="46" height="36" rx="5" fill="#95de64" />
          <circle cx="20" cy="20" r="5" fill="#fff" opacity="0.9" />
          <polygon points="10,42 26,26 36,36 42,30 52,42" fill="#389e0d" opacity="0.7" />
          <rect x="10" y="54" width="40" height="5" rx="2.5" fill="#d9d9d9" />
        </g>
        <g transform="translate(298 150)">
          <rect width="62" height="78" rx="8" fill="#fff" />
          <rect width="62" height="18" rx="8" fill="#1890ff" />
          <rect y="10" width="62" height="8" fill="#1890ff" />
          <rect x="10" y="28" width="42" height="5" rx="2.5" fill="#d9d9d9" />
          <rect x="10" y="40" width="30" height="5" rx="2.5" fill="#e8e8e8" />
          <rect x="10" y="52" width="40" height="5" rx="2.5" fill="#e8e8e8" />
        </g>
      </g>

      {/* the assistant */}
      <g className="stratos-float-slow" filter="url(#hero-shadow)">
        <g transform="translate(270 28)">
          <rect width="180" height="74" rx="16" fill="#fff" />
          <polygon points="34,72 50,72 30,92" fill="#fff" />
          <circle cx="30" cy="30" r="16" fill="url(#hero-layer)" />
          <path d="M30 19l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" fill="#fff" />
          <rect x="56" y="20" width="104" height="7" rx="3.5" fill="#bae0ff" />
          <rect x="56" y="34" width="84" height="7" rx="3.5" fill="#e6f4ff" />
          <rect x="56" y="48" width="96" height="7" rx="3.5" fill="#e6f4ff" />
        </g>
      </g>

      {/* sparkles */}
      <g fill="#fff">
        <circle cx="70" cy="110" r="3" opacity="0.7" />
        <circle cx="430" cy="300" r="2.5" opacity="0.6" />
        <circle cx="110" cy="380" r="2" opacity="0.5" />
        <circle cx="400" cy="140" r="2" opacity="0.8" />
        <path d="M96 60l2 6 6 2-6 2-2 6-2-6-6-2 6-2z" opacity="0.85" />
      </g>
    </svg>
  );
}
