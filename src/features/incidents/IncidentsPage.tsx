import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { incidentListTags, useGetIncidentsQuery } from '../../api/endpoints/incidents';
import type { IncidentSummary } from '../../api/schemas/incidents';
import { useCan } from '../../auth/hooks';
import { CREATE_INCIDENT_DIALOG, paths } from '../../shell/paths';
import { useFormatDate } from '../../shell/useFormatDate';
import { lazyPart } from '../../ui/LazyPart';
import { ListPage } from '../../widgets/ListPage';
import { useListScreen } from '../../widgets/useListScreen';
import { useOwnerFilter } from '../../widgets/ownedByMyTeams';
import { CREATE_TITLE } from './list/model/createIncidentForm';
import { IncidentsToolbar } from './list/IncidentsToolbar';
import { incidentColumns, incidentTitle } from './list/incidentColumns';
import { INCIDENT_FILTERS } from './list/model/incidentListParams';
import { useUrlState } from '../../widgets/useUrlState';
import { useDialogFlag } from '../../widgets/useRecordDialog';
import './incidents.css';

/** The create form (final-form, the commander picker) loads when it opens. */
const CreateIncidentDialog = lazyPart(
  async () => (await import('./list/CreateIncidentDialog')).CreateIncidentDialog,
);

export const PAGE_TITLE = 'Incidents';
export const LIST_ERROR = 'Error loading incidents';
export const NO_MATCH = 'No incidents match these filters';
export const NO_INCIDENTS = 'No incidents';
/** Newest first unless the address sorts otherwise (api.md INC-01). */
export const DEFAULT_SORT = { sortBy: 'created_at', sortOrder: 'desc' } as const;

/**
 * `/incidents`: the incidents a page at a time (INC-01), open ones unless another status is
 * chosen, searched by title and filtered by severity, type, owner, component and "Owned by my
 * teams". Filters, page
 * and sort live in the address. Users who may write incidents create one from the top bar, or
 * by the address `?create=1` (the command palette's "Create incident"); the open dialog stays
 * in the address, so a reload keeps it.
 */
export function IncidentsPage() {
  const list = useListScreen({
    title: PAGE_TITLE,
    refreshTags: incidentListTags,
    defaultSort: DEFAULT_SORT,
  });
  const canWrite = useCan('incident', 'write');
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const filterState = useUrlState(INCIDENT_FILTERS);
  const { state: filters, update, resetFilters: clear, filtered } = filterState;
  const { pageIndex, pageSize, sortBy, sortOrder } = list.state;
  const { owned, ...listFilters } = filters;
  const { owners, pending } = useOwnerFilter(owned);
  const query = useGetIncidentsQuery(
    {
      ...listFilters,
      ...(owners ? { owners } : {}),
      pageIndex,
      pageSize,
      sortBy: sortBy ?? DEFAULT_SORT.sortBy,
      sortOrder: sortOrder ?? DEFAULT_SORT.sortOrder,
    },
    { skip: pending },
  );
  const [now] = useState(() => new Date());
  const columns = useMemo(() => incidentColumns(formatDate, now), [formatDate, now]);
  const createDialog = useDialogFlag(CREATE_INCIDENT_DIALOG);
  const askedToCreate = createDialog.isOpen;
  const creating = askedToCreate && canWrite;
  const { open: openCreate, close: closeCreate } = createDialog;
  // A user who may not create incidents is not left with the request in the address.
  useEffect(() => {
    if (askedToCreate && !canWrite) closeCreate();
  }, [askedToCreate, canWrite, closeCreate]);

  return (
    <ListPage<IncidentSummary>
      pageClassName="mc-incidents"
      action={{ allowed: canWrite, text: CREATE_TITLE, onClick: openCreate }}
      toolbar={
        <IncidentsToolbar filters={filters} filtered={filtered} onChange={update} onClear={clear} />
      }
      aria-label="Incidents"
      className="mc-incidents-table"
      columns={columns}
      rows={query.data?.incidents ?? []}
      getRowId={(row) => row.id}
      onRowOpen={(row) => navigate(paths.incident.getHref(row.id))}
      list={list}
      total={query.data?.totalEntries ?? 0}
      query={query}
      errorTitle={LIST_ERROR}
      empty={{ icon: 'error', emptyTitle: NO_INCIDENTS, filteredTitle: NO_MATCH }}
      filters={filterState}
      rowLabel={incidentTitle}
    >
      {creating && <CreateIncidentDialog onClose={closeCreate} />}
    </ListPage>
  );
}
