import type { ChangesRecursive } from '../../../../api/endpoints/configItem';
import type { TimeRangeValue } from '../../../../lib/timeRange';
import {
  resolveTimeRange,
  timeRangeFromSearchParams,
  timeRangeToSearchParams,
} from '../../../../lib/timeRange';
import type { TriStateMap } from '../../../../lib/triState';
import { triStateFromUrl, triStateToQuery, triStateToUrl } from '../../../../lib/triState';

/** The URL parameters of the Changes tab (the time range has its own, `lib/timeRange`). */
export const CHANGES_PARAMS = {
  upstream: 'upstream',
  downstream: 'downstream',
  changeType: 'changeType',
  severity: 'severity',
} as const;

/** The range the tab opens with: the last 2 days. */
export const DEFAULT_CHANGES_RANGE: TimeRangeValue = { type: 'relative', range: 'now-2d' };

/** Severities a change may have, most severe first. */
export const CHANGE_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

/** What the Changes tab shows, as its URL says. */
export interface ChangesUrlState {
  /** Changes of the item's parents too. */
  upstream: boolean;
  /** Changes of the item's children too. */
  downstream: boolean;
  timeRange: TimeRangeValue;
  /** Change types included (1) or excluded (-1). */
  changeTypes: TriStateMap;
  /** One severity, or empty for all. */
  severity: string;
}

export type ChangesStateChanges = Partial<ChangesUrlState>;

/** `recursive` of CAT-19 from the toggles: both `all`, one its own name, neither `none`. */
export function recursiveFrom(upstream: boolean, downstream: boolean): ChangesRecursive {
  if (upstream && downstream) return 'all';
  if (upstream) return 'upstream';
  if (downstream) return 'downstream';
  return 'none';
}

const isOn = (value: string | null) => value === 'true' || value === '1';

/** The tab's state in `params`; missing parameters give the defaults. */
export function parseChangesParams(params: URLSearchParams): ChangesUrlState {
  return {
    upstream: isOn(params.get(CHANGES_PARAMS.upstream)),
    downstream: isOn(params.get(CHANGES_PARAMS.downstream)),
    timeRange: timeRangeFromSearchParams(params) ?? DEFAULT_CHANGES_RANGE,
    changeTypes: triStateFromUrl(params.get(CHANGES_PARAMS.changeType)),
    severity: params.get(CHANGES_PARAMS.severity)?.trim() ?? '',
  };
}

function setOrDelete(params: URLSearchParams, key: string, value: string) {
  if (value === '') params.delete(key);
  else params.set(key, value);
}

/**
 * A copy of `params` with the changes written in; other parameters are kept, except the page,
 * which goes back to the first (the rows are no longer the same).
 */
export function withChangesParams(
  params: URLSearchParams,
  changes: ChangesStateChanges,
): URLSearchParams {
  let next = new URLSearchParams(params);
  if (changes.upstream !== undefined) {
    setOrDelete(next, CHANGES_PARAMS.upstream, changes.upstream ? 'true' : '');
  }
  if (changes.downstream !== undefined) {
    setOrDelete(next, CHANGES_PARAMS.downstream, changes.downstream ? 'true' : '');
  }
  if (changes.changeTypes !== undefined) {
    setOrDelete(next, CHANGES_PARAMS.changeType, triStateToUrl(changes.changeTypes));
  }
  if (changes.severity !== undefined) {
    setOrDelete(next, CHANGES_PARAMS.severity, changes.severity);
  }
  if ('timeRange' in changes) next = timeRangeToSearchParams(changes.timeRange, next);
  next.delete('pageIndex');
  return next;
}

/**
 * `from` and `to` of CAT-19 for a range: a relative range as datemath (`now-2d` … `now`), a
 * quick range (`Yesterday`) and an absolute one as ISO times, `to` as `now` when the range
 * ends now (`Today so far`). A range that cannot be read
 * gives the default.
 */
export function changesTimeBounds(
  range: TimeRangeValue,
  now: Date = new Date(),
  timezone?: string,
): { from: string; to: string } {
  if (range.type === 'relative' && /^now-\d+[smhdwMy]$/.test(range.range.trim())) {
    return { from: range.range.trim(), to: 'now' };
  }
  try {
    const resolved = resolveTimeRange(range, now, timezone);
    // A range that ends now ("Today so far") keeps ending now when the list is fetched again.
    const endsNow = resolved.to === null || resolved.to.getTime() === now.getTime();
    return {
      from: resolved.from.toISOString(),
      to: endsNow ? 'now' : (resolved.to as Date).toISOString(),
    };
  } catch {
    return { from: 'now-2d', to: 'now' };
  }
}

/** `type` of CAT-19 from the change-type filter: `a,!b`, or undefined for none. */
export function changeTypeQuery(changeTypes: TriStateMap): string | undefined {
  const query = triStateToQuery(changeTypes);
  return query === '' ? undefined : query;
}
