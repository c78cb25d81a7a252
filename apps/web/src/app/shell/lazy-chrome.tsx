import { lazy } from 'react';

/** Shell parts that only signed-in people need, kept out of the first load of public pages. */
export const LazyMobileHeader = lazy(() =>
  import('./mobile-header').then((m) => ({ default: m.MobileHeader })),
);
export const LazyMobileBottomNav = lazy(() =>
  import('./mobile-bottom-nav').then((m) => ({ default: m.MobileBottomNav })),
);
export const LazyIdleWarning = lazy(() => import('./idle-warning').then((m) => ({ default: m.IdleWarning })));
export const LazyHeaderBilling = lazy(() =>
  import('./header-billing').then((m) => ({ default: m.HeaderBilling })),
);
export const LazyThemePreferenceSync = lazy(() =>
  import('./theme-preference-sync').then((m) => ({ default: m.ThemePreferenceSync })),
);
export const LazyLiveEventsFollower = lazy(() =>
  import('./live-events-follower').then((m) => ({ default: m.LiveEventsFollower })),
);
