import { Icon } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { DateInput } from '../lib/dates';
import { relativeOrDate } from '../lib/relativeTime';
import { paths } from '../shell/paths';
import type { FormatDateFn } from '../shell/useFormatDate';
import type { DataTableColumn } from '../ui/DataTable/DataTable';
import { JobStatusTag } from '../ui/JobStatusTag';

/** What a column but its cell says: id, header, sort, width, alignment. */
export type ColumnLayout<Row> = Omit<DataTableColumn<Row>, 'cell'>;

/**
 * The Name column of a list: sorted by `name`, at least 200 px wide; `layout` changes any of
 * that (a wider column, another header).
 */
export function nameColumn<Row>(
  cell: (row: Row) => ReactNode,
  layout: Partial<ColumnLayout<Row>> = {},
): DataTableColumn<Row> {
  return { id: 'name', header: 'Name', sortKey: 'name', minWidth: 200, cell, ...layout };
}

/** A column of one text per row, sorted by its id unless `layout` says otherwise. */
export function textColumn<Row>(
  layout: ColumnLayout<Row>,
  text: (row: Row) => ReactNode,
): DataTableColumn<Row> {
  return { sortKey: layout.id, ...layout, cell: text };
}

export interface IconLabelProps {
  className: string;
  /** The icon before the name; none leaves it out. */
  icon?: IconName;
  children: ReactNode;
}

/** A name with its icon before it, as a list's name cell shows it. */
export function IconLabel({ className, icon, children }: IconLabelProps) {
  return (
    <span className={className}>
      {icon && <Icon icon={icon} aria-hidden />}
      <span>{children}</span>
    </span>
  );
}

/** How a table tells times: the user's date format and the moment ages count from. */
export interface TableClock {
  formatDate: FormatDateFn;
  now: Date;
}

export interface TableTimeProps extends TableClock {
  value: DateInput;
  /** The text shown; default the time relative to `now` (or the date once it is old). */
  children?: ReactNode;
}

/** A time in a table cell: short, with the full date on hover. */
export function TableTime({ value, formatDate, now, children }: TableTimeProps) {
  return (
    <time
      className="mc-table-time"
      dateTime={typeof value === 'string' ? value : undefined}
      title={formatDate(value)}
    >
      {children ?? relativeOrDate(value, formatDate, now)}
    </time>
  );
}

/** A column of a time of each row (created, updated, first observed), as `TableTime` shows it. */
export function timeColumn<Row>(
  clock: TableClock,
  layout: ColumnLayout<Row>,
  time: (row: Row) => DateInput,
): DataTableColumn<Row> {
  return { ...layout, cell: (row) => <TableTime value={time(row)} {...clock} /> };
}

/**
 * A column of a time told as its age ("5 minutes ago", the date once old) with the full date
 * on hover; empty for a row without one.
 */
export function ageColumn<Row>(
  { formatDate, now }: TableClock,
  layout: ColumnLayout<Row>,
  time: (row: Row) => DateInput | null | undefined,
): DataTableColumn<Row> {
  return {
    ...layout,
    cell: (row) => {
      const value = time(row);
      return value ? (
        <span title={formatDate(value)}>{relativeOrDate(value, formatDate, now)}</span>
      ) : null;
    },
  };
}

/** The agent a row's job runs on, as views embed it. */
export interface RowAgent {
  id?: string | null;
  name?: string | null;
}

/** The Agent column: the agent's name (else its id) linking to it; empty without an agent. */
export function agentColumn<Row>(
  agentOf: (row: Row) => RowAgent | null | undefined,
): DataTableColumn<Row> {
  return {
    id: 'agent',
    header: 'Agent',
    width: 140,
    cell: (row) => {
      const agent = agentOf(row);
      return agent?.id ? (
        <Link to={paths.settingsAgents.getHref(agent.id)}>{agent.name || agent.id}</Link>
      ) : null;
    },
  };
}

/** The Status column of a job's last run, as a `JobStatusTag`, sorted by `sortKey`. */
export function jobStatusColumn<Row>(
  sortKey: string,
  statusOf: (row: Row) => string | null | undefined,
): DataTableColumn<Row> {
  return {
    id: 'status',
    header: 'Status',
    sortKey,
    width: 120,
    cell: (row) => <JobStatusTag status={statusOf(row)} />,
  };
}
