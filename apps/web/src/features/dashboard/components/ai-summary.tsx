import { RobotOutlined } from '@ant-design/icons';
import { Tag, theme } from 'antd';

/** The AI Intelligence Summary: an honest empty state until AI analysis runs on the user's files. */
export function AiSummary({ analyses }: { analyses: number }) {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby="ai-summary-title"
      style={{
        padding: 24,
        borderRadius: token.borderRadiusLG * 1.5,
        border: `1px solid ${token.colorBorderSecondary}`,
        background: `radial-gradient(420px 180px at 100% 0%, color-mix(in srgb, #9254de 12%, transparent), transparent 70%), ${token.colorBgContainer}`,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 10, marginBottom: 12 }}>
        <h2 id="ai-summary-title" style={{ flex: 1, fontSize: 16, margin: 0, color: token.colorTextHeading }}>
          AI Intelligence Summary
        </h2>
        <Tag style={{ margin: 0 }}>{analyses === 0 ? 'Not enabled yet' : `${analyses} analyses`}</Tag>
      </div>
      <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start' }}>
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
            color: '#9254de',
            background: 'color-mix(in srgb, #9254de 14%, transparent)',
          }}
        >
          <RobotOutlined />
        </span>
        <div>
          <p style={{ margin: '0 0 4px', fontWeight: 600, color: token.colorText }}>No AI analyses yet</p>
          <p style={{ margin: 0, color: token.colorTextSecondary, lineHeight: 1.6 }}>
            When AI analysis is enabled, summaries, tags and insights about your files will appear here,
            computed from your own files.
          </p>
        </div>
      </div>
    </section>
  );
}
