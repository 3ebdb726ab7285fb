import type { TriStateMap } from '../../../lib/triState';
import { labelText } from './checkFields';
import type { HealthCheck } from './types';

/** One `key: value` pair carried by at least one check. */
export interface LabelOption {
  /** `canary:{key}:{value}`, the item used in the URL's `labels` map. */
  id: string;
  key: string;
  value: string;
  /** `key: value`, or just `key` for a `true` flag. */
  label: string;
}

/** The labels of a set of checks, grouped by key. */
export interface LabelCatalog {
  /** Every pair, by id. */
  byId: ReadonlyMap<string, LabelOption>;
  /** Label keys, sorted. */
  keys: readonly string[];
  /** The pairs of each key, sorted by value. */
  options: ReadonlyMap<string, readonly LabelOption[]>;
  /** Keys whose values are only `true` or `false` (flags). */
  flagKeys: ReadonlySet<string>;
}

const PREFIX = 'canary:';

/** `canary:{key}:{value}`. */
export function labelId(key: string, value: string): string {
  return `${PREFIX}${key}:${value}`;
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every label pair of the checks, with its key and display text. */
export function collectLabels(checks: readonly HealthCheck[]): LabelCatalog {
  const byId = new Map<string, LabelOption>();
  const perKey = new Map<string, Map<string, LabelOption>>();
  const nonFlag = new Set<string>();
  for (const check of checks) {
    const labels = check.labels;
    if (!labels) continue;
    for (const key in labels) {
      const raw = labels[key];
      if (raw === undefined || raw === null) continue;
      const value = labelText(raw);
      let values = perKey.get(key);
      if (!values) {
        values = new Map();
        perKey.set(key, values);
      } else if (values.has(value)) {
        continue;
      }
      const id = labelId(key, value);
      const option: LabelOption = {
        id,
        key,
        value,
        label: value === 'true' ? key : `${key}: ${value}`,
      };
      values.set(value, option);
      byId.set(id, option);
      if (value !== 'true' && value !== 'false') nonFlag.add(key);
    }
  }
  const keys = [...perKey.keys()].sort(byText);
  const options = new Map<string, readonly LabelOption[]>(
    keys.map((key) => [
      key,
      [...(perKey.get(key)?.values() ?? [])].sort((a, b) => byText(a.value, b.value)),
    ]),
  );
  const flagKeys = new Set(keys.filter((key) => !nonFlag.has(key)));
  return { byId, keys, options, flagKeys };
}

/** Label keys as choices, with the current one added when no check carries it (yet). */
export function keysWithCurrent(keys: readonly string[], current: string | undefined): string[] {
  return current && !keys.includes(current) ? [...keys, current] : [...keys];
}

/** The label filter split by state, keyed by label key, for matching. */
export interface LabelFilter {
  /** Label key → values of which a check must carry one. */
  include: ReadonlyMap<string, ReadonlySet<string>>;
  /** Label key → values a check must not carry. */
  exclude: ReadonlyMap<string, ReadonlySet<string>>;
}

export const NO_LABEL_FILTER: LabelFilter = { include: new Map(), exclude: new Map() };

function add(map: Map<string, Set<string>>, key: string, value: string): void {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

/**
 * The URL's label selection as a filter. Entries naming a label that no check carries are
 * ignored (a bookmark from another estate does not empty the page).
 */
export function labelFilterOf(selection: TriStateMap, catalog: LabelCatalog): LabelFilter {
  const include = new Map<string, Set<string>>();
  const exclude = new Map<string, Set<string>>();
  for (const [id, state] of Object.entries(selection)) {
    const option = catalog.byId.get(id);
    if (!option) continue;
    add(state === 1 ? include : exclude, option.key, option.value);
  }
  if (include.size === 0 && exclude.size === 0) return NO_LABEL_FILTER;
  return { include, exclude };
}

/**
 * Whether a check passes the label filter: it carries none of the excluded pairs and, for
 * every key with included values, one of them. Exclusion wins over inclusion.
 */
export function matchesLabels(check: HealthCheck, filter: LabelFilter): boolean {
  if (filter.include.size === 0 && filter.exclude.size === 0) return true;
  const labels = check.labels ?? {};
  for (const [key, values] of filter.exclude) {
    const raw = labels[key];
    if (raw !== undefined && raw !== null && values.has(labelText(raw))) return false;
  }
  for (const [key, values] of filter.include) {
    const raw = labels[key];
    if (raw === undefined || raw === null || !values.has(labelText(raw))) return false;
  }
  return true;
}
