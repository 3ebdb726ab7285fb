import { Button, ButtonGroup } from '@blueprintjs/core';
import { useCallback, useMemo } from 'react';
import type { ViewTableArgs } from '../../api/endpoints/views';
import { VIEW_TABLE_PAGE_SIZE, useGetViewTableQuery } from '../../api/endpoints/views';
import type { ViewColumn, ViewResult } from '../../api/schemas/views';
import { triStateToQuery } from '../../lib/triState';
import { defineUrlState, oneOf, triState } from '../../lib/urlState';
import { useFormatDate } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import type { FilterOption } from '../../ui/FilterDropdown';
import { FilterDropdown } from '../../ui/FilterDropdown';
import { ListTable } from '../ListPage';
import { useListPage } from '../useListPage';
import { useUrlState } from '../useUrlState';
import { ViewCards, hasCardMode } from './ViewCards';
import type { ViewRow } from './viewCells';
import { ROW_DATA_TYPES, columnHeader, rowAttributes, viewCell } from './viewCells';

/** The table's accessible name and its error title. */
export const VIEW_TABLE_LABEL = 'View table';
export const VIEW_TABLE_ERROR = 'Error loading the view table';

/** The columns drawn: not hidden, and not the row's attributes or grants. */
export function visibleColumns(columns: readonly ViewColumn[]): ViewColumn[] {
  return columns.filter((c) => !c.hidden && !ROW_DATA_TYPES.includes(c.type ?? ''));
}

/** The columns with a multiselect filter. */
export function filterableColumns(columns: readonly ViewColumn[]): ViewColumn[] {
  return visibleColumns(columns).filter((column) => column.filter?.type === 'multiselect');
}

/** The columns filtered in the address: multiselect ones, and `labels` (a tag's click). */
function addressColumns(columns: readonly ViewColumn[]): ViewColumn[] {
  return visibleColumns(columns).filter(
    (column) => column.filter?.type === 'multiselect' || column.type === 'labels',
  );
}

/**
 * The table's filters in the address: a tri-state selection per multiselect or `labels`
 * column (`{scope}{col}=a:1,b:-1`; a label is the item `key:value`, written `key____value`);
 * a change sends the table to its first page and adds a history entry.
 */
export function viewFilterState(columns: readonly ViewColumn[], scope = '') {
  return defineUrlState(
    Object.fromEntries(
      addressColumns(columns).map((column) => [
        column.name,
        triState({ filter: true, history: 'push', param: `${scope}${column.name}` }),
      ]),
    ),
    { pageParam: `${scope}pageIndex` },
  );
}

/** Rows as a table or as cards. */
export type ViewDisplay = 'table' | 'cards';

/**
 * The display in the address (`{scope}display=table|cards`, upstream's parameter); cards by
 * default when the view says so (`card.default`) and has no panels, as Mission Control does.
 */
export function viewDisplayState(view: ViewResult, scope = '') {
  const cardsFirst =
    view.card?.default === true && hasCardMode(view.columns ?? []) && !view.panels?.length;
  return defineUrlState({
    display: oneOf(['table', 'cards'] as const, {
      default: cardsFirst ? 'cards' : 'table',
      param: `${scope}display`,
    }),
  });
}

/**
 * Column widths as DataTable takes them: `150px` as 150 (pixels), a weight (`2`) as its share of
 * the visible columns' weights (a column without a width weighs 1).
 */
export function columnWidths(columns: readonly ViewColumn[]): Record<string, number | string> {
  const weights = columns.map((column) => {
    const text = (column.width ?? '').trim();
    return /^\d+(\.\d+)?$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
  });
  const total = weights.reduce<number>((sum, weight) => sum + (weight ?? 1), 0);
  const widths: Record<string, number | string> = {};
  columns.forEach((column, index) => {
    const text = (column.width ?? '').trim();
    const weight = weights[index];
    if (/^\d+(\.\d+)?px$/.test(text)) widths[column.name] = Number(text.slice(0, -2));
    else if (weight !== undefined) widths[column.name] = `${((weight / total) * 100).toFixed(2)}%`;
  });
  return widths;
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
  const labels =
    typeof entry === 'object' && entry !== null && !Array.isArray(entry)
      ? (entry as { labels?: unknown }).labels
      : undefined;
  // A labels column's choices: each `key: value` (the item `key:value`).
  if (typeof labels === 'object' && labels !== null && !Array.isArray(labels)) {
    return Object.entries(labels as Record<string, unknown>).flatMap(([key, values]) =>
      (Array.isArray(values) ? values : []).map((value) => ({
        value: `${key}:${String(value)}`,
        label: `${key}: ${String(value)}`,
      })),
    );
  }
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
  /**
   * Prefixes the table's parameters in the address (`s1.pageIndex`, `s1.health`): one of
   * several views on a page (a section's). Default none.
   */
  scope?: string;
}

