import { HomeOutlined } from '@ant-design/icons';
import { ShellLinkButton } from '../shell/shell-link-button';
import { StatusView } from './status-view';

export function NotFoundPage() {
  return (
    <StatusView
      visual={<span style={{ fontSize: 96, fontWeight: 800, lineHeight: 1, letterSpacing: -4 }}>404</span>}
      title="404 Not Found"
      description="The page you are looking for does not exist."
      actions={
        <ShellLinkButton to="/" variant="primary" icon={<HomeOutlined />}>
          Back to home
        </ShellLinkButton>
      }
    />
  );
}
