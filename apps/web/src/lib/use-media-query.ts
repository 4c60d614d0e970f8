import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a media query matches, kept up to date as the window changes: what MUI's
 * `useMediaQuery(query, { noSsr: true })` did for the header, without MUI's theme lookup, so the
 * shell needs no MUI module to lay itself out (issue #13).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/**
 * Whether the page has been scrolled further down than `threshold` px: MUI's `useScrollTrigger`
 * with `disableHysteresis`, without the layout it forces on mount (it reads the scroll position
 * in its first effect, before the page has laid itself out).
 */
export function useScrolledPast(threshold: number): boolean {
  const subscribe = useCallback((onChange: () => void) => {
    window.addEventListener('scroll', onChange, { passive: true });
    return () => window.removeEventListener('scroll', onChange);
  }, []);
  return useSyncExternalStore(subscribe, () => window.scrollY > threshold);
}
