import { isPassing } from './checkFields';
import type { LabelFilter } from './labels';
import { NO_LABEL_FILTER, matchesLabels } from './labels';
import type { HealthCheck } from './types';

export interface CheckFilter {
  /** Free text; matched case-insensitively as a substring. Empty matches everything. */
  query: string;
  /** Leave out checks whose last run passed. */
  hidePassing: boolean;
  /** Include and exclude by label. */
  labels?: LabelFilter;
}

/** Lower-cased description, canary name, endpoint and name, computed once per check object. */
const searchTexts = new WeakMap<HealthCheck, string>();

function searchText(check: HealthCheck): string {
  let text = searchTexts.get(check);
  if (text === undefined) {
    // The separator cannot be typed, so a query never matches across two fields.
    text =
      `${check.description ?? ''}\u0000${check.canary_name ?? ''}\u0000` +
      `${check.endpoint ?? ''}\u0000${check.name ?? ''}`;
    text = text.toLowerCase();
    searchTexts.set(check, text);
  }
  return text;
}

/**
 * Computes the search text of every check ahead of the first keystroke (call it when a new
 * list arrives, after rendering it).
 */
export function prepareSearch(checks: readonly HealthCheck[]): void {
  for (const check of checks) searchText(check);
}

/** Whether the description, canary name, endpoint or name contains the query, in any case. */
export function matchesQuery(check: HealthCheck, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return needle === '' || searchText(check).includes(needle);
}

/**
 * The checks that pass the search, the Hide Passing toggle and the label filter, in their
 * original order. Returns the input array itself when nothing filters.
 */
export function filterChecks(
  checks: readonly HealthCheck[],
  { query, hidePassing, labels = NO_LABEL_FILTER }: CheckFilter,
): readonly HealthCheck[] {
  const needle = query.trim().toLowerCase();
  const byLabel = labels.include.size > 0 || labels.exclude.size > 0;
  if (needle === '' && !hidePassing && !byLabel) return checks;
  return checks.filter(
    (check) =>
      !(hidePassing && isPassing(check)) &&
      (needle === '' || searchText(check).includes(needle)) &&
      (!byLabel || matchesLabels(check, labels)),
  );
}
