import { useState } from 'react';

/**
 * True from the first time `open` is true on: a lazily loaded dialog mounts when it is first
 * opened (its code loads then, not with the page) and stays mounted, so it closes with its
 * transition.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
