import { lazy, type ReactNode, Suspense, useState } from 'react';
import type { SessionUser } from '../../lib/auth-session';

const loadDrawer = () => import('./mobile-nav-drawer');
const MobileNavDrawer = lazy(loadDrawer);

/**
 * The navigation drawer, fetched the first time it is wanted (or when the pointer comes near the
 * button) so the header's first load stays small.
 */
export function useNavDrawer(user: SessionUser | null): {
  open(): void;
  preload(): void;
  element: ReactNode;
} {
  const [state, setState] = useState<'never' | 'open' | 'closed'>('never');
  const element =
    state === 'never' ? null : (
      <Suspense fallback={null}>
        <MobileNavDrawer open={state === 'open'} onClose={() => setState('closed')} user={user} />
      </Suspense>
    );
  return { open: () => setState('open'), preload: () => void loadDrawer(), element };
}
