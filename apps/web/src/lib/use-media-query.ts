import { useCallback, useSyncExternalStore } from 'react';

type MediaEntry = { list: MediaQueryList; matches: boolean };

/**
 * One MediaQueryList per query for the page's life, and its last answer. A render reads the
 * stored answer: `matchMedia()` itself, called in each render, made Chromium recalculate the
 * page's style (100–200 ms of the first render at Lighthouse's 4× slowdown, issue #13).
 */
const mediaEntries = new Map<string, MediaEntry>();

function mediaEntry(query: string): MediaEntry {
  let entry = mediaEntries.get(query);
  if (!entry) {
    const list = window.matchMedia(query);
    const created: MediaEntry = { list, matches: list.matches };
    list.addEventListener('change', (event) => {
      created.matches = event.matches;
    });
    mediaEntries.set(query, created);
    entry = created;
  }
  return entry;
}

/**
 * Whether a media query matches, kept up to date as the window changes: what MUI's
 * `useMediaQuery(query, { noSsr: true })` did for the header, without MUI's theme lookup, so the
 * shell needs no MUI module to lay itself out (issue #13).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const { list } = mediaEntry(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => mediaEntry(query).matches);
}

/** The page's vertical scroll as last seen in a scroll event (or after the first render). */
let scrollY = 0;
const scrollListeners = new Set<() => void>();

function onScroll() {
  scrollY = window.scrollY;
  for (const listener of scrollListeners) listener();
}

function subscribeToScroll(onChange: () => void) {
  if (scrollListeners.size === 0) window.addEventListener('scroll', onScroll, { passive: true });
  scrollListeners.add(onChange);
  // Read once the page is laid out (a subscription starts after the first paint): a reload can
  // restore a scrolled page.
  scrollY = window.scrollY;
  onChange();
  return () => {
    scrollListeners.delete(onChange);
    if (scrollListeners.size === 0) window.removeEventListener('scroll', onScroll);
  };
}

/**
 * Whether the page has been scrolled further down than `threshold` px: MUI's `useScrollTrigger`
 * with `disableHysteresis`, but a render never reads the scroll position itself (reading it
 * while the page's layout is stale forces one).
 */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(subscribeToScroll, () => scrollY > threshold);
}
