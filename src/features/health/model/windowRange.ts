/** The slice of a long list to render: `start` inclusive, `end` exclusive. */
export interface WindowRange {
  start: number;
  end: number;
}

/**
 * The rows of a fixed-height list that are in view, plus `overscan` rows on each side.
 * A viewport of unknown height (0) counts as `fallbackHeight`.
 */
export function windowRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  count: number,
  overscan = 10,
  fallbackHeight = 800,
): WindowRange {
  if (count <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const height = viewportHeight > 0 ? viewportHeight : fallbackHeight;
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(height / rowHeight) + 1;
  const start = Math.max(0, Math.min(first, count - 1) - overscan);
  const end = Math.min(count, first + visible + overscan);
  return { start, end: Math.max(end, start) };
}
