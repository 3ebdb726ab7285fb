import type * as VirtualCore from '@tanstack/virtual-core';
import type { RefObject } from 'react';
import { useEffect, useLayoutEffect, useReducer, useState } from 'react';
import { flushSync } from 'react-dom';
import { loadOnce } from '../../lib/loadOnce';

/** Height of a row of a windowed table, in pixels (spec 002 §9: the row estimate is 35 px). */
export const ROW_HEIGHT = 35;
/** Rows rendered beyond each edge of the viewport (spec 002 §9). */
export const OVERSCAN = 10;

/** Longer lists are windowed (unless a table says otherwise); up to this many rows all draw. */
export const WINDOWING_THRESHOLD = 100;

/** The rows of a windowed table to draw, and the heights standing for those not drawn. */
export interface WindowRange {
  indexes: number[];
  /** Height of the rows above the first drawn one, px. */
  before: number;
  /** Height of the rows below the last drawn one, px. */
  after: number;
}

/** TanStack's windowing code, loaded with the first long list. */
const loadCore = loadOnce<typeof VirtualCore>(() => import('@tanstack/virtual-core'));

/** The rows at the top of a box of `height`: what a window shows before it is measured. */
export function firstRange(count: number, height: number): WindowRange {
  const shown = Math.min(count, Math.ceil(height / ROW_HEIGHT) + OVERSCAN);
  return {
    indexes: Array.from({ length: shown }, (_, index) => index),
    before: 0,
    after: (count - shown) * ROW_HEIGHT,
  };
}

/**
 * The rows of `count` in view in the box `scrollRef` (and `OVERSCAN` beyond each edge), as
 * the box scrolls and resizes. Every row when there are no more than `WINDOWING_THRESHOLD`
 * (or `enabled` is false): the windowing code loads only for longer lists. Until it has
 * loaded they are the first rows, the ones a box at the top shows, so the rows drawn first
 * stay in place (and keep focus and clicks) when the window takes over.
 */
export function useWindowRange(
  scrollRef: RefObject<HTMLElement | null>,
  count: number,
  initialHeight: number,
  enabled: boolean,
): WindowRange {
  const [virtualizer, setVirtualizer] = useState<VirtualCore.Virtualizer<HTMLElement, Element>>();
  const needed = enabled && count > WINDOWING_THRESHOLD;
  useEffect(() => {
    if (!needed || virtualizer) return undefined;
    let live = true;
    void loadCore().then((core) => {
      if (!live) return;
      setVirtualizer(
        new core.Virtualizer<HTMLElement, Element>({
          count: 0,
          getScrollElement: () => scrollRef.current,
          // The box may have been scrolled while this code loaded.
          initialOffset: () => scrollRef.current?.scrollTop ?? 0,
          estimateSize: () => ROW_HEIGHT,
          scrollToFn: core.elementScroll,
          observeElementOffset: core.observeElementOffset,
          // A box not laid out yet (or never, as in tests) measures 0: the initial height.
          observeElementRect: (instance, callback) =>
            core.observeElementRect(instance, (rect) =>
              callback(
                rect.height > 0
                  ? rect
                  : { width: rect.width, height: instance.options.initialRect?.height ?? 0 },
              ),
            ),
        }),
      );
    });
    return () => {
      live = false;
    };
  }, [needed, virtualizer, scrollRef]);
  const [, rerender] = useReducer((tick: number) => tick + 1, 0);
  virtualizer?.setOptions({
    ...virtualizer.options,
    count,
    overscan: OVERSCAN,
    initialRect: { width: 0, height: initialHeight },
    onChange: (_, sync) => (sync ? flushSync(rerender) : rerender()),
  });
  useLayoutEffect(() => virtualizer?._didMount(), [virtualizer]);
  useLayoutEffect(() => virtualizer?._willUpdate());
  if (!needed) return firstRange(count, Infinity);
  if (!virtualizer) return firstRange(count, initialHeight);
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  return {
    indexes: items.map((item) => item.index),
    before: first ? first.start : 0,
    after: last ? virtualizer.getTotalSize() - last.end : 0,
  };
}
