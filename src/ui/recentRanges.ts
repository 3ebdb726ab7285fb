/**
 * The recently used absolute time ranges, kept in the browser's local storage for the time-range
 * picker.
 */

/** The absolute ranges used last, newest first. */
export interface RecentRange {
  from: string;
  to: string;
}

/** The local-storage key of the recently used absolute ranges. */
export const RECENT_RANGES_STORAGE_KEY = 'recentlyUsedTimeRanges';

/** How many recent ranges are kept. */
export const MAX_RECENT_RANGES = 5;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function isRecentRange(item: unknown): item is RecentRange {
  if (typeof item !== 'object' || item === null) return false;
  const { from, to } = item as Record<string, unknown>;
  return typeof from === 'string' && typeof to === 'string' && from !== '' && to !== '';
}

/** The recently used absolute ranges from local storage; junk is ignored. */
export function loadRecentRanges(): RecentRange[] {
  try {
    const raw = storage()?.getItem(RECENT_RANGES_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter(isRecentRange)
      .slice(0, MAX_RECENT_RANGES)
      .map(({ from, to }) => ({ from, to }));
  } catch {
    return [];
  }
}

function instant(value: string): string {
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? value : String(time);
}

function sameRange(a: RecentRange, b: RecentRange): boolean {
  return instant(a.from) === instant(b.from) && instant(a.to) === instant(b.to);
}

/**
 * Puts `range` first in the recent list (removing an equal one: the same instants, however
 * written), keeps at most 5, stores the list and returns it.
 */
export function addRecentRange(range: RecentRange): RecentRange[] {
  const entry = { from: range.from, to: range.to };
  const list = [entry, ...loadRecentRanges().filter((item) => !sameRange(item, entry))].slice(
    0,
    MAX_RECENT_RANGES,
  );
  try {
    storage()?.setItem(RECENT_RANGES_STORAGE_KEY, JSON.stringify(list));
  } catch {
    // Storage full or blocked: the list still applies to this page.
  }
  return list;
}
