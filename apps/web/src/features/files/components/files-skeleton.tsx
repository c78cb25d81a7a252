import { Skeleton } from 'antd';
import type { ViewMode } from '../model/view-mode';
import styles from './files.module.css';

/** The shape of the chosen view while the first page loads. */
export function FilesSkeleton({ viewMode, compact }: { viewMode: ViewMode; compact: boolean }) {
  if (viewMode === 'grid') {
    return (
      <div
        aria-busy="true"
        style={{
          display: 'grid',
          gap: 12,
          gridTemplateColumns: `repeat(auto-fill, minmax(${compact ? 140 : 180}px, 1fr))`,
        }}
      >
        {Array.from({ length: compact ? 6 : 10 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <div key={i} className={styles.card} style={{ height: compact ? 168 : 196, padding: 12 }}>
            <Skeleton.Node active style={{ width: '100%', height: compact ? 96 : 120 }} />
            <Skeleton
              active
              title={false}
              paragraph={{ rows: 2, width: ['80%', '50%'] }}
              style={{ marginTop: 12 }}
            />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div aria-busy="true" className={styles.surface} style={{ padding: '4px 16px' }}>
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
        <div key={i} style={{ display: 'flex', alignItems: 'center', gap: 14, height: 56 }}>
          <Skeleton.Avatar active shape="square" size={32} />
          <Skeleton
            active
            title={false}
            paragraph={{ rows: 1, width: `${40 + ((i * 17) % 45)}%` }}
            style={{ flex: 1 }}
          />
        </div>
      ))}
    </div>
  );
}
