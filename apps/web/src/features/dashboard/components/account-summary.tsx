import type { PublicUser } from '@stratos/contracts/auth/user.schema';
import { Alert, Button, Descriptions, Skeleton } from 'antd';
import { errorMessage } from '../../../lib/api-error';
import { usePlanName } from '../../../lib/plans/plan-name';
import { DashboardCard } from './dashboard-card';

interface AccountSummaryProps {
  me: {
    data?: PublicUser;
    isPending: boolean;
    isError: boolean;
    error: unknown;
    refetch(): unknown;
    isFetching: boolean;
  };
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const ROLE_LABEL: Record<PublicUser['role'], string> = {
  user: 'Member',
  admin: 'Administrator',
  superadmin: 'Platform operator',
};

/** The account facts we already have: email, role, plan, member since, last sign-in. */
export function AccountSummary({ me }: AccountSummaryProps) {
  const plan = usePlanName(me.data?.subscriptionPlan);
  let body: React.ReactNode;
  if (me.isPending) body = <Skeleton active paragraph={{ rows: 4 }} title={false} />;
  else if (me.isError || !me.data)
    body = (
      <Alert
        type="warning"
        showIcon
        title="We couldn't load your account details"
        description={errorMessage(me.error, 'Please try again in a moment.')}
        action={
          <Button size="small" onClick={() => void me.refetch()} loading={me.isFetching}>
            Retry
          </Button>
        }
      />
    );
  else {
    const u = me.data;
    body = (
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'email', label: 'Email', children: u.email },
          { key: 'plan', label: 'Plan', children: `${plan} plan` },
          { key: 'role', label: 'Role', children: ROLE_LABEL[u.role] },
          ...(u.company ? [{ key: 'company', label: 'Company', children: u.company }] : []),
          { key: 'since', label: 'Member since', children: dateFormat.format(new Date(u.createdAt)) },
          {
            key: 'last',
            label: 'Last sign-in',
            children: u.lastLoginAt
              ? dateTimeFormat.format(new Date(u.lastLoginAt))
              : 'This is your first visit',
          },
        ]}
      />
    );
  }
  return <DashboardCard title="Your account">{body}</DashboardCard>;
}
