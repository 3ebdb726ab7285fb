import { Button } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';

/** Items drawn at first, and added each time the end of the list comes near. */
export const INCREMENT = 40;

/**
 * How many of `total` items to draw: `first` at first (default `step`), `step` more each time
 * `showMore` is called. A new `resetKey` (other filters, another page) starts again from
 * `first`.
 */
export function useIncrementalCount(
  total: number,
  resetKey: unknown,
  step = INCREMENT,
  first = step,
) {
  const [shown, setShown] = useState(first);
  const [key, setKey] = useState(resetKey);
  if (key !== resetKey) {
    setKey(resetKey);
    setShown(first);
  }
  return {
    shown: Math.min(shown, total),
    remaining: Math.max(0, total - shown),
    showMore: () => setShown((count) => count + step),
  };
}

export interface ShowMoreProps {
  /** Items not drawn yet. */
  remaining: number;
  onShowMore: () => void;
  /** What the items are ("components"), for the button's text. */
  noun: string;
}

/**
 * The end of a list drawn a part at a time: a button that draws more, pressed by itself as it
 * scrolls into view (where the browser can tell), so a long list costs only what is seen.
 */
export function ShowMore({ remaining, onShowMore, noun }: ShowMoreProps) {
  const ref = useRef<HTMLButtonElement>(null);
  const latest = useRef(onShowMore);
  useEffect(() => {
    latest.current = onShowMore;
  });
  useEffect(() => {
    const element = ref.current;
    if (!element || remaining === 0 || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '400px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [remaining]);
  if (remaining === 0) return null;
  return (
    <Button
      ref={ref}
      variant="minimal"
      className="mc-show-more"
      icon="more"
      text={`Show ${remaining} more ${noun}`}
      onClick={onShowMore}
    />
  );
}
