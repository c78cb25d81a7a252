import { theme } from 'antd';

/** Preformatted text (a mail body, a JSON document) in a quiet, scrollable box. */
export function TextBlock({ children, label }: { children: string; label: string }) {
  const { token } = theme.useToken();
  return (
    <section aria-label={label}>
      <pre
        style={{
          margin: 0,
          padding: 16,
          maxHeight: 360,
          overflow: 'auto',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          fontFamily: token.fontFamilyCode,
          fontSize: 13,
          lineHeight: 1.6,
          color: token.colorText,
          background: token.colorFillQuaternary,
          border: `1px solid ${token.colorBorderSecondary}`,
          borderRadius: token.borderRadius,
        }}
      >
        {children}
      </pre>
    </section>
  );
}
