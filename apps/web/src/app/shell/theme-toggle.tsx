import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import type { CSSProperties } from 'react';
import { useSession } from '../../lib/auth-session';
import { useThemeMode } from '../../lib/theme-mode';

/**
 * Light/dark switch: stored locally (system default); signed in, saved to the account, whose
 * theme every browser of that account then shows (theme-preference-sync.tsx).
 */
export function ThemeToggle({ style }: { style?: CSSProperties }) {
  const { mode, setMode } = useThemeMode();
  const session = useSession();
  const next = mode === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} theme`;

  const onClick = () => {
    setMode(next);
    if (session.status === 'signedIn') {
      // Loaded on demand: the preferences contract is not needed for the first paint.
      const userId = session.user.id;
      void import('./save-theme-preference').then((m) => m.saveThemePreference(userId, next));
    }
  };

  return (
    <button
      type="button"
      className="stratos-icon-button"
      aria-label={label}
      title={label}
      onClick={onClick}
      style={style}
    >
      {mode === 'dark' ? <SunOutlined aria-hidden /> : <MoonOutlined aria-hidden />}
    </button>
  );
}
