import { BulbOutlined, CheckCircleOutlined, FileSearchOutlined, RobotOutlined } from '@ant-design/icons';
import type { AiDashboard } from '@stratos/contracts/ai/analysis.schema';
import { Card, theme } from 'antd';
import type { ReactNode } from 'react';

function Tile({
  label,
  value,
  hint,
  icon,
  accent,
}: {
  label: string;
  value: number;
  hint: string;
  icon: ReactNode;
  accent: string;
}) {
  const { token } = theme.useToken();
  return (
    <Card role="region" aria-label={label} styles={{ body: { padding: 'clamp(14px, 3vw, 20px)' } }}>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <span style={{ color: token.colorTextSecondary, fontSize: 13 }}>{label}</span>
        <span
          aria-hidden
          style={{
            width: 32,
            height: 32,
            borderRadius: 9,
            display: 'grid',
            placeItems: 'center',
            color: accent,
            background: `color-mix(in srgb, ${accent} 14%, transparent)`,
          }}
        >
          {icon}
        </span>
      </div>
      <div style={{ fontSize: 'clamp(22px, 3vw, 28px)', fontWeight: 700, color: token.colorTextHeading }}>
        {value.toLocaleString()}
      </div>
      <div style={{ fontSize: 12, color: token.colorTextTertiary }}>{hint}</div>
    </Card>
  );
}

/** Files analysed, AI insights, recommendations and active models: the four counts of part 2 section 2. */
export function FigureTiles({ data }: { data: AiDashboard }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'grid',
        gap: 'clamp(12px, 2vw, 16px)',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(160px, 45%), 1fr))',
      }}
    >
      <Tile
        label="Files analysed"
        value={data.analyzedFiles}
        hint={`${data.totalAnalyses.toLocaleString()} ${data.totalAnalyses === 1 ? 'run' : 'runs'} in all${
          data.failedAnalyses > 0 ? ` · ${data.failedAnalyses.toLocaleString()} failed` : ''
        }`}
        icon={<FileSearchOutlined />}
        accent={token.colorPrimary}
      />
      <Tile
        label="AI insights"
        value={data.insightCount}
        hint="Found in your analysed files"
        icon={<BulbOutlined />}
        accent="#9254de"
      />
      <Tile
        label="Recommendations"
        value={data.recommendationCount}
        hint="Suggested next steps"
        icon={<CheckCircleOutlined />}
        accent={token.colorSuccess}
      />
      <Tile
        label="Active models"
        value={data.activeModels}
        hint={data.activeModels === 0 ? 'No provider is available' : 'Offered by available providers'}
        icon={<RobotOutlined />}
        accent="#13a8a8"
      />
    </div>
  );
}
