import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../lib/sign-out';

/**
 * Ends the session (locally at once, on the server best effort), forgets the signed-in user's
 * cached data, and goes to /login.
 */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(() => {
    const done = signOut();
    void navigate('/login', { replace: true });
    void import('../query-client').then((m) => m.queryClient.clear());
    return done;
  }, [navigate]);
}
