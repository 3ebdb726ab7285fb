import type { EventQueueRow } from '../../api/schemas/eventQueue';
import { relativeOrDate } from '../../lib/relativeTime';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { nameColumn } from '../../widgets/columns';

export interface EventQueueColumnsOptions {
  formatDate: FormatDateFn;
  /** The instant failure times are aged against. */
  now: Date;
}

/** A numeric column as a number (Postgres `numeric` may come as text); null for none. */
export function queueNumber(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'string' ? Number(value) : value;
  return Number.isFinite(number) ? number : null;
}

/** Average attempts with at most two decimals (`1.5`, `2`); empty when there is none. */
export function formatAttempts(value: number | string | null | undefined): string {
  const number = queueNumber(value);
  return number === null ? '' : String(Math.round(number * 100) / 100);
}

/** The value an event name is sorted by for each sortable column. */
export function eventQueueSortValue(row: EventQueueRow, sortBy: string): string | number | null {
  switch (sortBy) {
    case 'pending':
    case 'failed':
    case 'average_attempts':
      return queueNumber(row[sortBy]);
    case 'first_failure':
    case 'last_failure':
      return row[sortBy] ?? null;
    default:
      return row.name;
  }
}

function When({
  value,
  formatDate,
  now,
}: { value: string | null | undefined } & EventQueueColumnsOptions) {
  if (!value) return null;
  return <span title={formatDate(value)}>{relativeOrDate(value, formatDate, now)}</span>;
}

/**
 * The event queue's columns (EVQ-01): Name, Pending, Failed, Average Attempts, First Failure,
 * Last Failure and Most Common Error.
 */
export function eventQueueColumns(
  options: EventQueueColumnsOptions,
): DataTableColumn<EventQueueRow>[] {
  return [
    nameColumn((row) => row.name),
    {
      id: 'pending',
      header: 'Pending',
      sortKey: 'pending',
      width: 100,
      align: 'right',
      cell: (row) => queueNumber(row.pending) ?? 0,
    },
    {
      id: 'failed',
      header: 'Failed',
      sortKey: 'failed',
      width: 100,
      align: 'right',
      cell: (row) => {
        const failed = queueNumber(row.failed) ?? 0;
        return failed > 0 ? <span className="mc-event-queue-failed">{failed}</span> : failed;
      },
    },
    {
      id: 'attempts',
      header: 'Average Attempts',
      sortKey: 'average_attempts',
      width: 150,
      align: 'right',
      cell: (row) => formatAttempts(row.average_attempts),
    },
    {
      id: 'firstFailure',
      header: 'First Failure',
      sortKey: 'first_failure',
      width: 150,
      cell: (row) => <When value={row.first_failure} {...options} />,
    },
    {
      id: 'lastFailure',
      header: 'Last Failure',
      sortKey: 'last_failure',
      width: 150,
      cell: (row) => <When value={row.last_failure} {...options} />,
    },
    {
      id: 'error',
      header: 'Most Common Error',
      minWidth: 240,
      cell: (row) => row.most_common_error ?? '',
    },
  ];
}
