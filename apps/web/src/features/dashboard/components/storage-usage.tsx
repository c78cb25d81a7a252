import type { DashboardReply } from '@stratos/contracts/files/stats.schema';
import { Progress, theme } from 'antd';
import { asCategory, CATEGORY_COLOR, CATEGORY_LABEL, type FileCategory } from '../../../lib/file-kind';
import { formatBytes } from '../../../lib/format-bytes';
import { LinkButton } from '../../../lib/link-button';
import { DashboardCard } from './dashboard-card';
import { usageLevel, usedPercent } from './format-money';

/** Storage used against the plan's quota, and what it is made of. */
export function StorageUsage({ stats }: { stats: DashboardReply['stats'] }) {
  const { token } = theme.useToken();
  const percent = usedPercent(stats.totalSize, stats.quotaBytes);
  const level = usageLevel(percent);
  const colour =
    level === 'critical' ? token.colorError : level === 'warning' ? token.colorWarning : token.colorPrimary;
  const byCategory = new Map<FileCategory, number>();
  for (const [k, v] of Object.entries(stats.fileTypes)) {
    const c = asCategory(k);
    byCategory.set(c, (byCategory.get(c) ?? 0) + v.size);
  }
  const parts = [...byCategory.entries()].filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1]);
  const total = parts.reduce((n, [, s]) => n + s, 0);
  return (
    <DashboardCard title="Storage">
      <div style={{ display: 'flex', alignItems: 'baseline', gap: 6, flexWrap: 'wrap' }}>
        <span style={{ fontSize: 22, fontWeight: 700, color: token.colorTextHeading }}>
          {formatBytes(stats.totalSize)}
        </span>
        <span style={{ color: token.colorTextSecondary }}>
          {stats.quotaBytes ? `of ${formatBytes(stats.quotaBytes)} used` : 'used · no storage limit'}
        </span>
      </div>
      {stats.quotaBytes ? (
        <>
          <Progress
            // Rounded: a tiny share would reach aria-valuenow as "8.5e-7", which is not a number to ARIA.
            percent={Math.round(percent * 10) / 10}
            showInfo={false}
            strokeColor={colour}
            aria-label="Storage used"
            style={{ margin: '8px 0 2px' }}
          />
          <div style={{ fontSize: 13, color: level === 'normal' ? token.colorTextTertiary : colour }}>
            {level === 'critical'
              ? 'Almost full: free up space or upgrade your plan.'
              : level === 'warning'
                ? `${Math.round(percent)}% used: you are running low on space.`
                : `${formatBytes(Math.max(0, stats.quotaBytes - stats.totalSize))} free`}
          </div>
        </>
      ) : null}
      {total > 0 && (
        <>
          <div
            role="img"
            aria-label={`Storage by type: ${parts.map(([c, s]) => `${CATEGORY_LABEL[c]} ${formatBytes(s)}`).join(', ')}`}
            style={{
              display: 'flex',
              height: 8,
              borderRadius: 4,
              overflow: 'hidden',
              margin: '18px 0 12px',
              gap: 2,
            }}
          >
            {parts.map(([c, s]) => (
              <span key={c} style={{ flex: s / total, minWidth: 3, background: CATEGORY_COLOR[c] }} />
            ))}
          </div>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 6 }}>
            {parts.slice(0, 5).map(([c, s]) => (
              <li key={c} style={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 13 }}>
                <span
                  aria-hidden
                  style={{ width: 8, height: 8, borderRadius: 2, background: CATEGORY_COLOR[c] }}
                />
                <span style={{ flex: 1 }}>{CATEGORY_LABEL[c]}</span>
                <span style={{ color: token.colorTextSecondary }}>{formatBytes(s)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <LinkButton to="/analytics" type="link" style={{ padding: 0, marginTop: 12 }}>
        See storage analytics
      </LinkButton>
    </DashboardCard>
  );
}
