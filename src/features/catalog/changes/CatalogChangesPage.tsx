import { Classes } from '@blueprintjs/core';
import { useCallback, useMemo } from 'react';
import { catalogChangesTags, useGetChangePeopleQuery } from '../../../api/endpoints/catalogChanges';
import type { ConfigChange } from '../../../api/schemas/configItem';
import { useFormatDate } from '../../../shell/useFormatDate';
import { lazyPart } from '../../../ui/LazyPart';
import { usePageHeader } from '../../../ui/pageHeader';
import { ListPage } from '../../../widgets/ListPage';
import { useInvalidateTags } from '../../../widgets/useInvalidateTags';
import { useListPage } from '../../../widgets/useListPage';
import { useUrlState } from '../../../widgets/useUrlState';
import { CatalogSections } from '../components/CatalogSections';
import { ChangeSummaryChips } from './ChangeSummaryChips';
import { ChangesToolbar } from './ChangesToolbar';
import type { CellFilter } from './changesColumns';
import { NEW_ROW_CLASS, changesColumns } from './changesColumns';
import type { ChangesFilters, ChangesFiltersChanges } from './model/changesFilters';
import {
  CHANGES_STATE,
  configTypeItem,
  configTypeSelection,
  includeItem,
} from './model/changesFilters';
import { useCatalogChanges } from './useCatalogChanges';
import { useChangeDialog } from './useChangeDialog';
import { FOLLOW_INTERVAL_MS } from './useFollowedChanges';
import '../catalog.css';
import './changes.css';

/** The change's dialog (its diff and code viewers) loads when it opens. */
const ChangeDialog = lazyPart(async () => (await import('./ChangeDialog')).ChangeDialog);

export const PAGE_TITLE = 'Changes';
export const CHANGES_ERROR = 'Error loading changes';
export const EMPTY_TITLE = 'No changes in this range';
export const EMPTY_HINT = 'Choose a longer time range, or fewer filters, to see more.';
/** The list's sort when the address names none: newest first. */
export const DEFAULT_SORT = { sortBy: 'created_at', sortOrder: 'desc' } as const;

const changeId = (change: ConfigChange) => change.id;

/** The filter change that includes a clicked cell's value. */
export function filterFor(filters: ChangesFilters, cell: CellFilter): ChangesFiltersChanges {
  switch (cell.kind) {
    case 'configType':
      return {
        configTypes: includeItem(configTypeSelection(filters), configTypeItem(cell.value)),
        configType: '',
      };
    case 'changeType':
      return { changeTypes: includeItem(filters.changeTypes, cell.value) };
    case 'source':
      return { source: includeItem(filters.source, cell.value) };
    case 'createdBy':
      return { createdBy: includeItem(filters.createdBy, cell.value) };
    case 'externalCreatedBy':
      return { externalCreatedBy: includeItem(filters.externalCreatedBy, cell.value) };
  }
}

function EmptyChanges() {
  return (
    <div className="mc-changes-empty">
      <strong>{EMPTY_TITLE}</strong>
      <div className={Classes.TEXT_MUTED}>{EMPTY_HINT}</div>
    </div>
  );
}

export interface CatalogChangesPageProps {
  /** How often the list reloads while following, in ms. Default 10 s. */
  followInterval?: number;
}

/**
 * `/catalog/changes`: the changes of every config item (CAT-19), over a time range (the last
 * 2 days unless chosen), filtered by config and change type, severity, source, summary, author
 * and tags, with the count of each change type above a page of them. Every filter, the page,
 * the sort and the open change live in the address. Following reloads the list every 10 s and
 * marks the changes that arrive. A change opens in a dialog with its diff.
 */
export function CatalogChangesPage({
  followInterval = FOLLOW_INTERVAL_MS,
}: CatalogChangesPageProps) {
  usePageHeader({ title: PAGE_TITLE, onRefresh: useInvalidateTags(catalogChangesTags) });
  const formatDate = useFormatDate();
  const { state: filters, update, resetFilters, filtered } = useUrlState(CHANGES_STATE);
  const { follow } = filters;
  const setFollow = useCallback((on: boolean) => update({ follow: on }), [update]);
  const dialog = useChangeDialog();
  const list = useListPage({ defaultSort: DEFAULT_SORT });
  const changes = useCatalogChanges({ filters, list, follow, followInterval });
  const { data, error, fresh, includeDeletedConfigs } = changes;

  const { data: people } = useGetChangePeopleQuery();
  const names = useMemo(
    () => new Map((people ?? []).map((person) => [person.id, person.name || person.id])),
    [people],
  );
  const onFilter = useCallback(
    (cell: CellFilter) => update(filterFor(filters, cell)),
    [filters, update],
  );
  const columns = useMemo(
    () => changesColumns({ formatDate, onFilter, fresh, people: names }),
    [formatDate, onFilter, fresh, names],
  );
  const rows = data?.rows ?? [];
  const openRow = dialog.open && rows.find((row) => row.id === dialog.open?.changeId);

  return (
    <ListPage<ConfigChange>
      pageClassName="mc-changes"
      toolbar={
        <>
          <CatalogSections />
          <ChangesToolbar
            filters={filters}
            update={update}
            filtered={filtered}
            clear={resetFilters}
            includeDeletedConfigs={includeDeletedConfigs}
            follow={follow}
            setFollow={setFollow}
            rows={rows}
            people={names}
          />
          {!error && (
            <ChangeSummaryChips
              summary={data?.summary ?? {}}
              value={filters.changeTypes}
              onChange={(changeTypes) => update({ changeTypes })}
            />
          )}
        </>
      }
      aria-label="Changes"
      className="mc-changes-table"
      columns={columns}
      rows={rows}
      getRowId={changeId}
      onRowOpen={(change) =>
        dialog.openChange({ changeId: change.id, configId: change.config_id ?? '' })
      }
      list={list}
      total={data?.totalEntries ?? 0}
      query={changes}
      errorTitle={CHANGES_ERROR}
      empty={<EmptyChanges />}
      rowLabel={(change) => change.summary || change.change_type || change.id}
      rowClassName={(change) => (fresh.has(change.id) ? NEW_ROW_CLASS : undefined)}
    >
      {dialog.open && (
        <ChangeDialog
          configId={dialog.open.configId}
          changeId={dialog.open.changeId}
          change={openRow || undefined}
          onClose={dialog.closeChange}
        />
      )}
    </ListPage>
  );
}
