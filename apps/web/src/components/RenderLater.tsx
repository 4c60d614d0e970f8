import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * Renders its children in a task of their own, once the page has painted what is above them:
 * a long page (the home page) then renders section by section, in tasks a school laptop can
 * answer a tap between, instead of in one long task (issue #13: the home page's first render was
 * one 600–900 ms task at Lighthouse's 4× slowdown). Only for what is below the first screen:
 * it appears a moment after the rest.
 */
export function RenderLater({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), 0);
    return () => clearTimeout(timer);
  }, []);
  return shown ? children : null;
}
