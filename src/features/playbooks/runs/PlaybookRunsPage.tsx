import { useMemo } from 'react';
import { useSelector } from 'react-redux';
import {
  playbookRunListTags,
  playbooksApi,
  useGetPlaybookRunsQuery,
} from '../../../api/endpoints/playbooks';
import type { PlaybookRun } from '../../../api/schemas/playbooks';
import { selectPreferences } from '../../../shell/preferencesSlice';
import type { PreferencesState } from '../../../shell/preferencesSlice';
import { useFormatDate } from '../../../shell/useFormatDate';
import { ListPage } from '../../../widgets/ListPage';
import { RUNS_FILTERS, pollingFor, runPlaybookTitle, runsArgs } from './model/runs';
import { useUrlState } from '../../../widgets/useUrlState';
import { RunsToolbar } from './RunsToolbar';
import { runsColumns } from './runsColumns';
import './runs.css';
import { useAnsweredAt } from '../../../widgets/useAnsweredAt';
import { useListScreen } from '../../../widgets/useListScreen';

export const RUNS_TITLE = 'Playbook Runs';
export const RUNS_ERROR = 'Error loading playbook runs';
export const NO_RUNS = 'No playbook runs';
export const NO_MATCHING_RUNS = 'No playbook runs match these filters';

/**
 * `/playbooks/runs`: every top-level playbook run, newest first, a page at a time (PB-10),
 * filtered by playbook, status, time range and resource, all in the address. While a shown
 * run is not final the page reads the list again every few seconds, and stops once all are.
 */
export function PlaybookRunsPage() {
  const list = useListScreen({ title: RUNS_TITLE, refreshTags: playbookRunListTags });
  const filterState = useUrlState(RUNS_FILTERS);
  const { state: filters, update } = filterState;
  const { pageIndex, pageSize } = list.state;
  const { timezone } = useSelector((root: { preferences: PreferencesState }) =>
    selectPreferences(root),
  );
  // The range is resolved when the filters or page change, not on every render.
  const args = useMemo(
    () => runsArgs(filters, { pageIndex, pageSize }, new Date(), timezone),
    [filters, pageIndex, pageSize, timezone],
  );
  // The list polls while what it last read holds a run that is not final.
  const cached = playbooksApi.endpoints.getPlaybookRuns.useQueryState(args);
  const pollingInterval = pollingFor((cached.data?.runs ?? []).map((run) => run.status));
  const query = useGetPlaybookRunsQuery(args, { pollingInterval });
  const { fulfilledTimeStamp } = query;

  const formatDate = useFormatDate();
  const now = useAnsweredAt(fulfilledTimeStamp);
  const columns = useMemo(
    () => runsColumns({ formatDate, now, onFilter: update }),
    [formatDate, now, update],
  );
  return (
    <ListPage<PlaybookRun>
      pageClassName="mc-runs"
      toolbar={<RunsToolbar filters={filters} onChange={update} />}
      aria-label="Playbook runs"
      className="mc-runs-table"
      columns={columns}
      rows={query.data?.runs ?? []}
      getRowId={(run) => run.id}
      list={list}
      unsorted
      total={query.data?.totalEntries ?? 0}
      query={query}
      errorTitle={RUNS_ERROR}
      rowLabel={runPlaybookTitle}
      empty={{ icon: 'play', emptyTitle: NO_RUNS, filteredTitle: NO_MATCHING_RUNS }}
      filters={filterState}
    />
  );
}
