import type { ConfigChange } from '../../../api/schemas/configItem';
import { useNewRows } from './useNewRows';

/** The switch that follows a list of changes. */
export const FOLLOW_LABEL = 'Follow';

/** How often a followed list of changes reloads, in ms. */
export const FOLLOW_INTERVAL_MS = 10_000;

const changeId = (change: ConfigChange) => change.id;

/**
 * The query options of a list of changes that may be followed: polled every `interval` ms
 * while following (not while the window is in the background), never otherwise.
 */
export function followPolling(follow: boolean, interval: number) {
  return { pollingInterval: follow ? interval : 0, skipPollingIfUnfocused: true } as const;
}

/**
 * The ids of the changes that arrived with the latest answer of a followed search: the rows
 * shown when following starts (or when the search `args` change) are not new. Pass the current
 * query's rows only (`currentData`). Empty while not following.
 */
export function useFreshChanges(
  args: unknown,
  rows: readonly ConfigChange[] | undefined,
  follow: boolean,
): ReadonlySet<string> {
  return useNewRows(`${follow}:${JSON.stringify(args)}`, rows, changeId, follow);
}
