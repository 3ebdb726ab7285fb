import { Callout, Classes, HTMLSelect, Spinner } from '@blueprintjs/core';
import { useId, useMemo, useState } from 'react';
import type { PreviewSort, SilencePreviewArgs } from '../../../api/endpoints/notificationSilences';
import {
  useGetSilencePreviewQuery,
  useGetSilenceWindowsQuery,
} from '../../../api/endpoints/notificationSilences';
import { useGetSendRulesQuery } from '../../../api/endpoints/notificationHistory';
import type { SendRule } from '../../../api/schemas/notificationHistory';
import type { SilencePreviewRow, SilenceWindow } from '../../../api/schemas/notificationSilences';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import { useFormatDate } from '../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { ListTable } from '../../../widgets/ListPage';
import { toErrorMessage } from '../../../api/errors';
import type { TableQueryResult } from '../../../widgets/tableQueryState';
import { ruleTitle } from '../history/model/sends';
import { SendStatusTag } from '../history/SendStatusTag';
import type { Recurrence } from './model/recurrence';
import { windowText } from './model/recurrence';

/** Quiet time after the last change of the target before the preview asks again. */
export const PREVIEW_DEBOUNCE_MS = 500;
export const PREVIEW_TITLE = 'Notifications this silence would have muted';
export const PREVIEW_EMPTY = 'No notifications in the last 15 days match';
export const PREVIEW_WAITING = 'Choose a resource, a filter or selectors to see what it would mute';
export const PREVIEW_ERROR = 'Error loading the preview';
export const PREVIEW_SCHEDULE_WAITING =
  'Complete the schedule, time zone and window length to see what its windows would mute';
export const WINDOWS_ERROR = 'Error loading the windows';

/** How many rows the preview asks for; the backend's default (30) is not sent. */
export const PREVIEW_LIMITS = [10, 30, 100] as const;
export const PREVIEW_LIMIT_DEFAULT = 30;
/** The preview's orders by time; the backend's default (newest first) is not sent. */
export const PREVIEW_SORT_LABELS: Record<PreviewSort, string> = {
  desc: 'Newest first',
  asc: 'Oldest first',
};

/**
 * The preview's columns: Time, Resource, Status (its words and colour), Rule (its title, else
 * name, else id; `rules` by id), Event.
 */
