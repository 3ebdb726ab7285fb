import { Button, Callout, Classes, Icon } from '@blueprintjs/core';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { memo, useMemo, useRef } from 'react';
import type { ListSort } from '../../lib/listState';
import { nextSort } from '../../lib/listState';
import type { DisplayRow } from './rows';
import { flattenRows } from './rows';
import { ROW_HEIGHT, WINDOWING_THRESHOLD, useWindowRange } from './windowing';
import './dataTable.css';

export { OVERSCAN, ROW_HEIGHT, WINDOWING_THRESHOLD } from './windowing';

/** What the table shows when there are no rows (spec 002 §8). */
export const NO_DATA = 'No data available';

/** The least width of a column without a fixed width, in px. */
export const MIN_COLUMN_WIDTH = 120;

/**
 * The width under which the table scrolls sideways: fixed widths in px as they are, others
 * (flexible, or in other units) at their least width, plus the expander and actions cells.
 */
export function tableMinWidth<Row>(
  columns: readonly DataTableColumn<Row>[],
  extras: { expander: boolean; actions: number },
): number {
  let total = (extras.expander ? 36 : 0) + extras.actions;
  for (const column of columns) {
    total +=
      typeof column.width === 'number' ? column.width : (column.minWidth ?? MIN_COLUMN_WIDTH);
  }
  return total;
}

/** The default width of the "Actions" column: two icon buttons and the cell's padding. */
export const ACTIONS_WIDTH = 96;

/** One column: its header, how a row's cell reads, and whether it sorts. */
export interface DataTableColumn<Row> {
  /** Stable id; also the `sortBy` value unless `sortKey` names another. */
  id: string;
  /** Header text (the column's accessible name). */
  header: ReactNode;
  /** The cell of a row. */
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable: the value of `sortBy` that sorts by it. */
  sortKey?: string;
  /** Fixed width (px or any CSS length); other columns share the rest. */
  width?: number | string;
  /**
   * The least width of a column without a fixed one, in px (default 120): a narrow window
   * scrolls the table sideways instead of squeezing the column away.
   */
  minWidth?: number;
  align?: 'left' | 'center' | 'right';
  /** Extra class of the column's cells. */
  className?: string;
}

export interface DataTableProps<Row> {
  /** The table's accessible name. */
  'aria-label': string;
  columns: readonly DataTableColumn<Row>[];
  rows: readonly Row[];
  getRowId: (row: Row) => string;
  /** Called when a row is clicked, or Enter or Space is pressed on it. Rows are inert without it. */
  onRowOpen?: (row: Row) => void;
  /** Buttons in a last "Actions" cell; using them does not open the row. */
  rowActions?: (row: Row) => ReactNode;
  /**
   * The "Actions" column's width in px: the default fits two icon buttons; a button with text
   * needs more.
   */
  actionsWidth?: number;
  /** The sorted column; with `onSortChange`, headers of sortable columns sort on click. */
  sort?: ListSort;
  onSortChange?: (sort: Required<ListSort>) => void;
  /** Sub-rows of a group row (a tree); rows with sub-rows get an expander. */
  getSubRows?: (row: Row) => readonly Row[] | undefined;
  /** Ids of the expanded groups. */
  expanded?: ReadonlySet<string>;
  /** Expands (`true`) or collapses a group. */
  onExpandedChange?: (id: string, expanded: boolean) => void;
  /** Shows a skeleton instead of rows. */
  loading?: boolean;
  /** The server's reason the rows could not be loaded: shown with Retry instead of rows. */
  error?: string;
  /** Title above the error. Default "Error loading data". */
  errorTitle?: string;
  /** Retry of the error state. */
  onRetry?: () => void;
  /** Whether a retry is under way (Retry shows a spinner). */
  retrying?: boolean;
  /** Shown when there are no rows. Default "No data available". */
  emptyText?: ReactNode;
  /**
   * Renders only the rows in view. Default: when there are more than 100 rows. A windowed table
   * scrolls inside its own box, so its parent must give it a height.
   */
  windowed?: boolean;
  /** Viewport height assumed before the box is measured (and where it never is, as in tests). */
  initialHeight?: number;
  /** A row's name for its expander's label ("Expand {name}"). Default "row". */
  rowLabel?: (row: Row) => string;
  /** Extra classes of a row. */
  rowClassName?: (row: Row, display: DisplayRow<Row>) => string | undefined;
  className?: string;
}

type Alignment = DataTableColumn<unknown>['align'];

