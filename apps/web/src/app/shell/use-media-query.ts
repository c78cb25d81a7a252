import { useCallback, useSyncExternalStore } from 'react';

/** Whether a CSS media query matches, kept in sync with the window. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mq = window.matchMedia?.(query);
      mq?.addEventListener('change', onChange);
      return () => mq?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

/** Part 1 section 4: under 768 px is a phone. */
export const useIsMobile = () => useMediaQuery('(max-width: 767.98px)');
/** 1024 px and over is a desktop: the full navigation fits in the header. */
export const useIsDesktop = () => useMediaQuery('(min-width: 1024px)');
/** Wide desktop: room for the tagline and a separate Sign Out button. */
export const useIsWide = () => useMediaQuery('(min-width: 1200px)');
