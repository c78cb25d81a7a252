import type { AccessRule } from '@stratos/contracts/access/access-rule';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../lib/auth-session';
import { loginPathFor, routeVerdict } from '../../lib/route-access';
import { CenteredSpinner } from '../status/centered-spinner';
import { ForbiddenPage } from '../status/forbidden-page';
import { signOutIntent } from './sign-out-intent';

export const VERIFYING_AUTH = 'Verifying authentication...';

/**
 * The route guard: waits while the session is restored, sends anonymous visitors to
 * /login?redirect=... (replace, with state { from, code }), and shows a 403 to a signed-in user
 * who lacks the role or permission.
 */
export function RequireAccess({
  rule,
  children,
  denied,
}: {
  rule: AccessRule;
  children: ReactNode;
  /** The page's own refusal, in place of the shared 403 page. */
  denied?: ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  const verdict = routeVerdict(session, rule);
  switch (verdict.kind) {
    case 'checking':
      return <CenteredSpinner label={VERIFYING_AUTH} />;
    case 'login': {
      // A deliberate sign-out is already on its way to /login.
      if (signOutIntent.active()) return null;
      const from = { pathname: location.pathname, search: location.search, hash: location.hash };
      return (
        <Navigate
          to={loginPathFor(location.pathname, location.search)}
          replace
          state={{ from, code: verdict.code }}
        />
      );
    }
    case 'forbidden':
      return denied ?? <ForbiddenPage rule={rule} />;
    default:
      return children;
  }
}
