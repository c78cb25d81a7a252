import { RobotOutlined } from '@ant-design/icons';
import { Tag, theme } from 'antd';
import { DashboardCard } from './dashboard-card';

/** The AI Intelligence Summary: an honest empty state until AI analysis runs on the user's files. */
export function AiSummary({ analyses }: { analyses: number }) {
  const { token } = theme.useToken();
  return (
    <DashboardCard
      title="AI Intelligence Summary"
      extra={<Tag style={{ margin: 0 }}>{analyses === 0 ? 'Not enabled yet' : `${analyses} analyses`}</Tag>}
      background={`radial-gradient(420px 180px at 100% 0%, color-mix(in srgb, #9254de 12%, transparent), transparent 70%), ${token.colorBgContainer}`}
    >
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
    </DashboardCard>
  );
}
