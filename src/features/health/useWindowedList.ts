import type { UIEvent } from 'react';
import { useCallback, useRef, useState } from 'react';
import type { WindowRange } from './model/windowRange';
import { windowRange } from './model/windowRange';

export interface WindowedList {
  /** The scrolling element's callback ref. */
  attach: (element: HTMLElement | null) => void;
  /** Attach to the scrolling element's `onScroll`. */
  onScroll: (event: UIEvent<HTMLElement>) => void;
  /** The items to render. */
  range: WindowRange;
  /** Space to leave above and below the rendered items, in pixels. */
  before: number;
  after: number;
}

/**
 * Windowing for a scrolling list of `count` items of `itemHeight` pixels: only the items in
 * view (plus an overscan) are rendered; spacers keep the scroll height. The viewport's height
 * is measured on attach and on resize.
 */
export function useWindowedList(count: number, itemHeight: number): WindowedList {
  const [first, setFirst] = useState(0);
  const [height, setHeight] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);

  const attach = useCallback((element: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    setHeight(element.clientHeight);
    if (typeof ResizeObserver !== 'undefined') {
      observer.current = new ResizeObserver(() => setHeight(element.clientHeight));
      observer.current.observe(element);
    }
  }, []);

  const onScroll = useCallback(
    (event: UIEvent<HTMLElement>) =>
      setFirst(Math.floor(event.currentTarget.scrollTop / itemHeight)),
    [itemHeight],
  );

  const range = windowRange(first * itemHeight, height, itemHeight, count);
  return {
    attach,
    onScroll,
    range,
    before: range.start * itemHeight,
    after: Math.max(0, count - range.end) * itemHeight,
  };
}