export function previewColumns(
  formatDate: FormatDateFn,
  rules: ReadonlyMap<string, SendRule>,
): DataTableColumn<SilencePreviewRow>[] {
  return [
    {
      id: 'time',
      header: 'Time',
      width: 150,
      cell: (row) =>
        row.created_at ? (
          <time className="mc-table-time" dateTime={row.created_at}>
            {formatDate(row.created_at)}
          </time>
        ) : null,
    },
    {
      id: 'resource',
      header: 'Resource',
      minWidth: 160,
      cell: (row) => (
        <span className="mc-silence-preview-resource">
          <span>{row.resource?.name || row.resource_id}</span>
          {row.resource?.type && <span className={Classes.TEXT_MUTED}>{row.resource.type}</span>}
        </span>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      width: 110,
      cell: (row) => (row.status ? <SendStatusTag status={row.status} /> : null),
    },
    {
      id: 'rule',
      header: 'Rule',
      minWidth: 140,
      cell: (row) =>
        row.notification_id ? (
          <span title={row.notification_id}>
            {ruleTitle(rules.get(row.notification_id), row.notification_id)}
          </span>
        ) : null,
    },
    { id: 'event', header: 'Event', minWidth: 140, cell: (row) => row.source_event ?? '' },
  ];
}

export interface SilencePreviewProps {
  /** The silence's target as NOTIF-14 takes it; undefined while the target is not valid. */
  args: SilencePreviewArgs | undefined;
  /**
   * The silence's maintenance window: undefined when it does not repeat, null while the
   * schedule is not complete (nothing is asked then).
   */
  recurrence?: Recurrence | null;
}

/** The last and next windows of a recurring silence, and what the last one would have muted. */
function SilenceWindows({ args }: { args: SilencePreviewArgs & Recurrence }) {
  const formatDate = useFormatDate();
  const { data, error, isFetching } = useGetSilenceWindowsQuery(args);
  if (error) {
    return (
      <Callout intent="danger" role="alert" title={WINDOWS_ERROR}>
        {toErrorMessage(error)}
      </Callout>
    );
  }
  if (!data) return isFetching ? <Spinner size={16} aria-label="Loading windows" /> : null;
  const line = (label: string, window: SilenceWindow | null) => (
    <div>
      <dt>{label}</dt>
      <dd>{window ? windowText(window, formatDate) : 'None within a year'}</dd>
    </div>
  );
  const muted = data.last?.muted ?? [];
  return (
    <section className="mc-silence-windows" aria-label="Windows">
      <dl>
        {line('Next window', data.next)}
        {line('Last window', data.last)}
      </dl>
      {data.last && (
        <p>
          {muted.length === 0
            ? 'The last window would have muted nothing.'
            : `The last window would have muted ${muted.length} notification${muted.length === 1 ? '' : 's'}:`}
        </p>
      )}
      {muted.length > 0 && (
        <ul aria-label="Muted in the last window" className="mc-silence-window-muted">
          {muted.map((row) => (
            <li key={row.id}>
              {row.created_at && formatDate(row.created_at)} {row.resource?.name || row.resource_id}{' '}
              <span className={Classes.TEXT_MUTED}>{row.source_event}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The rows by `created_at`, newest or oldest first (rows at the same time keep their order). */
export function inOrder(
  rows: readonly SilencePreviewRow[],
  sort: PreviewSort,
): SilencePreviewRow[] {
  const time = (row: SilencePreviewRow) => Date.parse(row.created_at ?? '') || 0;
  const sign = sort === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => sign * (time(a) - time(b)));
}

/** The preview's row count and order. */
function PreviewOptions({
  limit,
  sort,
  onLimit,
  onSort,
}: {
  limit: number;
  sort: PreviewSort;
  onLimit: (limit: number) => void;
  onSort: (sort: PreviewSort) => void;
}) {
  const id = useId();
  return (
    <div className="mc-silence-preview-options">
      <label htmlFor={`${id}-limit`}>Show</label>
      <HTMLSelect
        id={`${id}-limit`}
        value={String(limit)}
        onChange={(event) => onLimit(Number(event.currentTarget.value))}
        options={PREVIEW_LIMITS.map((value) => ({ value: String(value), label: String(value) }))}
      />
      <label htmlFor={`${id}-sort`}>Order</label>
      <HTMLSelect
        id={`${id}-sort`}
        value={sort}
        onChange={(event) => onSort(event.currentTarget.value === 'asc' ? 'asc' : 'desc')}
        options={Object.entries(PREVIEW_SORT_LABELS).map(([value, label]) => ({ value, label }))}
      />
    </div>
  );
}

/**
 * The live preview beside the silence form (NOTIF-14): what the silence would have muted in
 * the last 15 days (of a recurring silence: inside its windows, with its last and next windows),
 * asked again once the target has settled for a moment, only for a valid target; as many rows
 * and in the order chosen; loading, empty and error states (with Retry).
 */
export function SilencePreview({ args, recurrence }: SilencePreviewProps) {
  const formatDate = useFormatDate();
  const { data: ruleList } = useGetSendRulesQuery();
  const rules = useMemo(
    () => new Map<string, SendRule>((ruleList ?? []).map((rule) => [rule.id, rule])),
    [ruleList],
  );
  const columns = useMemo(() => previewColumns(formatDate, rules), [formatDate, rules]);
  const [limit, setLimit] = useState<number>(PREVIEW_LIMIT_DEFAULT);
  const [sort, setSort] = useState<PreviewSort>('desc');
  const wanted: SilencePreviewArgs | undefined =
    args && recurrence !== null
      ? {
          ...args,
          ...(recurrence ?? {}),
          ...(limit !== PREVIEW_LIMIT_DEFAULT ? { limit } : {}),
          ...(sort !== 'desc' ? { sort } : {}),
        }
      : undefined;
  // Compared as text, so an equal target built anew does not restart the wait.
  const key = wanted ? JSON.stringify(wanted) : '';
  const settledKey = useDebouncedValue(key, PREVIEW_DEBOUNCE_MS);
  const settled = useMemo(
    () => (settledKey ? (JSON.parse(settledKey) as SilencePreviewArgs) : undefined),
    [settledKey],
  );
  const query = useGetSilencePreviewQuery(settled ?? {}, { skip: !settled });
  const waiting = key !== settledKey;
  // Mission Control takes `limit` but not `sort`: the rows are put in the chosen order here too.
  const rows = useMemo(
    () => (settled ? inOrder(query.currentData ?? [], settled.sort ?? 'desc') : []),
    [settled, query.currentData],
  );
  // Loading while the target settles, and while a new target's answer is on its way.
  const previewQuery: TableQueryResult = {
    ...query,
    isLoading: waiting || (query.isFetching && !query.currentData),
  };

  return (
    <section className="mc-silence-preview" aria-label={PREVIEW_TITLE}>
      <h3 className="mc-silence-preview-title">{PREVIEW_TITLE}</h3>
      <PreviewOptions limit={limit} sort={sort} onLimit={setLimit} onSort={setSort} />
      {settled?.schedule && settled.duration && (
        <SilenceWindows
          args={{
            ...settled,
            schedule: settled.schedule,
            duration: settled.duration,
            timezone: settled.timezone ?? '',
          }}
        />
      )}
      {!args ? (
        <Callout icon="info-sign">{PREVIEW_WAITING}</Callout>
      ) : recurrence === null ? (
        <Callout icon="info-sign">{PREVIEW_SCHEDULE_WAITING}</Callout>
      ) : (
        <ListTable<SilencePreviewRow>
          aria-label="Preview"
          columns={columns}
          rows={rows}
          getRowId={(row) => row.id}
          query={previewQuery}
          errorTitle={PREVIEW_ERROR}
          empty={{ icon: 'notifications', emptyTitle: PREVIEW_EMPTY }}
        />
      )}
    </section>
  );
}
