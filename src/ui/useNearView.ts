import type { RefObject } from 'react';
import { useEffect, useState } from 'react';

/** How near the viewport an element counts as in view: a screen's scroll ahead. */
export const NEAR_VIEW_MARGIN = '600px';

/**
 * Whether the element has come within `NEAR_VIEW_MARGIN` of the viewport (and stays true once
 * it has), so what it draws, and the code that draws it, can wait until it is about to be
 * seen. Where the browser cannot tell, it is in view at once.
 */
export function useNearView(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEW_MARGIN },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}
