import { Button, Card, Flex, Progress, theme } from 'antd';
import { useNavigate } from 'react-router';
import { LinkButton } from '../../../../lib/link-button';
import { useCountdown } from '../../hooks/use-countdown';
import { SUCCESS_COUNTDOWN_SECONDS } from '../../model/subscribe-plan';

/**
 * The success page's 10-second countdown to the dashboard (part 1 sections 2 and 9), with Go to
 * Dashboard Now and Manage Subscription. Shown only while a subscription is really active.
 */
export function SuccessCountdown({ paused, onStay }: { paused: boolean; onStay: () => void }) {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const left = useCountdown(SUCCESS_COUNTDOWN_SECONDS, () => void navigate('/dashboard'), !paused);
  return (
    <Card
      role="region"
      aria-label="Continue"
      style={{ marginBottom: 24 }}
      styles={{ body: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 16 } }}
    >
      <Progress
        type="circle"
        size={52}
        percent={(left / SUCCESS_COUNTDOWN_SECONDS) * 100}
        format={() => (paused ? '—' : `${left}`)}
        aria-hidden
      />
      <div style={{ flex: '1 1 220px', color: token.colorTextSecondary }} role="status">
        {paused
          ? 'Take your time: the dashboard is one click away.'
          : `Taking you to your dashboard in ${left} second${left === 1 ? '' : 's'}.`}
        {!paused && (
          <Button type="link" size="small" onClick={onStay} style={{ paddingInline: 6 }}>
            Stay on this page
          </Button>
        )}
      </div>
      <Flex gap={8} wrap>
        <LinkButton to="/settings?tab=subscription">Manage Subscription</LinkButton>
        <LinkButton to="/dashboard" type="primary">
          Go to Dashboard Now
        </LinkButton>
      </Flex>
    </Card>
  );
}
