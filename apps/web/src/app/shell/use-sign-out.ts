import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../lib/sign-out';
import { signOutIntent } from '../routing/sign-out-intent';

export interface SignOutTarget {
  /** Where to land; /login by default. */
  to?: string;
  /** A line the login page shows above the form. */
  notice?: string;
}

/**
 * Ends the session (locally at once, on the server best effort), forgets the signed-in user's
 * cached data, and goes to /login.
 */
export function useSignOut(): (target?: SignOutTarget) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    (target: SignOutTarget = {}) => {
      signOutIntent.begin();
      const done = signOut();
      const state = target.notice ? { notice: target.notice } : undefined;
      void Promise.resolve(navigate(target.to ?? '/login', { replace: true, state })).finally(
        signOutIntent.end,
      );
      void import('../query-client').then((m) => m.queryClient.clear());
      return done;
    },
    [navigate],
  );
}