/** The sort of `table.sort` (`-col` descending), the table's own when the address has none. */
function defaultSort(sort: string | null | undefined) {
  if (!sort) return undefined;
  const desc = sort.startsWith('-');
  const sortBy = sort.replace(/^[+-]/, '');
  return sortBy ? { sortBy, sortOrder: desc ? ('desc' as const) : ('asc' as const) } : undefined;
}

/**
 * The view's rows (VIEW-05) for the evaluation's fingerprint, as a table or as cards (a toggle
 * in the address when the columns have card positions): VIEW-02's visible columns drawn by
 * type with their attributes (each row's `__row__attributes`) and widths, a tri-state filter per multiselect column
 * (`{col}` in the address, sent as `{col}.filter`; a `labels` tag's click includes that label),
 * sorting and paging in the address (the view's page size, else 50 rows).
 */
export function ViewTable({ view, refresh, scope = '' }: ViewTableProps) {
  const formatDate = useFormatDate();
  const allColumns = useMemo(() => view.columns ?? [], [view.columns]);
  const visible = useMemo(() => visibleColumns(allColumns), [allColumns]);
  const filterable = useMemo(() => filterableColumns(allColumns), [allColumns]);
  const filterState = useMemo(() => viewFilterState(allColumns, scope), [allColumns, scope]);
  const filters = useUrlState(filterState);
  const selections = filters.state;
  const displayState = useMemo(() => viewDisplayState(view, scope), [view, scope]);
  const display = useUrlState(displayState);
  const cardMode = hasCardMode(allColumns);
  const showCards = cardMode && display.state.display === 'cards';
  const tableSize = view.table?.size ?? undefined;
  const listPage = useListPage({
    pageSize: tableSize && tableSize > 0 ? tableSize : VIEW_TABLE_PAGE_SIZE,
    prefix: scope,
    defaultSort: defaultSort(view.table?.sort),
  });
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
  const rows = useMemo<ViewRow[]>(
    () =>
      (query.data?.rows ?? []).map((values, index) => ({
        key: String(index),
        values,
        attributes: rowAttributes(values),
      })),
    [query.data],
  );

  const { set } = filters;
  const filterByLabel = useCallback(
    (column: string) => (key: string, value: string) =>
      set(column, { ...(selections[column] ?? {}), [`${key}:${value}`]: 1 }),
    [set, selections],
  );
  const widths = useMemo(() => columnWidths(visible), [visible]);
  const cell = useCallback(
    (column: ViewColumn, row: ViewRow) =>
      viewCell(column, row.values[column.name], formatDate, {
        attributes: row.attributes[column.name],
        row: row.values,
        ...(column.type === 'labels' ? { onLabel: filterByLabel(column.name) } : {}),
      }),
    [formatDate, filterByLabel],
  );
  const columns = useMemo<DataTableColumn<ViewRow>[]>(
    () =>
      visible.map((column) => ({
        id: column.name,
        header: <span title={column.description ?? undefined}>{columnHeader(column.name)}</span>,
        cell: (row: ViewRow) => cell(column, row),
        ...(column.type === 'labels' ? {} : { sortKey: column.name }),
        ...(widths[column.name] ? { width: widths[column.name] } : {}),
        align: ['number', 'decimal', 'bytes', 'millicore', 'duration'].includes(column.type ?? '')
          ? ('right' as const)
          : undefined,
      })),
    [visible, cell, widths],
  );

  if (visible.length === 0) return null;
  return (
    <section className="mc-view-table" aria-label="Table">
      {(filterable.length > 0 || cardMode) && (
        <div className="mc-view-table-bar">
          {filterable.length > 0 && (
            <div className="mc-view-filters" role="group" aria-label="Filters">
              {filterable.map((column) => (
                <FilterDropdown
                  key={column.name}
                  label={columnHeader(column.name)}
                  options={filterOptions(view.columnOptions, column.name)}
                  value={selections[column.name] ?? {}}
                  onChange={(map) => filters.set(column.name, map)}
                  tagStyle={column.type === 'labels'}
                />
              ))}
            </div>
          )}
          {cardMode && (
            <ButtonGroup className="mc-view-display" role="group" aria-label="Show rows as">
              {(['table', 'cards'] as const).map((mode) => (
                <Button
                  key={mode}
                  size="small"
                  icon={mode === 'table' ? 'th' : 'grid-view'}
                  text={mode === 'table' ? 'Table' : 'Cards'}
                  active={display.state.display === mode}
                  aria-pressed={display.state.display === mode}
                  onClick={() => display.set('display', mode)}
                />
              ))}
            </ButtonGroup>
          )}
        </div>
      )}
      {showCards ? (
        <ViewCards
          view={view}
          rows={rows}
          cell={cell}
          query={query}
          list={listPage}
          total={query.data?.total ?? 0}
        />
      ) : (
        <ListTable<ViewRow>
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
      )}
    </section>
  );
}
