import type { RelationshipDirection } from '../../../../api/endpoints/configItem';
import { relationshipDirection } from '../../../../api/endpoints/configItem';
import type { RelatedConfig } from '../../../../api/schemas/configItem';
import type { TriStateMap } from '../../../../lib/triState';
import { triStateFromUrl, triStateToQuery, triStateToUrl } from '../../../../lib/triState';

/** The URL parameters of the Relationships tab. */
export const RELATIONSHIP_PARAMS = {
  incoming: 'incoming',
  outgoing: 'outgoing',
  relation: 'relation',
  showDeleted: 'showDeleted',
  type: 'type',
  status: 'status',
  health: 'health',
  tag: 'tag',
  view: 'view',
  expanded: 'expanded',
} as const;

/** What the Relationships tab follows, as its URL says. */
export interface RelationshipsUrlState {
  /** Relationships towards the item (its parents). Default on. */
  incoming: boolean;
  /** Relationships away from the item (its children). Default on. */
  outgoing: boolean;
  /** Soft relationships too (`relation=soft`). Default off. */
  soft: boolean;
}

const isOff = (value: string | null) => value === 'false' || value === '0';

export function parseRelationshipParams(params: URLSearchParams): RelationshipsUrlState {
  return {
    incoming: !isOff(params.get(RELATIONSHIP_PARAMS.incoming)),
    outgoing: !isOff(params.get(RELATIONSHIP_PARAMS.outgoing)),
    soft: params.get(RELATIONSHIP_PARAMS.relation) === 'soft',
  };
}

/** A copy of `params` with the changes written in: defaults leave no parameter. */
export function withRelationshipParams(
  params: URLSearchParams,
  changes: Partial<RelationshipsUrlState>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['incoming', 'outgoing'] as const) {
    const value = changes[key];
    if (value === undefined) continue;
    if (value) next.delete(RELATIONSHIP_PARAMS[key]);
    else next.set(RELATIONSHIP_PARAMS[key], 'false');
  }
  if (changes.soft !== undefined) {
    if (changes.soft) next.set(RELATIONSHIP_PARAMS.relation, 'soft');
    else next.delete(RELATIONSHIP_PARAMS.relation);
  }
  return next;
}

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
export function directionOf(state: Pick<RelationshipsUrlState, 'incoming' | 'outgoing'>) {
  return relationshipDirection(state.incoming, state.outgoing);
}

/** The `incoming` and `outgoing` switches that give a direction. */
export function directionToggles(
  direction: RelationshipDirection,
): Pick<RelationshipsUrlState, 'incoming' | 'outgoing'> {
  return { incoming: direction !== 'outgoing', outgoing: direction !== 'incoming' };
}

// ---------------------------------------------------------------- filters and view

/** How the related configs are shown. */
export type RelationshipView = 'graph' | 'list';

/** The health values the Health filter offers. */
export const HEALTH_VALUES = ['healthy', 'unhealthy', 'warning', 'unknown'] as const;

/** Everything the Relationships tab keeps in its URL. */
export interface RelationshipsTabState extends RelationshipsUrlState {
  /** `showDeleted`: deleted configs too; absent means the user's preference. */
  showDeleted?: boolean;
  /** `type`: config types kept (1) or left out (-1), written `Kubernetes__Pod:1`. */
  type: TriStateMap;
  /** `status`: statuses kept or left out (`Running:1,Pending:-1`). */
  status: TriStateMap;
  /** `health`: health values kept or left out. */
  health: TriStateMap;
  /**
   * `tag`: tags kept or left out, applied in the browser: `key__:__value` items separated by
   * commas, a leading `!` leaving the tag out (`cluster__:__prod,!namespace__:__kube-system`).
   */
  tag: TriStateMap;
  /** `view=list` shows the table; the graph otherwise. */
  view: RelationshipView;
  /** `expanded`: types whose cluster the graph draws as its members (`Kubernetes__Pod,…`). */
  expanded: string[];
}

/** `::` as the URL writes it in a type: `Kubernetes::Pod` ↔ `Kubernetes__Pod`. */
const toUrlType = (type: string) => type.replaceAll('::', '__');
const fromUrlType = (type: string) => type.replaceAll('__', '::');

/** The type selection in the URL: `::` written `__`, then the kit's tri-state form. */
export function typeFilterToUrl(map: TriStateMap): string {
  const written: TriStateMap = {};
  for (const [type, state] of Object.entries(map)) written[toUrlType(type)] = state;
  return triStateToUrl(written);
}

