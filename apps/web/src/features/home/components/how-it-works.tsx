import { theme } from 'antd';
import { Heading, SecondaryParagraph } from '../../../lib/plain-text';
import styles from './home.module.css';
import { SectionHeading } from './section-heading';

const STEPS = [
  {
    title: 'Create your account',
    text: 'Sign up with your email and pick a plan. The free plan needs no card.',
  },
  { title: 'Bring your files', text: 'Upload from your computer or phone, and organise them into folders.' },
  {
    title: 'Ask, find, understand',
    text: 'Chat with the assistant, find any file by name, and read a summary and insights of each document.',
  },
];

export function HowItWorks() {
  const { token } = theme.useToken();
  return (
    <section aria-labelledby="how-title" style={{ maxWidth: 1100, margin: '0 auto', padding: '48px 24px' }}>
      <SectionHeading id="how-title" eyebrow="How it works" title="Up and running in minutes" />
      <ol className={styles.steps} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {STEPS.map((s, i) => (
          <li key={s.title} style={{ textAlign: 'center' }}>
            <span
              aria-hidden
              style={{
                display: 'inline-grid',
                placeItems: 'center',
                width: 44,
                height: 44,
                borderRadius: '50%',
                fontWeight: 700,
                fontSize: 18,
                color: token.colorPrimaryText,
                border: `2px solid ${token.colorPrimaryBorder}`,
                background: token.colorBgContainer,
                marginBottom: 16,
              }}
            >
              {i + 1}
            </span>
            <Heading level={3} style={{ fontSize: 18, marginTop: 0 }}>
              {s.title}
            </Heading>
            <SecondaryParagraph style={{ margin: 0, fontSize: 15 }}>{s.text}</SecondaryParagraph>
          </li>
        ))}
      </ol>
    </section>
  );
}
