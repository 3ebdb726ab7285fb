import type { ChangesRecursive } from '../../../../api/endpoints/configItem';
import type { TimeRangeValue } from '../../../../lib/timeRange';
import { resolveTimeRange } from '../../../../lib/timeRange';
import type { TriStateMap } from '../../../../lib/triState';
import { triStateToQuery } from '../../../../lib/triState';
import { boolean, defineUrlState, text, timeRange, triState } from '../../../../lib/urlState';
import { SEVERITIES } from '../../../../../contracts/severities';

/** The range the tab opens with: the last 2 days. */
export const DEFAULT_CHANGES_RANGE: TimeRangeValue = { type: 'relative', range: 'now-2d' };

/** Severities a change may have, most severe first: the shared `contracts/severities.ts`. */
export const CHANGE_SEVERITIES = SEVERITIES;

/**
 * What the Changes tab shows, in the address: Upstream and Downstream (`true`; older links
 * `1`), Soft (softly related items' changes too), the time range (the kit's parameters; the
 * last 2 days by default), the change types included (1) or excluded (-1) (`changeType`), one
 * severity ('' for all), the changed configs' `key=value` tags, and `follow=true` (the list
 * reloads on its own and marks the changes that arrive). A filter goes back to the first page;
 * every change is a history entry.
 */
export const CHANGES_TAB_STATE = defineUrlState(
  {
    /** Changes of the item's parents too. */
    upstream: boolean({ default: false, alsoTrue: ['1'], filter: true }),
    /** Changes of the item's children too. */
    downstream: boolean({ default: false, alsoTrue: ['1'], filter: true }),
    /** Changes of softly related items too. */
    soft: boolean({ default: false, filter: true }),
    timeRange: timeRange({ default: DEFAULT_CHANGES_RANGE, filter: true }),
    changeTypes: triState({ param: 'changeType', filter: true }),
    severity: text({ default: '', trim: true, filter: true }),
    /** `key=value` tags of the changed configs. */
    tags: triState({ filter: true }),
    follow: boolean({ default: false }),
  },
  { history: 'push' },
);

/** `recursive` of CAT-19 from the toggles: both `all`, one its own name, neither `none`. */
export function recursiveFrom(upstream: boolean, downstream: boolean): ChangesRecursive {
  if (upstream && downstream) return 'all';
  if (upstream) return 'upstream';
  if (downstream) return 'downstream';
  return 'none';
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
