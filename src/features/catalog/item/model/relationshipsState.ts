import type { RelationshipDirection } from '../../../../api/endpoints/configItem';
import { relationshipDirection } from '../../../../api/endpoints/configItem';
import type { RelatedConfig } from '../../../../api/schemas/configItem';
import type { TriStateMap } from '../../../../lib/triState';
import { triStateToQuery } from '../../../../lib/triState';
import type { ItemCodec, UrlStateOf } from '../../../../lib/urlState';
import { boolean, defineUrlState, list, oneOf, triState } from '../../../../lib/urlState';

/** The related configs without the item itself, which the backend lists first. */
export function relatedOthers(rows: readonly RelatedConfig[], itemId: string): RelatedConfig[] {
  return rows.filter((row) => row.id !== itemId);
}

/** How many open insights a related config has: the sum of its counts by analysis type. */
export function insightTotal(analysis: RelatedConfig['analysis']): number {
  if (!analysis) return 0;
  return Object.values(analysis).reduce<number>((total, value) => {
    const count = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(count) ? total + count : total;
  }, 0);
}

// ---------------------------------------------------------------- direction

/** The Direction control's choices: CAT-30's `type_filter`, `all` read as "Both". */
export const DIRECTION_OPTIONS: ReadonlyArray<{ value: RelationshipDirection; label: string }> = [
  { value: 'incoming', label: 'Incoming' },
  { value: 'outgoing', label: 'Outgoing' },
  { value: 'all', label: 'Both' },
];

/** The direction the `incoming` and `outgoing` parameters ask for (neither: outgoing). */
export function directionOf(state: Pick<RelationshipsTabState, 'incoming' | 'outgoing'>) {
  return relationshipDirection(state.incoming, state.outgoing);
}

/** The `incoming` and `outgoing` switches that give a direction. */
export function directionToggles(
  direction: RelationshipDirection,
): Pick<RelationshipsTabState, 'incoming' | 'outgoing'> {
  return { incoming: direction !== 'outgoing', outgoing: direction !== 'incoming' };
}

// ---------------------------------------------------------------- filters and view

/** The health values the Health filter offers. */
export const HEALTH_VALUES = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

/** The separator of a tag's key and value in the `tag` parameter. */
export const TAG_SEPARATOR = '__:__';

/** A tag as a `tag` item: `key__:__value`. */
export function tagItem(key: string, value: string): string {
  return `${key}${TAG_SEPARATOR}${value}`;
}

/** The key and value of a `tag` item, or undefined when it has no separator. */
export function parseTagItem(item: string): { key: string; value: string } | undefined {
  const at = item.indexOf(TAG_SEPARATOR);
  if (at <= 0) return undefined;
  return { key: item.slice(0, at), value: item.slice(at + TAG_SEPARATOR.length) };
}

/** `::` as the address writes it in a type: `Kubernetes::Pod` ↔ `Kubernetes__Pod`. */
const CONFIG_TYPE_ITEM: ItemCodec = {
  toUrl: (type) => type.replaceAll('::', '__'),
  fromUrl: (type) => type.replaceAll('__', '::'),
};

/**
 * Everything the Relationships tab keeps in its address; what equals the default leaves no
 * parameter, and every change is a history entry. The filters are the type, status, health
 * and tag selections.
 */
export const RELATIONSHIPS_STATE = defineUrlState(
  {
    /** Relationships towards the item (its parents). Default on; `false` (or `0`) off. */
    incoming: boolean({ default: true, alsoFalse: ['0'] }),
    /** Relationships away from the item (its children). Default on. */
    outgoing: boolean({ default: true, alsoFalse: ['0'] }),
    /** Soft relationships too (`relation=soft`). Default off. */
    soft: boolean({ default: false, param: 'relation', words: ['soft', 'hard'] }),
    /** Deleted configs too; unset means the user's preference. */
    showDeleted: boolean(),
    /** Config types kept (1) or left out (-1), written `Kubernetes__Pod:1`. */
    type: triState({ item: CONFIG_TYPE_ITEM, filter: true }),
    /** Statuses kept or left out (`Running:1,Pending:-1`). */
    status: triState({ filter: true }),
    /** Health values kept or left out. */
    health: triState({ filter: true }),
    /**
     * Tags kept or left out, applied in the browser: `key__:__value` items, a leading `!`
     * leaving the tag out (`cluster__:__prod,!namespace__:__kube-system`).
     */
    tag: triState({
      format: 'negated',
      item: { toUrl: (item) => item, fromUrl: (item) => (parseTagItem(item) ? item : undefined) },
      filter: true,
    }),
    /** `view=list` shows the table; the graph otherwise. */
    view: oneOf(['graph', 'list'], { default: 'graph' }),
    /** Types whose cluster the graph draws as its members (`Kubernetes__Pod,…`). */
    expanded: list({ item: CONFIG_TYPE_ITEM }),
  },
  { history: 'push' },
);

