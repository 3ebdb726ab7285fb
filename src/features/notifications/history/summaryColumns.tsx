import type { NotificationSummaryRow } from '../../../api/schemas/notificationHistory';
import type { DateInput } from '../../../lib/dates';
import { relativeOrDate } from '../../../lib/relativeTime';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { StatusDot } from '../../../ui/StatusDot';
import { TagList } from '../../../ui/TagList';
import { messageText } from './model/messageText';
import { rowKind, toCount } from './model/sends';
import { ResourceLabel } from './ResourceLabel';

export interface SummaryColumnsOptions {
  formatDate: FormatDateFn;
  /** The instant ages are measured to. */
  now: Date;
}

/** The resource's name, for the row's accessible label. */
export function summaryRowLabel(row: NotificationSummaryRow): string {
  return row.resource?.name || row.resource?.id || '';
}

function Time({
  value,
  formatDate,
  now,
}: {
  value: DateInput;
  now: Date;
  formatDate: FormatDateFn;
}) {
  if (!value) return null;
  return (
    <time className="mc-table-time" dateTime={String(value)} title={formatDate(value)}>
      {relativeOrDate(value, formatDate, now)}
    </time>
  );
}

function countColumn(
  id: string,
  header: string,
  value: (row: NotificationSummaryRow) => number | string | null | undefined,
  width = 72,
): DataTableColumn<NotificationSummaryRow> {
  return { id, header, width, align: 'right', cell: (row) => toCount(value(row)) };
}

/**
 * The summary's columns: Resource (icon, name, type and tags), Health (and status), the counts
 * (total, sent, errors, suppressed, in progress), First seen, Last seen and the last message as
 * plain text.
 */
export function summaryColumns({
  formatDate,
  now,
}: SummaryColumnsOptions): DataTableColumn<NotificationSummaryRow>[] {
  return [
    {
      id: 'resource',
      header: 'Resource',
      minWidth: 240,
      cell: (row) => {
        const kind = rowKind(row);
        const tags = row.resource?.tags ?? row.resource_tags;
        return (
          <div className="mc-notif-resource-cell">
            <ResourceLabel resource={row.resource} kind={kind} />
            <span className="mc-notif-resource-type">
              {row.resource?.type || row.resource_type || row.resource_kind}
            </span>
            <TagList tags={tags} />
          </div>
        );
      },
    },
    {
      id: 'health',
      header: 'Health',
      width: 130,
      cell: (row) => {
        const health = row.resource?.health || row.resource_health;
        const status = row.resource?.status || row.resource_status;
        if (!health && !status) return null;
        return (
          <div
            className="mc-notif-health-cell"
            title={row.resource_health_description ?? undefined}
          >
            {health && (
              <span className="mc-notif-health">
                <StatusDot status={health} />
                <span>{health}</span>
              </span>
            )}
            {status && <span className="mc-notif-resource-type">{status}</span>}
          </div>
        );
      },
    },
    countColumn('total', 'Total', (row) => row.total),
    countColumn('sent', 'Sent', (row) => row.sent),
    countColumn('error', 'Errors', (row) => row.error),
    countColumn('suppressed', 'Suppressed', (row) => row.suppressed, 104),
    countColumn('in_progress', 'In progress', (row) => row.in_progress, 104),
    {
      id: 'first_observed',
      header: 'First seen',
      width: 100,
      cell: (row) => <Time value={row.first_observed} formatDate={formatDate} now={now} />,
    },
    {
      id: 'last_seen',
      header: 'Last seen',
      width: 100,
      cell: (row) => <Time value={row.last_seen} formatDate={formatDate} now={now} />,
    },
    {
      id: 'last_message',
      header: 'Last message',
      minWidth: 200,
      cell: (row) => {
        const text = messageText(row.last_message);
        return (
          <span className="mc-notif-message" title={text || undefined}>
            {text}
          </span>
        );
      },
    },
  ];
}
