import { CloudOutlined, DollarOutlined, FileOutlined, RobotOutlined } from '@ant-design/icons';
import type { DashboardReply } from '@stratos/contracts/files/stats.schema';
import { theme } from 'antd';
import type { ReactNode } from 'react';
import { formatBytes } from '../../../lib/format-bytes';
import { cardSurface } from './dashboard-card';
import { formatDollars } from './format-money';

interface StatCardProps {
  title: string;
  value: string;
  /** A unit after the value, smaller ("/month"). */
  unit?: string;
  subtitle: string;
  icon: ReactNode;
  accent: string;
}

function StatCard({ title, value, unit, subtitle, icon, accent }: StatCardProps) {
  const { token } = theme.useToken();
  return (
    <section
      aria-label={title}
      style={{
        ...cardSurface(token),
        padding: 'clamp(14px, 3vw, 20px)',
        minWidth: 0,
      }}
    >
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <h2 style={{ margin: 0, fontSize: 14, fontWeight: 500, color: token.colorTextSecondary }}>{title}</h2>
        <span
          aria-hidden
          style={{
            width: 36,
            height: 36,
            borderRadius: 10,
            display: 'grid',
            placeItems: 'center',
            fontSize: 17,
            color: accent,
            background: `color-mix(in srgb, ${accent} 14%, transparent)`,
          }}
        >
          {icon}
        </span>
      </div>
      <div
        style={{
          marginTop: 8,
          fontSize: 'clamp(20px, 3vw, 28px)',
          fontWeight: 700,
          letterSpacing: '-0.01em',
          color: token.colorTextHeading,
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
        }}
      >
        {value}
        {unit && (
          <span style={{ fontSize: '0.55em', fontWeight: 500, color: token.colorTextSecondary }}>{unit}</span>
        )}
      </div>
      <div style={{ marginTop: 2, fontSize: 13, color: token.colorTextTertiary }}>{subtitle}</div>
    </section>
  );
}

/** Total Files, Total Storage, AI Analyses and Cost Savings, all from GET /api/dashboard. */
export function StatCards({ stats }: { stats: DashboardReply['stats'] }) {
  const { token } = theme.useToken();
  const files = stats.totalFiles;
  return (
    <div
      style={{
        display: 'grid',
        gridTemplateColumns: 'repeat(auto-fit, minmax(min(150px, 45%), 1fr))',
        gap: 'clamp(12px, 2vw, 16px)',
      }}
    >
      <StatCard
        title="Total Files"
        value={files.toLocaleString()}
        subtitle={
          files === 0 ? 'Upload your first file' : `${files === 1 ? 'file' : 'files'} in your storage`
        }
        icon={<FileOutlined />}
        accent={token.colorPrimary}
      />
      <StatCard
        title="Total Storage"
        value={formatBytes(stats.totalSize)}
        subtitle={stats.quotaBytes ? `of ${formatBytes(stats.quotaBytes)} on your plan` : 'No storage limit'}
        icon={<CloudOutlined />}
        accent="#13a8a8"
      />
      <StatCard
        title="AI Analyses"
        value={stats.totalAnalyses.toLocaleString()}
        subtitle={
          stats.totalAnalyses === 0
            ? 'None of your files analysed yet'
            : `completed ${stats.totalAnalyses === 1 ? 'analysis' : 'analyses'} of your files`
        }
        icon={<RobotOutlined />}
        accent="#9254de"
      />
      <StatCard
        title="Cost Savings"
        value={formatDollars(stats.costSavingsPerMonth)}
        unit="/month"
        subtitle={
          stats.dedupSavedBytes > 0
            ? `${formatBytes(stats.dedupSavedBytes)} not stored twice`
            : 'Duplicate files are stored once'
        }
        icon={<DollarOutlined />}
        accent={token.colorSuccess}
      />
    </div>
  );
}
