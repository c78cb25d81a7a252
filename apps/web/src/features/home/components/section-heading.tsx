import { theme } from 'antd';
import { Heading, SecondaryParagraph } from '../../../lib/plain-text';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  lead?: string;
}

export function SectionHeading({ id, eyebrow, title, lead }: SectionHeadingProps) {
  const { token } = theme.useToken();
  return (
    <header style={{ textAlign: 'center', maxWidth: 680, margin: '0 auto 48px' }}>
      <div
        style={{
          color: token.colorPrimaryText,
          fontWeight: 600,
          fontSize: 13,
          letterSpacing: 1.2,
          textTransform: 'uppercase',
          marginBottom: 12,
        }}
      >
        {eyebrow}
      </div>
      <Heading
        level={2}
        id={id}
        style={{ fontSize: 'clamp(28px, 4vw, 40px)', letterSpacing: '-0.02em', margin: 0 }}
      >
        {title}
      </Heading>
      {lead && (
        <SecondaryParagraph style={{ fontSize: 17, marginTop: 16, marginBottom: 0 }}>
          {lead}
        </SecondaryParagraph>
      )}
    </header>
  );
}