/** The type selection of a URL value, types with `::`. */
export function typeFilterFromUrl(value: string | null): TriStateMap {
  const map: TriStateMap = {};
  for (const [type, state] of Object.entries(triStateFromUrl(value))) {
    map[fromUrlType(type)] = state;
  }
  return map;
}

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

/** A comma inside a tag item, as the URL writes it (the kit's form). */
const COMMA = '||||';

/** The tag selection in the URL: items joined by commas, `!` before the ones left out. */
export function tagFilterToUrl(map: TriStateMap): string {
  return Object.entries(map)
    .map(([item, state]) => `${state === -1 ? '!' : ''}${item.replaceAll(',', COMMA)}`)
    .join(',');
}

/** The tag selection of a URL value; entries without `__:__` are ignored. */
export function tagFilterFromUrl(value: string | null): TriStateMap {
  const map: TriStateMap = {};
  for (const entry of (value ?? '').split(',')) {
    const excluded = entry.startsWith('!');
    const item = (excluded ? entry.slice(1) : entry).replaceAll(COMMA, ',');
    if (parseTagItem(item)) map[item] = excluded ? -1 : 1;
  }
  return map;
}

function expandedFromUrl(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((type) => fromUrlType(type.trim()))
    .filter((type) => type !== '');
}

/** The whole tab state in `params`; missing parameters give the defaults. */
export function parseRelationshipsTab(params: URLSearchParams): RelationshipsTabState {
  const showDeleted = params.get(RELATIONSHIP_PARAMS.showDeleted);
  const state: RelationshipsTabState = {
    ...parseRelationshipParams(params),
    type: typeFilterFromUrl(params.get(RELATIONSHIP_PARAMS.type)),
    status: triStateFromUrl(params.get(RELATIONSHIP_PARAMS.status)),
    health: triStateFromUrl(params.get(RELATIONSHIP_PARAMS.health)),
    tag: tagFilterFromUrl(params.get(RELATIONSHIP_PARAMS.tag)),
    view: params.get(RELATIONSHIP_PARAMS.view) === 'list' ? 'list' : 'graph',
    expanded: expandedFromUrl(params.get(RELATIONSHIP_PARAMS.expanded)),
  };
  if (showDeleted === 'true' || showDeleted === 'false') {
    state.showDeleted = showDeleted === 'true';
  }
  return state;
}

function setOrDelete(params: URLSearchParams, key: string, value: string | undefined) {
  if (value === undefined || value === '') params.delete(key);
  else params.set(key, value);
}

/**
 * A copy of `params` with the changes written in; other parameters stay, and what equals the
 * default leaves no parameter (`showDeleted: undefined` goes back to the preference).
 */
export function withRelationshipsTab(
  params: URLSearchParams,
  changes: Partial<RelationshipsTabState>,
): URLSearchParams {
  const next = withRelationshipParams(params, changes);
  if ('showDeleted' in changes) {
    const value = changes.showDeleted;
    setOrDelete(
      next,
      RELATIONSHIP_PARAMS.showDeleted,
      value === undefined ? undefined : `${value}`,
    );
  }
  if (changes.type) setOrDelete(next, RELATIONSHIP_PARAMS.type, typeFilterToUrl(changes.type));
  if (changes.status) setOrDelete(next, RELATIONSHIP_PARAMS.status, triStateToUrl(changes.status));
  if (changes.health) setOrDelete(next, RELATIONSHIP_PARAMS.health, triStateToUrl(changes.health));
  if (changes.tag) setOrDelete(next, RELATIONSHIP_PARAMS.tag, tagFilterToUrl(changes.tag));
  if (changes.view) {
    setOrDelete(next, RELATIONSHIP_PARAMS.view, changes.view === 'list' ? 'list' : undefined);
  }
  if (changes.expanded) {
    setOrDelete(next, RELATIONSHIP_PARAMS.expanded, changes.expanded.map(toUrlType).join(','));
  }
  return next;
}

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

/** Whether any filter narrows the result (direction and soft relationships aside). */
export function hasRelationshipFilters(
  state: Pick<RelationshipsTabState, 'type' | 'status' | 'health' | 'tag'>,
): boolean {
  return [state.type, state.status, state.health, state.tag].some(
    (map) => Object.keys(map).length > 0,
  );
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
