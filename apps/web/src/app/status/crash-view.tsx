import { ReloadOutlined } from '@ant-design/icons';
import { ShellButton } from '../shell/shell-button';
import { StatusView } from './status-view';

/** Part 1 section 8: the top-level error screen. */
export function CrashView() {
  return (
    <StatusView
      role="alert"
      visual={<span style={{ fontSize: 64, lineHeight: 1 }}>⚠</span>}
      title="Something went wrong"
      description="We're sorry, but something unexpected happened."
      actions={
        <ShellButton icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
          Reload Page
        </ShellButton>
      }
    />
  );
}
