import { Collapse, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

const FAQ: { q: string; a: ReactNode }[] = [
  {
    q: 'Can I start for free?',
    a: 'Yes. The Free plan costs nothing and needs no card. Create an account, verify your email and start uploading.',
  },
  {
    q: 'Can I change plans later?',
    a: 'Any time. Upgrade from your account settings and the new limits apply as soon as the payment is confirmed. Your files stay exactly where they are.',
  },
  {
    q: 'How does billing work?',
    a: 'Paid plans are billed monthly by card, in US dollars. Card details are handled by our payment provider and never touch our servers.',
  },
  {
    q: 'What are prepaid credits?',
    a: 'Credits are a second way to pay: one credit costs one dollar and never expires. A prepaid account is charged daily for what it uses — storage at $0.20 per GB per month and transfer at $0.10 per GB — and you are warned before your balance runs low.',
  },
  {
    q: 'What happens when I reach my storage limit?',
    a: 'New uploads are refused with a clear message before anything is stored, and nothing you already keep is touched. Upgrade or free up space to continue.',
  },
  {
    q: 'What counts as an AI query?',
    a: "Each message you send to the assistant counts as one query against your plan's monthly allowance.",
  },
  {
    q: 'Do you offer plans for larger organisations?',
    a: (
      <>
        Yes. Enterprise includes unlimited storage and AI queries, round-the-clock support and custom
        integrations. <Link to="/contact?plan=enterprise">Talk to us</Link> about your needs.
      </>
    ),
  },
  {
    q: 'How is my data protected?',
    a: (
      <>
        Passwords are hashed with Argon2id, sessions are short-lived with rotating refresh tokens, and every
        download link is signed for a single file. Read the details on our{' '}
        <Link to="/security">security page</Link>.
      </>
    ),
  },
];

export function PricingFaq() {
  const { token } = theme.useToken();
  const panel = {
    marginBottom: 12,
    background: token.colorBgContainer,
    borderRadius: token.borderRadiusLG,
    border: `1px solid ${token.colorBorderSecondary}`,
  };
  return (
    // Not an accordion: antd marks an accordion up as tabs, which questions and answers are not.
    <Collapse
      bordered={false}
      size="large"
      expandIconPlacement="end"
      style={{ background: 'transparent' }}
      items={FAQ.map((f) => ({
        style: panel,
        key: f.q,
        label: <h3 style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>{f.q}</h3>,
        children: <p style={{ margin: 0, lineHeight: 1.7 }}>{f.a}</p>,
      }))}
    />
  );
}
