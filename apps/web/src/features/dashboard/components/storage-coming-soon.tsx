import { CloudOutlined } from '@ant-design/icons';
import { Tag, theme } from 'antd';
import { LinkButton } from '../../../lib/link-button';

/** Where the storage statistics will go once file storage ships; no figures until they are real. */
export function StorageComingSoon({ onFreePlan }: { onFreePlan: boolean }) {
  const { token } = theme.useToken();
  return (
    <section
      aria-labelledby="storage-soon-title"
      style={{
        position: 'relative',
        overflow: 'hidden',
        padding: 'clamp(24px, 4vw, 40px)',
        borderRadius: token.borderRadiusLG * 1.5,
        border: `1px solid ${token.colorPrimaryBorder}`,
        background: `radial-gradient(520px 220px at 100% 0%, ${token.colorPrimaryBgHover}, transparent 70%), ${token.colorBgContainer}`,
      }}
    >
      <div style={{ display: 'flex', gap: 20, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <span
          aria-hidden
          style={{
            flexShrink: 0,
            width: 56,
            height: 56,
            borderRadius: 16,
            display: 'grid',
            placeItems: 'center',
            fontSize: 26,
            color: '#fff',
            background: `linear-gradient(135deg, ${token.colorPrimary}, #722ed1)`,
          }}
        >
          <CloudOutlined />
        </span>
        <div style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Tag color="processing" style={{ marginBottom: 8 }}>
            Coming soon
          </Tag>
          <h2
            id="storage-soon-title"
            style={{ margin: '0 0 8px', fontSize: 20, color: token.colorTextHeading }}
          >
            Your storage dashboard is coming soon
          </h2>
          <p style={{ margin: 0, color: token.colorTextSecondary, lineHeight: 1.65, maxWidth: 640 }}>
            When file storage goes live, this is where you will see your total files, the space they use, your
            AI analyses and your latest uploads — every figure computed from your own files, refreshed as you
            work.
          </p>
          <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginTop: 20 }}>
            <LinkButton to="/features" type="primary">
              See what is coming
            </LinkButton>
            {onFreePlan && <LinkButton to="/pricing">Compare plans</LinkButton>}
          </div>
        </div>
      </div>
    </section>
  );
}
