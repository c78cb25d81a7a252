import { ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { ShellButton } from '../shell/shell-button';

/** Part 1 section 2: a lazily loaded page that fails to load shows '{page} Loading Error' and a reload button. */
export function PageLoadErrorBox({ page }: { page: string }) {
  const { token } = theme.useToken();
  return (
    <section
      role="alert"
      aria-labelledby="page-load-error-title"
      style={{
        maxWidth: 520,
        margin: '64px auto',
        padding: 32,
        textAlign: 'center',
        background: token.colorBgContainer,
        border: `1px solid ${token.colorWarningBorder}`,
        borderRadius: token.borderRadiusLG,
      }}
    >
      <WarningOutlined style={{ fontSize: 40, color: token.colorWarning }} aria-hidden />
      <h2
        id="page-load-error-title"
        style={{ margin: '16px 0 8px', fontSize: 22, color: token.colorTextHeading }}
      >
        {page} Loading Error
      </h2>
      <p style={{ color: token.colorTextSecondary, margin: '0 0 20px' }}>
        This page could not be loaded. Check your connection, then reload to try again.
      </p>
      <ShellButton icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
        Reload
      </ShellButton>
    </section>
  );
}
