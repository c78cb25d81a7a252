import type { CSSProperties } from 'react';

const style: CSSProperties = {
  display: 'inline-block',
  marginInlineStart: 6,
  padding: '0 6px',
  border: '1px solid currentColor',
  borderRadius: 999,
  fontSize: 11,
  fontWeight: 500,
  lineHeight: '16px',
  verticalAlign: 'middle',
  whiteSpace: 'nowrap',
};

/**
 * "Soon" beside a menu entry whose page is still a coming-soon placeholder, so a person knows
 * before the click. In the entry's own colour (and part of its accessible name).
 */
export function SoonTag() {
  // The space keeps the accessible name "Workflows Soon", not "WorkflowsSoon" (a flex link drops it
  // from the layout, hence the margin).
  return (
    <>
      {' '}
      <span className="stratos-soon-tag" style={style}>
        Soon
      </span>
    </>
  );
}
