import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  useGetCatalogChangesQuery,
  useGetChangePeopleQuery,
} from '../../api/endpoints/catalogChanges';
import type { ConfigListItem } from '../../api/schemas/catalog';
import type { ConfigChange } from '../../api/schemas/configItem';
import { useAppSelector } from '../../shell/hooks';
import { CHANGE_DIALOG_STATE, paths, withState } from '../../shell/paths';
import { selectPreferences } from '../../shell/preferencesSlice';
import { useFormatDate } from '../../shell/useFormatDate';
import type { ListTableProps } from '../../widgets/ListPage';
import { ListTable } from '../../widgets/ListPage';
import type {
  ViewCatalogSectionProps,
  ViewChangesSectionProps,
} from '../../widgets/slots/slotTypes';
import { DEFAULT_SORT as CHANGES_SORT, filterFor } from './changes/CatalogChangesPage';
import { changesColumns } from './changes/changesColumns';
import type { ChangesFilters } from './changes/model/changesFilters';
import { CHANGES_STATE, changesArgs } from './changes/model/changesFilters';
import { changesTimeBounds } from './item/model/changesState';
import { CATALOG_FILTERS } from './model/catalogParams';
import { catalogFiltersOf, changesFiltersOf } from './model/uiRefFilters';
import { useConfigListTable } from './useConfigListTable';
import { useShowDeletedConfigs } from './useShowDeletedConfigs';
import './catalog.css';

/** Rows a view's catalog or changes section shows; the whole list is a link away. */
export const SECTION_ROWS = 10;
export const OPEN_IN_CATALOG = 'Open in the catalog';
export const OPEN_IN_CHANGES = 'Open in Changes';

const NO_FRESH: ReadonlySet<string> = new Set();

/** The changes page's address for the filters, with more of its state (an open change). */
function changesHref(filters: ChangesFilters, change?: { changeId: string; configId: string }) {
  const query = CHANGES_STATE.write(new URLSearchParams(), filters);
  return paths.catalogChanges.getHref(
    change ? CHANGE_DIALOG_STATE.write(query, change).toString() : query.toString(),
  );
}

/** A section's first rows, then the link to the whole list (with its count past the rows). */
function SectionTable<Row>({
  href,
  linkText,
  total,
  ...table
}: ListTableProps<Row> & { href: string; linkText: string; total: number }) {
  return (
    <div className="mc-view-ui-section">
      <ListTable<Row> {...table} />
      <Link to={href}>
        {linkText}
        {total > SECTION_ROWS ? ` (${total})` : ''}
      </Link>
    </div>
  );
}

/**
 * A view's `uiRef.configs` section: the newest config items matching the section's filters
 * (as the catalog's list draws them), and a link to the catalog with those filters.
 */
export function ViewCatalogSection({ filters }: ViewCatalogSectionProps) {
  const showDeleted = useShowDeletedConfigs();
  const state = useMemo(() => catalogFiltersOf(filters), [filters]);
  const table = useConfigListTable({
    filters: state,
    showDeleted,
    pageIndex: 0,
    pageSize: SECTION_ROWS,
    sortBy: 'created_at',
    sortOrder: 'desc',
  });
  return (
    <SectionTable<ConfigListItem>
      {...table}
      href={withState(paths.catalog.getHref(), CATALOG_FILTERS, state)}
      linkText={OPEN_IN_CATALOG}
    />
  );
}

/**
 * A view's `uiRef.changes` section: the newest changes matching the section's filters (as the
 * changes page draws them); a row, or a cell's filter, opens the changes page with them.
 */
export function ViewChangesSection({ filters }: ViewChangesSectionProps) {
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const { timezone } = useAppSelector(selectPreferences);
  const includeDeleted = useShowDeletedConfigs();
  const state = useMemo(() => changesFiltersOf(filters), [filters]);
  const bounds = useMemo(
    () => changesTimeBounds(state.timeRange, new Date(), timezone),
    [state.timeRange, timezone],
  );
  const query = useGetCatalogChangesQuery(
    changesArgs(
      state,
      bounds,
      { pageIndex: 0, pageSize: SECTION_ROWS, ...CHANGES_SORT },
      state.showDeletedConfigs ?? includeDeleted,
    ),
  );
  const { data: people } = useGetChangePeopleQuery();
  const names = useMemo(
    () => new Map((people ?? []).map((person) => [person.id, person.name || person.id])),
    [people],
  );
  const columns = useMemo(
    () =>
      changesColumns({
        formatDate,
        fresh: NO_FRESH,
        people: names,
        onFilter: (cell) => navigate(changesHref({ ...state, ...filterFor(state, cell) })),
      }),
    [formatDate, names, navigate, state],
  );
  return (
    <SectionTable<ConfigChange>
      href={changesHref(state)}
      linkText={OPEN_IN_CHANGES}
      total={query.data?.totalEntries ?? 0}
      aria-label="Changes"
      className="mc-changes-table"
      columns={columns}
      rows={query.data?.rows ?? []}
      getRowId={(change) => change.id}
      onRowOpen={(change) =>
        navigate(changesHref(state, { changeId: change.id, configId: change.config_id ?? '' }))
      }
      query={query}
      errorTitle="Error loading changes"
      rowLabel={(change) => change.summary || change.change_type || change.id}
    />
  );
}
