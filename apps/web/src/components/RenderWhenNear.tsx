import { useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';

/**
 * How far below (or above) the screen a part starts to render: about half a phone's screen, so
 * its code and first rows have arrived by the time a reader who scrolls on gets there.
 */
export const NEAR_MARGIN_PX = 400;

/**
 * Renders its children once their place comes within `NEAR_MARGIN_PX` of the screen, and from then
 * on. Until then the placeholder holds their place (give it their height, so nothing below them
 * moves when they arrive). For a heavy part well below the first screen: the contest page's stock
 * list, which on a phone is one and a half screens down, and whose code, queries and rows were
 * most of the page's work after its first paint (issue #13). A browser without
 * IntersectionObserver renders the children at once.
 */
export function RenderWhenNear({
  children,
  placeholder,
}: {
  children: ReactNode;
  placeholder: ReactNode;
}) {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  const placeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const place = placeRef.current;
    if (near || !place) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${NEAR_MARGIN_PX}px 0px` },
    );
    observer.observe(place);
    return () => observer.disconnect();
  }, [near]);
  return near ? children : <div ref={placeRef}>{placeholder}</div>;
}
