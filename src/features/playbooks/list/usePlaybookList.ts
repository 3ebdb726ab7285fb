import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  useGetPlaybookNamesQuery,
  useGetPlaybookRunsQuery,
  useGetPlaybookTitlesQuery,
} from '../../../api/endpoints/playbooks';
import { toErrorMessage } from '../../../api/errors';
import type { PlaybookRun } from '../../../api/schemas/playbooks';
import type { PlaybookGroup } from './model/playbookList';
import {
  RECENT_RUNS_PAGE_SIZE,
  buildEntries,
  groupByCategory,
  matchesSearch,
  recentRunsByPlaybook,
} from './model/playbookList';

/** The URL parameter of the search. */
export const SEARCH_PARAM = 'search';

/** The search of `/playbooks`, kept in the address (`?search=`). */
export function usePlaybookSearch(): [string, (search: string) => void] {
  const [params, setParams] = useSearchParams();
  const search = params.get(SEARCH_PARAM) ?? '';
  const setSearch = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.trim()) updated.set(SEARCH_PARAM, next);
          else updated.delete(SEARCH_PARAM);
          return updated;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [search, setSearch];
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
