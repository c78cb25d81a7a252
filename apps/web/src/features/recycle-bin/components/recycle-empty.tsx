import { DeleteOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { LinkButton } from '../../../lib/link-button';

/** The bin holds nothing. */
export function RecycleEmpty({ retentionDays }: { retentionDays: number }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        padding: 'clamp(40px, 8vw, 72px) 24px',
        textAlign: 'center',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: 16,
        background: token.colorBgContainer,
      }}
    >
      <div
        aria-hidden
        style={{
          width: 76,
          height: 76,
          margin: '0 auto 18px',
          borderRadius: 22,
          display: 'grid',
          placeItems: 'center',
          fontSize: 32,
          color: token.colorTextTertiary,
          background: token.colorFillTertiary,
        }}
      >
        <DeleteOutlined />
      </div>
      <h2 style={{ margin: '0 0 6px', fontSize: 20, color: token.colorTextHeading }}>
        The recycle bin is empty
      </h2>
      <p style={{ margin: '0 auto 22px', maxWidth: 440, color: token.colorTextSecondary }}>
        Files and folders you delete wait here for {retentionDays} days, so you can restore them.
      </p>
      <LinkButton to="/files" icon={<FolderOpenOutlined />}>
        Go to My Files
      </LinkButton>
    </div>
  );
}