function cellStyle(align: Alignment): CSSProperties | undefined {
  return align && align !== 'left' ? { textAlign: align } : undefined;
}

function SortIcon({ active, order }: { active: boolean; order: ListSort['sortOrder'] }) {
  if (!active)
    return <Icon icon="double-caret-vertical" className={Classes.TEXT_MUTED} size={12} />;
  return <Icon icon={order === 'desc' ? 'caret-down' : 'caret-up'} size={12} />;
}

/** The expander's classes: a small minimal Blueprint button. */
const EXPANDER_CLASSES = `${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL}`;

interface RowViewProps<Row> {
  display: DisplayRow<Row>;
  index: number;
  columns: readonly DataTableColumn<Row>[];
  isExpanded: boolean;
  hasExpander: boolean;
  onRowOpen?: (row: Row) => void;
  onToggle?: (id: string, expanded: boolean) => void;
  rowActions?: (row: Row) => ReactNode;
  label?: string;
  className?: string;
  height?: number;
}

function RowViewInner<Row>({
  display,
  index,
  columns,
  isExpanded,
  hasExpander,
  onRowOpen,
  onToggle,
  rowActions,
  label = 'row',
  className,
  height,
}: RowViewProps<Row>) {
  const { row, id, depth, expandable } = display;
  const activate = expandable ? () => onToggle?.(id, !isExpanded) : () => onRowOpen?.(row);
  const interactive = expandable ? onToggle !== undefined : onRowOpen !== undefined;
  const onKeyDown = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const sibling =
        event.key === 'ArrowDown'
          ? event.currentTarget.nextElementSibling
          : event.currentTarget.previousElementSibling;
      if (sibling instanceof HTMLTableRowElement && sibling.tabIndex >= 0) {
        event.preventDefault();
        sibling.focus();
      }
    }
  };
  const classes = ['mc-data-table-row'];
  if (depth > 0) classes.push('mc-data-table-subrow');
  if (expandable) classes.push('mc-data-table-group');
  if (interactive) classes.push('mc-data-table-interactive');
  if (className) classes.push(className);
  return (
    <tr
      className={classes.join(' ')}
      aria-rowindex={index + 2}
      aria-level={hasExpander ? depth + 1 : undefined}
      aria-expanded={expandable ? isExpanded : undefined}
      tabIndex={interactive ? 0 : undefined}
      onClick={interactive ? activate : undefined}
      onKeyDown={interactive ? onKeyDown : undefined}
      style={height ? { height } : undefined}
    >
      {hasExpander && (
        <td className="mc-data-table-expander">
          {expandable && (
            // A plain button in Blueprint's classes: a long list mounts one per row in view
            // as it scrolls or is searched, and Blueprint's Button costs several times more.
            <button
              type="button"
              className={EXPANDER_CLASSES}
              aria-label={`${isExpanded ? 'Collapse' : 'Expand'} ${label}`}
              aria-expanded={isExpanded}
              tabIndex={-1}
              onClick={(event) => {
                event.stopPropagation();
                onToggle?.(id, !isExpanded);
              }}
            >
              <Icon icon={isExpanded ? 'chevron-down' : 'chevron-right'} />
            </button>
          )}
        </td>
      )}
      {columns.map((column, columnIndex) => (
        <td
          key={column.id}
          className={column.className}
          style={{
            ...cellStyle(column.align),
            ...(columnIndex === 0 && depth > 0 ? { paddingLeft: 11 + depth * 20 } : {}),
          }}
        >
          {column.cell(row)}
        </td>
      ))}
      {rowActions && (
        <td
          className="mc-data-table-actions"
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
        >
          {rowActions(row)}
        </td>
      )}
    </tr>
  );
}

const RowView = memo(RowViewInner) as typeof RowViewInner;

/**
 * The console's list table: columns as data, rows opened by click or keyboard, one sorted
 * column, expandable group rows, and loading, empty and error states. Long lists are windowed
 * (only the rows in view are in the DOM, padding rows keep the scroll height), so 100,000 rows
 * scroll as smoothly as 100. It is a real table: rows and cells carry their ARIA roles.
 */
