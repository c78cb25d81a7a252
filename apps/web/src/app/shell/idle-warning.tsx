import { ClockCircleOutlined } from '@ant-design/icons';
import { Button, Modal, theme } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { loginPathFor } from '../../lib/route-access';
import { useIdleTimer } from './use-idle-timer';
import { useSignOut } from './use-sign-out';

export const IDLE_TIMEOUT_MS = 15 * 60 * 1000;
export const IDLE_COUNTDOWN_SECONDS = 60;
export const IDLE_NOTICE = 'You were signed out after 15 minutes without activity. Sign in to continue.';

interface IdleWarningProps {
  /** Inactivity before the warning opens. */
  idleMs?: number;
  /** Seconds the warning counts down before signing out. */
  countdownSeconds?: number;
}

/**
 * After `idleMs` without activity, warns and counts down; at zero the session really ends
 * (DECISIONS.md section 4) and the user lands on /login. "Stay Logged In" counts as activity.
 */
export function IdleWarning({
  idleMs = IDLE_TIMEOUT_MS,
  countdownSeconds = IDLE_COUNTDOWN_SECONDS,
}: IdleWarningProps) {
  const { token } = theme.useToken();
  const signOut = useSignOut();
  const location = useLocation();
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(countdownSeconds);

  useIdleTimer(idleMs, deadline === null, () => {
    setRemaining(countdownSeconds);
    setDeadline(Date.now() + countdownSeconds * 1000);
  });

  useEffect(() => {
    if (deadline === null) return;
    // Wall-clock based, so a throttled background tab still signs out on time.
    const id = setInterval(() => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0) {
        clearInterval(id);
        setDeadline(null);
        // Back to the same page after signing in again.
        void signOut({ to: loginPathFor(location.pathname, location.search), notice: IDLE_NOTICE });
      }
    }, 1000);
    return () => clearInterval(id);
  }, [deadline, signOut, location]);

  const stay = () => {
    setDeadline(null);
    setRemaining(countdownSeconds);
  };

  return (
    <Modal
      open={deadline !== null}
      title={
        <span>
          <ClockCircleOutlined style={{ color: token.colorWarning, marginInlineEnd: 8 }} aria-hidden />
          Session Timeout Warning
        </span>
      }
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      centered
      footer={[
        <Button key="out" onClick={() => void signOut()}>
          Sign out now
        </Button>,
        <Button key="stay" type="primary" onClick={stay}>
          Stay Logged In
        </Button>,
      ]}
    >
      <p aria-live="polite" style={{ margin: '8px 0' }}>
        You will be automatically logged out in {remaining} seconds due to inactivity.
      </p>
    </Modal>
  );
}
