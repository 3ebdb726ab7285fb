import { Button } from '@blueprintjs/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { incidentListTags, useGetIncidentsQuery } from '../../api/endpoints/incidents';
import type { IncidentSummary } from '../../api/schemas/incidents';
import { useCan } from '../../auth/hooks';
import { paths } from '../../shell/paths';
import { useFormatDate } from '../../shell/useFormatDate';
import { DataTable } from '../../ui/DataTable/DataTable';
import { Pager } from '../../ui/Pager';
import { PageExtras, usePageHeader } from '../../ui/pageHeader';
import { tableQueryState } from '../../widgets/tableQueryState';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useDropSearchParams } from '../../widgets/useDropSearchParams';
import { useListPage } from '../../widgets/useListPage';
import { CREATE_TITLE, CreateIncidentDialog } from './list/CreateIncidentDialog';
import { IncidentsToolbar } from './list/IncidentsToolbar';
import { incidentColumns, incidentTitle } from './list/incidentColumns';
import { INCIDENT_FILTERS } from './list/model/incidentListParams';
import { useUrlState } from '../../widgets/useUrlState';
import './incidents.css';
import { ListEmptyState } from '../../ui/ListEmptyState';

export const PAGE_TITLE = 'Incidents';
export const LIST_ERROR = 'Error loading incidents';
export const NO_MATCH = 'No incidents match these filters';
export const NO_INCIDENTS = 'No incidents';
/** Newest first unless the address sorts otherwise (api.md INC-01). */
export const DEFAULT_SORT = { sortBy: 'created_at', sortOrder: 'desc' } as const;

/** `/incidents?create=1` opens "Create incident" (for users who may write incidents). */
export const CREATE_PARAM = 'create';

/**
 * `/incidents`: the incidents a page at a time (INC-01), open ones unless another status is
 * chosen, searched by title and filtered by severity, type, owner and component. Filters, page
 * and sort live in the address. Users who may write incidents create one from the top bar, or
 * by the address `?create=1` (the command palette's "Create incident"), taken once.
 */
export function IncidentsPage() {
  usePageHeader({ title: PAGE_TITLE, onRefresh: useInvalidateTags(incidentListTags) });
  const canWrite = useCan('incident', 'write');
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const { state: filters, update, resetFilters: clear, filtered } = useUrlState(INCIDENT_FILTERS);
  const list = useListPage({ defaultSort: DEFAULT_SORT });
  const { pageIndex, pageSize, sortBy, sortOrder } = list.state;
  const { data, isLoading, isFetching, error, refetch } = useGetIncidentsQuery({
    ...filters,
    pageIndex,
    pageSize,
    sortBy: sortBy ?? DEFAULT_SORT.sortBy,
    sortOrder: sortOrder ?? DEFAULT_SORT.sortOrder,
  });
  const [now] = useState(() => new Date());
  const columns = useMemo(() => incidentColumns(formatDate, now), [formatDate, now]);
  const [params] = useSearchParams();
  const [creating, setCreating] = useState(false);
  const askedToCreate = params.get(CREATE_PARAM) === '1';
  // The address's request is taken once: the dialog opens, the parameter leaves the address.
  const [takenRequest, setTakenRequest] = useState<URLSearchParams>();
  if (askedToCreate && takenRequest !== params) {
    setTakenRequest(params);
    if (canWrite) setCreating(true);
  }
  const dropParams = useDropSearchParams();
  useEffect(() => {
    if (askedToCreate) dropParams([CREATE_PARAM]);
  }, [askedToCreate, dropParams]);
  const closeCreate = useCallback(() => setCreating(false), []);
  const rows = data?.incidents ?? [];

  return (
    <div className="mc-page mc-incidents">
      {canWrite && (
        <PageExtras>
          <Button
            intent="primary"
            icon="plus"
            text={CREATE_TITLE}
            onClick={() => setCreating(true)}
          />
        </PageExtras>
      )}
      <IncidentsToolbar filters={filters} filtered={filtered} onChange={update} onClear={clear} />
      <DataTable<IncidentSummary>
        aria-label="Incidents"
        className="mc-incidents-table"
        columns={columns}
        rows={rows}
        getRowId={(row) => row.id}
        onRowOpen={(row) => navigate(paths.incident.getHref(row.id))}
        sort={list.sort}
        onSortChange={list.setSort}
        {...tableQueryState({ isLoading, isFetching, error, refetch })}
        errorTitle={LIST_ERROR}
        emptyText={
          <ListEmptyState
            filtered={filtered}
            icon="error"
            emptyTitle={NO_INCIDENTS}
            filteredTitle={NO_MATCH}
            onClear={clear}
          />
        }
        rowLabel={incidentTitle}
      />
      {!isLoading && !error && (
        <Pager {...list.pagerProps(data?.totalEntries ?? 0, rows.length)} disabled={isFetching} />
      )}
      {creating && <CreateIncidentDialog onClose={closeCreate} />}
    </div>
  );
}