export function DataTable<Row>({
  'aria-label': ariaLabel,
  columns,
  rows,
  getRowId,
  onRowOpen,
  rowActions,
  actionsWidth = ACTIONS_WIDTH,
  sort = {},
  onSortChange,
  getSubRows,
  expanded,
  onExpandedChange,
  loading = false,
  error,
  errorTitle = 'Error loading data',
  onRetry,
  retrying = false,
  emptyText = NO_DATA,
  windowed,
  initialHeight = 600,
  rowLabel,
  rowClassName,
  className,
}: DataTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const expandedIds = useMemo(() => expanded ?? new Set<string>(), [expanded]);
  const display = useMemo(
    () => flattenRows(rows, getRowId, getSubRows, expandedIds),
    [rows, getRowId, getSubRows, expandedIds],
  );
  const isWindowed = windowed ?? display.length > WINDOWING_THRESHOLD;
  const range = useWindowRange(scrollRef, display.length, initialHeight, isWindowed);
  const hasExpander = getSubRows !== undefined;
  const columnCount = columns.length + (hasExpander ? 1 : 0) + (rowActions ? 1 : 0);

  if (error !== undefined) {
    return (
      <Callout intent="danger" title={errorTitle} role="alert" className="mc-data-table-error">
        <p>{error}</p>
        {onRetry && <Button text="Retry" icon="refresh" loading={retrying} onClick={onRetry} />}
      </Callout>
    );
  }

  let body: ReactNode;
  if (loading) {
    body = Array.from({ length: 5 }, (_, index) => (
      <tr key={index} aria-hidden>
        {Array.from({ length: columnCount }, (_, cell) => (
          <td key={cell}>
            <span className={Classes.SKELETON}>Loading</span>
          </td>
        ))}
      </tr>
    ));
  } else if (display.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className="mc-data-table-empty">
          {emptyText}
        </td>
      </tr>
    );
  } else {
    const indexes = isWindowed ? range.indexes : display.map((_, index) => index);
    const before = isWindowed ? range.before : 0;
    const after = isWindowed ? range.after : 0;
    body = (
      <>
        {before > 0 && <tr aria-hidden className="mc-data-table-pad" style={{ height: before }} />}
        {indexes.map((index) => {
          const item = display[index]!;
          return (
            <RowView
              key={item.id}
              display={item}
              index={index}
              columns={columns}
              isExpanded={expandedIds.has(item.id)}
              hasExpander={hasExpander}
              onRowOpen={onRowOpen}
              onToggle={onExpandedChange}
              rowActions={rowActions}
              label={rowLabel?.(item.row)}
              className={rowClassName?.(item.row, item)}
              height={isWindowed ? ROW_HEIGHT : undefined}
            />
          );
        })}
        {after > 0 && <tr aria-hidden className="mc-data-table-pad" style={{ height: after }} />}
      </>
    );
  }

  const sortable = onSortChange !== undefined;
  const table = (
    <table
      className={`${Classes.HTML_TABLE} ${Classes.HTML_TABLE_STRIPED} mc-data-table`}
      aria-label={ariaLabel}
      aria-busy={loading || undefined}
      aria-rowcount={display.length + 1}
      style={{
        minWidth: tableMinWidth(columns, {
          expander: hasExpander,
          actions: rowActions ? actionsWidth : 0,
        }),
      }}
    >
      <colgroup>
        {hasExpander && <col style={{ width: 36 }} />}
        {columns.map((column) => (
          <col key={column.id} style={column.width ? { width: column.width } : undefined} />
        ))}
        {rowActions && <col style={{ width: actionsWidth }} />}
      </colgroup>
      <thead>
        <tr aria-rowindex={1}>
          {hasExpander && <th scope="col" aria-label="Expand" />}
          {columns.map((column) => {
            const key = column.sortKey;
            const active = key !== undefined && sort.sortBy === key;
            return (
              <th
                key={column.id}
                scope="col"
                style={cellStyle(column.align)}
                aria-sort={
                  key === undefined
                    ? undefined
                    : active
                      ? sort.sortOrder === 'desc'
                        ? 'descending'
                        : 'ascending'
                      : 'none'
                }
              >
                {key !== undefined && sortable ? (
                  <button
                    type="button"
                    className="mc-data-table-sort"
                    onClick={() => onSortChange(nextSort(sort, key))}
                  >
                    {column.header}
                    <SortIcon active={active} order={sort.sortOrder} />
                  </button>
                ) : (
                  column.header
                )}
              </th>
            );
          })}
          {rowActions && (
            <th scope="col">
              <span className={Classes.TEXT_MUTED}>Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>{body}</tbody>
    </table>
  );

  return (
    <div
      ref={scrollRef}
      className={`mc-data-table-box${isWindowed ? ' mc-data-table-windowed' : ''}${className ? ` ${className}` : ''}`}
    >
      {table}
    </div>
  );
}
