import { LockOutlined } from '@ant-design/icons';
import type { AccessRule } from '@stratos/contracts/access/access-rule';
import { PlainLinkButton } from '../../lib/plain-link-button';
import { describeRule } from '../../lib/route-access';
import { StatusView } from './status-view';

/** A signed-in user without the role or permission a page needs stays signed in and sees this. */
export function ForbiddenPage({ rule }: { rule: AccessRule }) {
  return (
    <StatusView
      visual={<LockOutlined style={{ fontSize: 64 }} />}
      title="You don't have access to this page"
      description={describeRule(rule)}
      actions={
        <PlainLinkButton to="/dashboard" variant="primary">
          Go to your dashboard
        </PlainLinkButton>
      }
    />
  );
}