/** Everything the Relationships tab keeps in its address. */
export type RelationshipsTabState = UrlStateOf<typeof RELATIONSHIPS_STATE.fields>;

/** How the related configs are shown. */
export type RelationshipView = RelationshipsTabState['view'];

/** CAT-30's tri-state filters (`a,!b`), each only when something is chosen. */
export function relationshipQueryFilters(
  state: Pick<RelationshipsTabState, 'type' | 'status' | 'health'>,
): { type?: string; status?: string; health?: string } {
  const filters: { type?: string; status?: string; health?: string } = {};
  const type = triStateToQuery(state.type);
  const status = triStateToQuery(state.status);
  const health = triStateToQuery(state.health);
  if (type) filters.type = type;
  if (status) filters.status = status;
  if (health) filters.health = health;
  return filters;
}

// ---------------------------------------------------------------- tags, in the browser

/** A tag's value as text; objects and missing values have none. */
function tagText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * Whether a config's tags pass a tag selection: for every key with included values its tag
 * is one of them, and none of its tags is left out.
 */
export function matchesTags(tags: RelatedConfig['tags'], selection: TriStateMap): boolean {
  const included = new Map<string, Set<string>>();
  for (const [item, state] of Object.entries(selection)) {
    const tag = parseTagItem(item);
    if (!tag) continue;
    const actual = tagText(tags?.[tag.key]);
    if (state === -1) {
      if (actual === tag.value) return false;
      continue;
    }
    const values = included.get(tag.key) ?? new Set<string>();
    values.add(tag.value);
    included.set(tag.key, values);
  }
  for (const [key, values] of included) {
    const actual = tagText(tags?.[key]);
    if (actual === undefined || !values.has(actual)) return false;
  }
  return true;
}

/**
 * The rows that pass the tag selection; the item itself always stays (the graph's centre).
 * The same array when nothing is selected.
 */
export function filterByTags<Row extends Pick<RelatedConfig, 'id' | 'tags'>>(
  rows: readonly Row[],
  selection: TriStateMap,
  itemId: string,
): readonly Row[] {
  if (Object.keys(selection).length === 0) return rows;
  return rows.filter((row) => row.id === itemId || matchesTags(row.tags, selection));
}

/** At most this many tags are offered by the Tag filter (the most common first). */
export const TAG_OPTION_LIMIT = 100;

/** A choice of the Tag filter. */
export interface TagOption {
  /** The `key__:__value` item. */
  value: string;
  /** `key: value` */
  label: string;
}

/**
 * The tags the rows carry, as Tag filter choices: the most common first, then by key and
 * value, at most `limit`.
 */
export function tagOptions(
  rows: ReadonlyArray<Pick<RelatedConfig, 'tags'>>,
  limit = TAG_OPTION_LIMIT,
): TagOption[] {
  const counts = new Map<string, { key: string; value: string; count: number }>();
  for (const row of rows) {
    for (const [key, raw] of Object.entries(row.tags ?? {})) {
      const value = tagText(raw);
      if (value === undefined) continue;
      const item = tagItem(key, value);
      const entry = counts.get(item) ?? { key, value, count: 0 };
      entry.count += 1;
      counts.set(item, entry);
    }
  }
  return [...counts.entries()]
    .sort(
      ([, a], [, b]) =>
        b.count - a.count || a.key.localeCompare(b.key) || a.value.localeCompare(b.value),
    )
    .slice(0, limit)
    .map(([item, { key, value }]) => ({ value: item, label: `${key}: ${value}` }));
}
