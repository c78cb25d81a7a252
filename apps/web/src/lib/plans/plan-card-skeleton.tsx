import { theme } from 'antd';
import type { CSSProperties } from 'react';

const ROWS = 6;

/**
 * A plan card's placeholder while the plans load, drawn as antd's
 * `<Skeleton active title={{ width: '40%' }} paragraph={{ rows: 6 }} />` draws it (the same
 * tokens and sizes) in a few lines of CSS (styles/shell.css): the Skeleton component and the
 * antd style machinery it needs cost the home page's first load about 8 KB gzip.
 */
export function PlanCardSkeleton() {
  const { token } = theme.useToken();
  const bar = (width: string): CSSProperties =>
    ({
      '--from': token.colorFillContent,
      '--to': token.colorFill,
      width,
      height: token.controlHeight / 2,
      borderRadius: token.borderRadiusSM,
    }) as CSSProperties;
  return (
    <div aria-hidden>
      <div className="stratos-skeleton-bar" style={bar('40%')} />
      <ul className="stratos-skeleton-rows" style={{ marginTop: token.controlHeightSM }}>
        {Array.from({ length: ROWS }, (_, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows
            key={i}
            className="stratos-skeleton-bar"
            style={{ ...bar(i === ROWS - 1 ? '61%' : '100%'), marginTop: i ? token.controlHeightXS : 0 }}
          />
        ))}
      </ul>
    </div>
  );
}
