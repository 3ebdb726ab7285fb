import type { EventQueueRow } from '../../api/schemas/eventQueue';
import { relativeOrDate } from '../../lib/relativeTime';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { nameColumn, textColumn } from '../../widgets/columns';

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

/** A failure time column (First Failure, Last Failure): aged, with the full date on hover. */
function whenColumn(
  id: string,
  header: string,
  field: 'first_failure' | 'last_failure',
  options: EventQueueColumnsOptions,
): DataTableColumn<EventQueueRow> {
  return textColumn({ id, header, sortKey: field, width: 150 }, (row) => (
    <When value={row[field]} {...options} />
  ));
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
    textColumn(
      { id: 'pending', header: 'Pending', width: 100, align: 'right' },
      (row) => queueNumber(row.pending) ?? 0,
    ),
    textColumn({ id: 'failed', header: 'Failed', width: 100, align: 'right' }, (row) => {
      const failed = queueNumber(row.failed) ?? 0;
      return failed > 0 ? <span className="mc-event-queue-failed">{failed}</span> : failed;
    }),
    {
      id: 'attempts',
      header: 'Average Attempts',
      sortKey: 'average_attempts',
      width: 150,
      align: 'right',
      cell: (row) => formatAttempts(row.average_attempts),
    },
    whenColumn('firstFailure', 'First Failure', 'first_failure', options),
    whenColumn('lastFailure', 'Last Failure', 'last_failure', options),
    {
      id: 'error',
      header: 'Most Common Error',
      minWidth: 240,
      cell: (row) => row.most_common_error ?? '',
    },
  ];
}
