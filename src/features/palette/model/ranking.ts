import type { PersonAnalyticsRow } from '../../../api/schemas/personAnalytics';
import { pageVisitKey } from '../../../lib/pageVisits';
import type { GroupKey, PaletteItem } from './items';
import { GROUP_ORDER, GROUP_TITLES } from './items';

/**
 * How well a name matches the typed text, best first: the whole name (case-insensitive), its
 * start, the start of one of its words, anywhere in it, or not at all (the server matched on
 * something else, such as a label or the namespace).
 */
export const MATCH_TIERS = { exact: 4, prefix: 3, wordPrefix: 2, substring: 1, other: 0 } as const;

/** Where words start in a name: after spaces and `-_./:`, or at a capital after a lower case. */
const WORD_BREAK = /[\s\-_./:]+|(?<=[a-z])(?=[A-Z])/;

export function matchTier(name: string, query: string): number {
  const text = query.trim().toLowerCase();
  if (text === '') return MATCH_TIERS.other;
  const lower = name.toLowerCase();
  if (lower === text) return MATCH_TIERS.exact;
  if (lower.startsWith(text)) return MATCH_TIERS.prefix;
  if (name.split(WORD_BREAK).some((word) => word.toLowerCase().startsWith(text))) {
    return MATCH_TIERS.wordPrefix;
  }
  if (lower.includes(text)) return MATCH_TIERS.substring;
  return MATCH_TIERS.other;
}

/**
 * An item's score: its match tier counts twice, and a recently opened item gets one more, so it
 * goes first among the items of its tier but never above a better match.
 */
export function itemScore(item: PaletteItem, query: string, recent: ReadonlySet<string>): number {
  return matchTier(item.name, query) * 2 + (recent.has(item.key) ? 1 : 0);
}

const byName = (a: PaletteItem, b: PaletteItem) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** Items best first; equal scores by name, then id. */
export function rankItems(
  items: readonly PaletteItem[],
  query: string,
  recent: ReadonlySet<string>,
): PaletteItem[] {
  return items
    .map((item) => ({ item, score: itemScore(item, query, recent) }))
    .sort((a, b) => b.score - a.score || byName(a.item, b.item))
    .map(({ item }) => item);
}

/**
 * Pages the user has visited most first, by their visit counts in `person_analytics`; pages
 * with equal counts, and those never visited, keep their order (the route table's).
 */
export function byVisits(
  pages: readonly PaletteItem[],
  visits: readonly PersonAnalyticsRow[],
): PaletteItem[] {
  const counts = new Map(visits.map((row) => [row.key, row.count]));
  const visitsOf = (page: PaletteItem) =>
    page.href ? (counts.get(pageVisitKey(page.href.split('?')[0] ?? page.href)) ?? 0) : 0;
  return pages
    .map((page, index) => ({ page, index, count: visitsOf(page) }))
    .sort((a, b) => b.count - a.count || a.index - b.index)
    .map(({ page }) => page);
}

/** Items whose name holds the text (pages, actions, zones are matched in the browser). */
export function matchingLocally(items: readonly PaletteItem[], query: string): PaletteItem[] {
  if (query.trim() === '') return [...items];
  return items.filter((item) => matchTier(item.name, query) > MATCH_TIERS.other);
}

/** The items of one group before ranking, or why its kind could not be searched. */
export interface GroupInput {
  key: GroupKey;
  items: readonly PaletteItem[];
  error?: string;
  /** Keep the given order (the Recent group lists the most recent first). */
  keepOrder?: boolean;
}

export interface RankedGroup {
  key: GroupKey;
  title: string;
  /** The items shown, best first. */
  items: PaletteItem[];
  /** How many more matched beyond the shown ones. */
  hidden: number;
  error?: string;
  /** The best item's score (-1 for a group with none). */
  best: number;
}

/** How many items a group shows. */
export const ITEMS_PER_GROUP = 5;

/**
 * The groups to show: each group's items ranked and cut to `perGroup` (the rest counted in
 * `hidden`), empty groups left out unless they carry an error, and the groups ordered by their
 * best item's score, ties in the fixed order (Recent, Actions, Pages, Health checks, …).
 */
export function rankGroups(
  groups: readonly GroupInput[],
  query: string,
  recent: ReadonlySet<string>,
  perGroup: number = ITEMS_PER_GROUP,
): RankedGroup[] {
  return groups
    .map((group): RankedGroup => {
      const ranked = group.keepOrder ? [...group.items] : rankItems(group.items, query, recent);
      const scores = ranked.map((item) => itemScore(item, query, recent));
      return {
        key: group.key,
        title: GROUP_TITLES[group.key],
        items: ranked.slice(0, perGroup),
        hidden: Math.max(0, ranked.length - perGroup),
        ...(group.error !== undefined ? { error: group.error } : {}),
        best: scores.length > 0 ? Math.max(...scores) : -1,
      };
    })
    .filter((group) => group.items.length > 0 || group.error !== undefined)
    .sort(
      (a, b) =>
        (query.trim() === '' ? 0 : b.best - a.best) ||
        GROUP_ORDER.indexOf(a.key) - GROUP_ORDER.indexOf(b.key),
    );
}
