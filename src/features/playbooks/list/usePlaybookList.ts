import { useCallback, useMemo } from 'react';
import {
  useGetPlaybookNamesQuery,
  useGetPlaybookRunsQuery,
  useGetPlaybookTitlesQuery,
} from '../../../api/endpoints/playbooks';
import { toErrorMessage } from '../../../api/errors';
import type { PlaybookRun } from '../../../api/schemas/playbooks';
import { defineUrlState, text } from '../../../lib/urlState';
import { useUrlState } from '../../../widgets/useUrlState';
import type { PlaybookGroup } from './model/playbookList';
import {
  RECENT_RUNS_PAGE_SIZE,
  buildEntries,
  groupByCategory,
  matchesSearch,
  recentRunsByPlaybook,
} from './model/playbookList';

/** The search of `/playbooks` in the address (`?search=`); typing replaces the entry. */
export const PLAYBOOK_SEARCH = defineUrlState({ search: text({ default: '' }) });

/** The search of `/playbooks`, kept in the address. */
export function usePlaybookSearch(): [string, (search: string) => void] {
  const { state, set } = useUrlState(PLAYBOOK_SEARCH);
  const setSearch = useCallback((next: string) => set('search', next), [set]);
  return [state.search, setSearch];
}

export interface PlaybookList {
  /** The matching playbooks by category. */
  groups: PlaybookGroup[];
  /** How many playbooks exist, before the search. */
  total: number;
  loading: boolean;
  /** Why the playbooks could not be read, in the user's words. */
  error?: string;
  /** Reads again whatever failed. */
  retry: () => void;
  retrying: boolean;
  /** Each playbook's latest runs, newest first. */
  runs: Map<string, PlaybookRun[]>;
  /** Why the latest runs could not be read (the playbooks still show). */
  runsError?: string;
  retryRuns: () => void;
}

/**
 * The playbooks of `/playbooks`: their names (PB-01), then their specs in one request (PB-03),
 * and the latest runs of every playbook from one page of PB-10, grouped in the browser.
 */
export function usePlaybookList(search: string): PlaybookList {
  const names = useGetPlaybookNamesQuery();
  const ids = useMemo(() => (names.data ?? []).map((row) => row.id), [names.data]);
  const titles = useGetPlaybookTitlesQuery(ids, { skip: ids.length === 0 });
  const runs = useGetPlaybookRunsQuery({ pageIndex: 0, pageSize: RECENT_RUNS_PAGE_SIZE });

  const entries = useMemo(
    () => buildEntries(names.data ?? [], titles.data ?? []),
    [names.data, titles.data],
  );
  const groups = useMemo(
    () => groupByCategory(entries.filter((entry) => matchesSearch(entry, search))),
    [entries, search],
  );
  const recent = useMemo(() => recentRunsByPlaybook(runs.data?.runs ?? []), [runs.data]);

  const failed = names.error ?? titles.error;
  const { refetch: refetchNames } = names;
  const { refetch: refetchTitles, isUninitialized: titlesIdle } = titles;
  const retry = useCallback(() => {
    if (names.error) void refetchNames();
    else if (!titlesIdle) void refetchTitles();
  }, [names.error, refetchNames, refetchTitles, titlesIdle]);
  const { refetch: refetchRuns } = runs;

  return {
    groups,
    total: entries.length,
    loading: names.isLoading || titles.isLoading,
    ...(failed ? { error: toErrorMessage(failed) } : {}),
    retry,
    retrying: names.isFetching || titles.isFetching,
    runs: recent,
    ...(runs.error ? { runsError: toErrorMessage(runs.error) } : {}),
    retryRuns: () => void refetchRuns(),
  };
}
