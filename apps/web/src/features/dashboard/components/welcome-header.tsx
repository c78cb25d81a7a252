import { ReloadOutlined } from '@ant-design/icons';
import type { PublicUser } from '@stratos/contracts/auth/user.schema';
import { Button, Skeleton, Tag, theme } from 'antd';
import type { SessionUser } from '../../../lib/auth-session';
import { usePlanName } from '../../../lib/plans/plan-name';
import { firstNameOf, greetingFor } from './greeting';

interface WelcomeHeaderProps {
  user: SessionUser;
  me: { data?: PublicUser; isPending: boolean; isError: boolean; refetch(): unknown; isFetching: boolean };
}

/** Greets the signed-in person by name and shows their plan from GET /api/auth/me. */
export function WelcomeHeader({ user, me }: WelcomeHeaderProps) {
  const { token } = theme.useToken();
  const plan = usePlanName(me.data?.subscriptionPlan);
  return (
    <header style={{ marginBottom: 28 }}>
      <h1
        style={{
          margin: 0,
          fontSize: 'clamp(24px, 4vw, 30px)',
          letterSpacing: '-0.01em',
          color: token.colorTextHeading,
        }}
      >
        {greetingFor(new Date().getHours())}, {firstNameOf(user.name, user.email)}
      </h1>
      <div style={{ display: 'flex', alignItems: 'center', gap: 10, flexWrap: 'wrap', marginTop: 8 }}>
        <span style={{ color: token.colorTextSecondary, fontSize: 15 }}>
          Welcome to your Stratos workspace.
        </span>
        {me.isPending && <Skeleton.Button active size="small" style={{ width: 90 }} />}
        {me.data && (
          <Tag color={me.data.subscriptionPlan === 'free' ? 'default' : 'blue'} style={{ margin: 0 }}>
            {plan} plan
          </Tag>
        )}
        {me.isError && (
          <span style={{ color: token.colorTextTertiary, fontSize: 13 }}>
            Plan details unavailable.{' '}
            <Button
              type="link"
              size="small"
              icon={<ReloadOutlined />}
              onClick={() => void me.refetch()}
              loading={me.isFetching}
              style={{ padding: 0 }}
            >
              Retry
            </Button>
          </span>
        )}
      </div>
    </header>
  );
}
