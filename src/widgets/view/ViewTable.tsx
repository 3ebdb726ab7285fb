import { useMemo } from 'react';
import type { ViewTableArgs } from '../../api/endpoints/views';
import { VIEW_TABLE_PAGE_SIZE, useGetViewTableQuery } from '../../api/endpoints/views';
import type { ViewColumn, ViewResult } from '../../api/schemas/views';
import { triStateToQuery } from '../../lib/triState';
import { defineUrlState, triState } from '../../lib/urlState';
import { useFormatDate } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import type { FilterOption } from '../../ui/FilterDropdown';
import { FilterDropdown } from '../../ui/FilterDropdown';
import { ListTable } from '../ListPage';
import { useListPage } from '../useListPage';
import { useUrlState } from '../useUrlState';
import { columnHeader, viewCell } from './viewCells';

/** The table's accessible name and its error title. */
export const VIEW_TABLE_LABEL = 'View table';
export const VIEW_TABLE_ERROR = 'Error loading the view table';

interface Row {
  key: string;
  values: Record<string, unknown>;
}

/** The columns with a multiselect filter. */
export function filterableColumns(columns: readonly ViewColumn[]): ViewColumn[] {
  return columns.filter((column) => !column.hidden && column.filter?.type === 'multiselect');
}

/**
 * The table's filters in the address: a tri-state selection per multiselect column
 * (`{col}=a:1,b:-1`); a change sends the table to its first page and adds a history entry.
 */
export function viewFilterState(columns: readonly ViewColumn[]) {
  return defineUrlState(
    Object.fromEntries(
      filterableColumns(columns).map((column) => [
        column.name,
        triState({ filter: true, history: 'push' }),
      ]),
    ),
  );
}

/**
 * The choices of a filter: VIEW-02's `columnOptions[column]`, a list of texts (or of values
 * with labels), or `{ list }`.
 */
export function filterOptions(
  columnOptions: Record<string, unknown> | null | undefined,
  column: string,
): FilterOption[] {
  const entry = columnOptions?.[column];
  // Older backends send the values themselves, newer ones `{ list, labels }`.
  const raw =
    typeof entry === 'object' && entry !== null && !Array.isArray(entry)
      ? (entry as { list?: unknown }).list
      : entry;
  if (!Array.isArray(raw)) return [];
  const options: FilterOption[] = [];
  for (const item of raw) {
    if (typeof item === 'string' || typeof item === 'number') {
      options.push({ value: String(item), label: String(item) });
    } else if (typeof item === 'object' && item !== null && 'value' in item) {
      const { value, label } = item as { value: unknown; label?: unknown };
      options.push({
        value: String(value),
        label: typeof label === 'string' ? label : String(value),
      });
    }
  }
  return options;
}

export interface ViewTableProps {
  view: ViewResult;
  /** The Refresh presses so far: a new number asks for the page again. */
  refresh: number;
}

/**
 * The view's table (VIEW-05) for the evaluation's fingerprint: VIEW-02's visible columns
 * drawn by type, a tri-state filter per multiselect column (`{col}` in the address, sent as
 * `{col}.filter`), sorting and paging in the address (50 rows a page by default).
 */
export function ViewTable({ view, refresh }: ViewTableProps) {
  const formatDate = useFormatDate();
  const visible = useMemo(() => (view.columns ?? []).filter((c) => !c.hidden), [view.columns]);
  const filterable = useMemo(() => filterableColumns(view.columns ?? []), [view.columns]);
  const filterState = useMemo(() => viewFilterState(view.columns ?? []), [view.columns]);
  const filters = useUrlState(filterState);
  const selections = filters.state;
  const listPage = useListPage({ pageSize: VIEW_TABLE_PAGE_SIZE });
  const list = listPage.state;

  const args: ViewTableArgs = {
    refresh,
    namespace: view.namespace,
    name: view.name,
    fingerprint: view.requestFingerprint ?? '',
    pageIndex: list.pageIndex,
    pageSize: list.pageSize,
    ...(list.sortBy ? { sortBy: list.sortBy, sortOrder: list.sortOrder } : {}),
    filters: Object.fromEntries(
      Object.entries(selections).map(([column, map]) => [column, triStateToQuery(map)]),
    ),
  };
  const query = useGetViewTableQuery(args);
  const rows = useMemo<Row[]>(
    () => (query.data?.rows ?? []).map((values, index) => ({ key: String(index), values })),
    [query.data],
  );

  const columns = useMemo<DataTableColumn<Row>[]>(
    () =>
      visible.map((column) => ({
        id: column.name,
        header: <span title={column.description ?? undefined}>{columnHeader(column.name)}</span>,
        cell: (row: Row) => viewCell(column, row.values[column.name], formatDate),
        sortKey: column.name,
        align: ['number', 'decimal', 'bytes', 'millicore', 'duration'].includes(column.type ?? '')
          ? ('right' as const)
          : undefined,
      })),
    [visible, formatDate],
  );

  if (visible.length === 0) return null;
  return (
    <section className="mc-view-table" aria-label="Table">
      {filterable.length > 0 && (
        <div className="mc-view-filters" role="group" aria-label="Filters">
          {filterable.map((column) => (
            <FilterDropdown
              key={column.name}
              label={columnHeader(column.name)}
              options={filterOptions(view.columnOptions, column.name)}
              value={selections[column.name] ?? {}}
              onChange={(map) => filters.set(column.name, map)}
            />
          ))}
        </div>
      )}
      <ListTable<Row>
        aria-label={VIEW_TABLE_LABEL}
        columns={columns}
        rows={rows}
        getRowId={(row) => row.key}
        list={listPage}
        total={query.data?.total ?? 0}
        query={query}
        errorTitle={VIEW_TABLE_ERROR}
        empty={{ icon: 'th', emptyTitle: 'No rows', filteredTitle: 'No rows match the filters' }}
        filters={filters}
      />
    </section>
  );
}
