/**
 * The log search as it sits in the address (issue 20, /logs): the component (`component`), one
 * of its log selectors (`selector`), the time range (the kit's parameters; last 24 hours by
 * default), label filters (`label=key=value`, repeated), the search within the results (`q`)
 * and whether lines wrap (`wrap=1`). A deep link reproduces the search. Pure.
 */
import type { TimeRangeValue } from '../../../lib/timeRange';
import type { UrlStateOf } from '../../../lib/urlState';
import { boolean, defineUrlState, repeated, text, timeRange } from '../../../lib/urlState';

/** The range while the address names none. */
export const DEFAULT_LOG_TIME_RANGE: TimeRangeValue = { type: 'relative', range: 'now-24h' };

/** A label filter: lines must carry `key` with exactly `value`. */
export interface LabelFilter {
  key: string;
  value: string;
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

/**
 * The search in the address; every change is a history entry unless told otherwise. Label
 * filters that cannot be read, or name a key met before, are dropped.
 */
export const LOG_SEARCH = defineUrlState(
  {
    componentId: text({ param: 'component', trim: true }),
    selector: text({ trim: true }),
    timeRange: timeRange({ default: DEFAULT_LOG_TIME_RANGE }),
    labels: repeated({
      param: 'label',
      parse: parseLabelFilter,
      format: labelFilterText,
      key: (filter) => filter.key,
    }),
    query: text({ param: 'q', default: '' }),
    wrap: boolean({ default: false, words: ['1', '0'] }),
  },
  { history: 'push', pageParam: null },
);

export type LogSearchState = UrlStateOf<typeof LOG_SEARCH.fields>;

/** The changes to write: choosing another component forgets the selector (each has its own). */
export function logSearchChanges(
  current: Pick<LogSearchState, 'componentId'>,
  changes: Partial<LogSearchState>,
): Partial<LogSearchState> {
  if (!('componentId' in changes) || changes.componentId === current.componentId) return changes;
  return { selector: undefined, ...changes };
}
