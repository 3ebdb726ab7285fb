/**
 * A view section's `uiRef` filters (Mission Control's `ConfigsUIFilters` and
 * `ChangesUIFilters`: comma lists where `-x` or `!x` excludes, Kubernetes-style `k=v`
 * selectors, durations such as `24h`) as the catalog's and the changes page's own filters.
 * Pure.
 */
import type { ChangesUIFilters, ConfigsUIFilters } from '../../../api/schemas/views';
import type { TriStateMap } from '../../../lib/triState';
import type { TimeRangeValue } from '../../../lib/timeRangeParams';
import { CATALOG_FILTERS } from './catalogParams';
import type { CatalogFilters } from './catalogParams';
import { CHANGES_STATE, configTypeItem } from '../changes/model/changesFilters';
import type { ChangesFilters } from '../changes/model/changesFilters';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `a,-b,!c` as a selection: `a` included, `b` and `c` excluded; each item through `item`. */
export function selectionOf(
  text: string | null | undefined,
  item: (value: string) => string = (value) => value,
): TriStateMap {
  const map: TriStateMap = {};
  for (const raw of (text ?? '').split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    const excluded = entry.startsWith('-') || entry.startsWith('!');
    const value = excluded ? entry.slice(1).trim() : entry;
    if (value !== '') map[item(value)] = excluded ? -1 : 1;
  }
  return map;
}

/** The catalog's filters of a `uiRef.configs` section (labels `k=v` become `k:v` items). */
export function catalogFiltersOf(filters: ConfigsUIFilters): CatalogFilters {
  const defaults = CATALOG_FILTERS.read(new URLSearchParams());
  return {
    ...defaults,
    ...(filters.configType ? { configType: filters.configType } : {}),
    search: filters.search?.trim() ?? '',
    status: selectionOf(filters.status),
    health: selectionOf(filters.health),
    labels: selectionOf(filters.labels, (label) => label.replace('=', ':')),
  };
}

/** `24h` or `now-24h` as a relative range; `from` and `to` as dates as an absolute one. */
export function timeRangeOf(from: string | null | undefined, to: string | null | undefined) {
  const start = (from ?? '').trim();
  const end = (to ?? '').trim();
  if (start === '') return undefined;
  if (/^\d+[smhdwMy]$/.test(start)) return { type: 'relative', range: `now-${start}` } as const;
  if (/^now-\d+[smhdwMy]$/.test(start) && (end === '' || end === 'now')) {
    return { type: 'relative', range: start } as const;
  }
  if (!Number.isNaN(Date.parse(start))) {
    const until = end !== '' && !Number.isNaN(Date.parse(end)) ? end : new Date().toISOString();
    return { type: 'absolute', from: start, to: until } as const;
  }
  return undefined;
}

/**
 * The changes page's filters of a `uiRef.changes` section: config types (`::` as `__`),
 * change types, sources, summaries and tags as selections, one severity, the time range, and
 * authors (ids as people, other names as outside authors).
 */
export function changesFiltersOf(filters: ChangesUIFilters): ChangesFilters {
  const { follow: _follow, ...defaults } = CHANGES_STATE.read(new URLSearchParams());
  const authors = selectionOf(filters.createdBy);
  const people: TriStateMap = {};
  const others: TriStateMap = {};
  for (const [author, state] of Object.entries(authors)) {
    if (UUID.test(author)) people[author] = state;
    else others[author] = state;
  }
  const range: TimeRangeValue | undefined = timeRangeOf(filters.from, filters.to);
  return {
    ...defaults,
    configTypes: selectionOf(filters.configTypes, configTypeItem),
    changeTypes: selectionOf(filters.changeType),
    severity: filters.severity?.trim() ?? '',
    source: selectionOf(filters.source),
    summary: selectionOf(filters.summary),
    tags: selectionOf(filters.tags),
    createdBy: people,
    externalCreatedBy: others,
    ...(range ? { timeRange: range } : {}),
  };
}
