import { Button, Classes, Icon } from '@blueprintjs/core';
import type { KeyboardEvent } from 'react';
import { memo } from 'react';
import type { DisplayRow, SortColumn, SortState } from './model/types';
import { CheckRowCells, GroupRowCells } from './ChecksTableCells';
import { useWindowedList } from './useWindowedList';

/** Height of every table row, in pixels (rows are windowed, so it is fixed). */
export const ROW_HEIGHT = 36;

const COLUMNS: ReadonlyArray<{ id: SortColumn; label: string; width?: number }> = [
  { id: 'name', label: 'Checks' },
  { id: 'status', label: 'Health', width: 120 },
  { id: 'uptime', label: 'Uptime', width: 110 },
  { id: 'latency', label: 'Latency', width: 110 },
  { id: 'last_transition_time', label: 'Transition', width: 120 },
];

export interface ChecksTableProps {
  /** The rows to show, expanded groups already followed by their members. */
  rows: readonly DisplayRow[];
  /** Ids of the expanded groups. */
  expanded: ReadonlySet<string>;
  sort: SortState;
  onSort: (column: SortColumn) => void;
  /** Expands or collapses a group. */
  onToggle: (groupId: string) => void;
  /** Opens a check. */
  onOpen: (checkId: string) => void;
  /** The time ages are measured from. */
  now: Date;
}

interface RowProps {
  display: DisplayRow;
  index: number;
  isExpanded: boolean;
  onToggle: (groupId: string) => void;
  onOpen: (checkId: string) => void;
  now: Date;
}

const Row = memo(function Row({ display, index, isExpanded, onToggle, onOpen, now }: RowProps) {
  const { row, depth } = display;
  const activate = () => (row.kind === 'group' ? onToggle(row.id) : onOpen(row.id));
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      activate();
    }
  };
  return (
    <tr
      className={`mc-health-row${depth > 0 ? ' mc-health-member' : ''}${row.kind === 'group' ? ' mc-health-group' : ''}`}
      aria-rowindex={index + 2}
      aria-expanded={row.kind === 'group' ? isExpanded : undefined}
      tabIndex={0}
      onClick={activate}
      onKeyDown={onKeyDown}
    >
      <td className="mc-health-expander">
        {row.kind === 'group' && (
          <Button
            variant="minimal"
            size="small"
            icon={isExpanded ? 'chevron-down' : 'chevron-right'}
            aria-label={`${isExpanded ? 'Collapse' : 'Expand'} ${row.name}`}
            aria-expanded={isExpanded}
            onClick={(event) => {
              event.stopPropagation();
              onToggle(row.id);
            }}
          />
        )}
      </td>
      {row.kind === 'group' ? (
        <GroupRowCells group={row} now={now} />
      ) : (
        <CheckRowCells row={row} now={now} />
      )}
    </tr>
  );
});

function SortIcon({ column, sort }: { column: SortColumn; sort: SortState }) {
  if (sort.column !== column)
    return <Icon icon="double-caret-vertical" className={Classes.TEXT_MUTED} size={12} />;
  return <Icon icon={sort.desc ? 'caret-down' : 'caret-up'} size={12} />;
}

/**
 * The checks table: expander, Checks, Health, Uptime, Latency and Transition. Only the rows in
 * view are in the DOM; spacer rows keep the scroll height. Clicking a header sorts by it.
 */
export function ChecksTable({
  rows,
  expanded,
  sort,
  onSort,
  onToggle,
  onOpen,
  now,
}: ChecksTableProps) {
  const { attach, onScroll, range, before, after } = useWindowedList(rows.length, ROW_HEIGHT);
  const visible = rows.slice(range.start, range.end);
  return (
    <div className="mc-health-scroll" ref={attach} onScroll={onScroll}>
      <table
        className={`${Classes.HTML_TABLE} ${Classes.INTERACTIVE} mc-health-table`}
        aria-label="Health checks"
        aria-rowcount={rows.length + 1}
      >
        <colgroup>
          <col style={{ width: 36 }} />
          {COLUMNS.map((column) => (
            <col key={column.id} style={column.width ? { width: column.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col" aria-label="Expand" />
            {COLUMNS.map((column) => (
              <th
                key={column.id}
                scope="col"
                aria-sort={
                  sort.column === column.id ? (sort.desc ? 'descending' : 'ascending') : 'none'
                }
              >
                <button type="button" className="mc-health-sort" onClick={() => onSort(column.id)}>
                  {column.label}
                  <SortIcon column={column.id} sort={sort} />
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {before > 0 && <tr aria-hidden className="mc-health-spacer" style={{ height: before }} />}
          {visible.map((display, offset) => (
            <Row
              key={display.key}
              display={display}
              index={range.start + offset}
              isExpanded={expanded.has(display.row.id)}
              onToggle={onToggle}
              onOpen={onOpen}
              now={now}
            />
          ))}
          {after > 0 && <tr aria-hidden className="mc-health-spacer" style={{ height: after }} />}
        </tbody>
      </table>
    </div>
  );
}
