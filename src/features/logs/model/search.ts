/**
 * The log search as it sits in the address (issue 20, /logs): the component (`component`), one
 * of its log selectors (`selector`), the time range (the kit's parameters; last 24 hours by
 * default), label filters (`label=key=value`, repeated), the search within the results (`q`)
 * and whether lines wrap (`wrap=1`). A deep link reproduces the search. Pure.
 */
import type { TimeRangeValue } from '../../../lib/timeRange';
import { timeRangeFromSearchParams, timeRangeToSearchParams } from '../../../lib/timeRange';

export const LOG_PARAMS = {
  component: 'component',
  selector: 'selector',
  label: 'label',
  query: 'q',
  wrap: 'wrap',
} as const;

/** The range while the address names none. */
export const DEFAULT_LOG_TIME_RANGE: TimeRangeValue = { type: 'relative', range: 'now-24h' };

/** A label filter: lines must carry `key` with exactly `value`. */
export interface LabelFilter {
  key: string;
  value: string;
}

export interface LogSearchState {
  componentId: string | undefined;
  selector: string | undefined;
  timeRange: TimeRangeValue;
  labels: LabelFilter[];
  query: string;
  wrap: boolean;
}

/** `key=value` (spaces around either trimmed) as a filter; undefined without a key or `=`. */
export function parseLabelFilter(text: string): LabelFilter | undefined {
  const at = text.indexOf('=');
  if (at <= 0) return undefined;
  const key = text.slice(0, at).trim();
  const value = text.slice(at + 1).trim();
  return key === '' ? undefined : { key, value };
}

export function labelFilterText({ key, value }: LabelFilter): string {
  return `${key}=${value}`;
}

/** The filters as the `labels` map LOG-01 takes; a later filter of a key wins. */
export function labelsOf(filters: readonly LabelFilter[]): Record<string, string> {
  return Object.fromEntries(filters.map(({ key, value }) => [key, value]));
}

function present(value: string | null): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

export function readLogSearch(params: URLSearchParams): LogSearchState {
  const seen = new Set<string>();
  const labels: LabelFilter[] = [];
  for (const text of params.getAll(LOG_PARAMS.label)) {
    const filter = parseLabelFilter(text);
    if (!filter || seen.has(filter.key)) continue;
    seen.add(filter.key);
    labels.push(filter);
  }
  return {
    componentId: present(params.get(LOG_PARAMS.component)),
    selector: present(params.get(LOG_PARAMS.selector)),
    timeRange: timeRangeFromSearchParams(params) ?? DEFAULT_LOG_TIME_RANGE,
    labels,
    query: params.get(LOG_PARAMS.query) ?? '',
    wrap: params.get(LOG_PARAMS.wrap) === '1',
  };
}

/**
 * A copy of `params` with the changes written in. Choosing another component forgets the
 * selector (each component has its own); a default or empty value leaves its parameter out.
 */
export function writeLogSearch(
  params: URLSearchParams,
  changes: Partial<LogSearchState>,
): URLSearchParams {
  let next = new URLSearchParams(params);
  const set = (name: string, value: string | undefined) => {
    if (value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  };
  if ('componentId' in changes) {
    if (changes.componentId !== present(params.get(LOG_PARAMS.component))) {
      next.delete(LOG_PARAMS.selector);
    }
    set(LOG_PARAMS.component, changes.componentId);
  }
  if ('selector' in changes) set(LOG_PARAMS.selector, changes.selector);
  if ('timeRange' in changes) next = timeRangeToSearchParams(changes.timeRange, next);
  if (changes.labels) {
    next.delete(LOG_PARAMS.label);
    for (const filter of changes.labels) next.append(LOG_PARAMS.label, labelFilterText(filter));
  }
  if ('query' in changes) set(LOG_PARAMS.query, changes.query);
  if ('wrap' in changes) set(LOG_PARAMS.wrap, changes.wrap ? '1' : undefined);
  return next;
}
