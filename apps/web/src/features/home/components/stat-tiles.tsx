import { CloudOutlined, DollarOutlined, FileSearchOutlined, RobotOutlined } from '@ant-design/icons';
import { AI_CALLABLE_PROVIDERS } from '@stratos/contracts/ai/callable-providers';
import { STORAGE_DOLLARS_PER_GB_MONTH, TRANSFER_DOLLARS_PER_GB } from '@stratos/contracts/billing/prices';
import { theme } from 'antd';
import { findPlan, usePlansQuery } from '../../../lib/plans/plans-query';
import styles from './home.module.css';

const GB = 1024 ** 3;
const dollars = (n: number) => `$${n.toFixed(2)}`;

/**
 * Four facts about Stratos, each true of the product as built (the specification's marketing
 * figures, "70+ integrations" and the like, are claims we cannot back: DECISIONS.md 1). The free
 * plan's figures come from the plan catalogue.
 */
function useStats() {
  const free = findPlan(usePlansQuery().data, 'free');
  return [
    {
      value: String(AI_CALLABLE_PROVIDERS.length),
      label: 'AI providers',
      note: 'Ollama, OpenAI, Anthropic, Google and Hugging Face',
      icon: <RobotOutlined />,
    },
    {
      // The types apps/server/src/modules/ai/analysis/text-extraction.ts reads.
      value: '6',
      label: 'Document types analysed',
      note: 'text, Markdown, CSV, JSON, PDF and Word',
      icon: <FileSearchOutlined />,
    },
    {
      value: free?.storageBytes ? `${Math.round(free.storageBytes / GB)} GB` : '—',
      label: 'Free storage',
      note: free?.aiQueriesPerMonth
        ? `and ${free.aiQueriesPerMonth.toLocaleString('en-US')} AI queries a month, no card needed`
        : 'on the Free plan, no card needed',
      icon: <CloudOutlined />,
    },
    {
      value: dollars(STORAGE_DOLLARS_PER_GB_MONTH),
      label: 'Per GB a month',
      note: `on prepaid credits; transfer ${dollars(TRANSFER_DOLLARS_PER_GB)} per GB`,
      icon: <DollarOutlined />,
    },
  ];
}

export function StatTiles() {
  const { token } = theme.useToken();
  const stats = useStats();
  return (
    <section
      aria-label="Stratos at a glance"
      style={{ position: 'relative', zIndex: 2, maxWidth: 1200, margin: '-64px auto 0', padding: '0 24px' }}
    >
      <ul
        className={styles.stats}
        style={{
          listStyle: 'none',
          margin: 0,
          padding: 0,
          gap: 1,
          background: token.colorBorderSecondary,
          borderRadius: token.borderRadiusLG * 2,
          border: `1px solid ${token.colorBorderSecondary}`,
          boxShadow: token.boxShadow,
          overflow: 'hidden',
        }}
      >
        {stats.map((s) => (
          <li key={s.label} className={styles.stat} style={{ background: token.colorBgContainer }}>
            <span
              aria-hidden
              style={{
                flexShrink: 0,
                width: 44,
                height: 44,
                borderRadius: 12,
                display: 'grid',
                placeItems: 'center',
                fontSize: 20,
                color: token.colorPrimary,
                background: token.colorPrimaryBg,
              }}
            >
              {s.icon}
            </span>
            <div>
              <div
                style={{
                  fontSize: 28,
                  fontWeight: 800,
                  letterSpacing: -0.5,
                  color: token.colorText,
                  lineHeight: 1.1,
                }}
              >
                {s.value}
              </div>
              <div style={{ fontWeight: 600, color: token.colorText, marginTop: 4 }}>{s.label}</div>
              <div style={{ fontSize: 13, color: token.colorTextSecondary }}>{s.note}</div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
