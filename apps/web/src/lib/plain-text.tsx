import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * A heading and a secondary paragraph drawn as antd's Typography.Title and
 * Typography.Paragraph type="secondary" draw them (the same theme tokens), without Typography's
 * editing, copying and ellipsis machinery (tooltip, text area, input styles: about 25 KB gzip),
 * which the pages that use these never need: the home page's first load stays within budget.
 */
export function Heading({
  level,
  id,
  style,
  children,
}: {
  level: 1 | 2 | 3 | 4 | 5;
  id?: string;
  style?: CSSProperties;
  children: ReactNode;
}) {
  const { token } = theme.useToken();
  const Tag = `h${level}` as const;
  return (
    <Tag
      id={id}
      style={{
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: token[`fontSizeHeading${level}`],
        lineHeight: token[`lineHeightHeading${level}`],
        wordBreak: 'break-word',
        marginTop: 0,
        marginBottom: '0.5em',
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}

export function SecondaryParagraph({ style, children }: { style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  // A <p>, so the global rule that underlines links in running text applies, as it did to Typography.
  return (
    <p
      style={{
        color: token.colorTextDescription,
        lineHeight: token.lineHeight,
        wordBreak: 'break-word',
        marginTop: 0,
        marginBottom: '1em',
        ...style,
      }}
    >
      {children}
    </p>
  );
}
