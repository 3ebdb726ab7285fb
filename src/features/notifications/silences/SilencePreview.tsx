import { Callout, Classes } from '@blueprintjs/core';
import { useMemo } from 'react';
import type { SilencePreviewArgs } from '../../../api/endpoints/notificationSilences';
import { useGetSilencePreviewQuery } from '../../../api/endpoints/notificationSilences';
import { useGetSendRulesQuery } from '../../../api/endpoints/notificationHistory';
import type { SendRule } from '../../../api/schemas/notificationHistory';
import type { SilencePreviewRow } from '../../../api/schemas/notificationSilences';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import { useFormatDate } from '../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { useDebouncedValue } from '../../../ui/useDebouncedValue';
import { ListTable } from '../../../widgets/ListPage';
import type { TableQueryResult } from '../../../widgets/tableQueryState';
import { ruleTitle } from '../history/model/sends';
import { SendStatusTag } from '../history/SendStatusTag';

/** Quiet time after the last change of the target before the preview asks again. */
export const PREVIEW_DEBOUNCE_MS = 500;
export const PREVIEW_TITLE = 'Notifications this silence would have muted';
export const PREVIEW_EMPTY = 'No notifications in the last 15 days match';
export const PREVIEW_WAITING = 'Choose a resource, a filter or selectors to see what it would mute';
export const PREVIEW_ERROR = 'Error loading the preview';

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
}

/**
 * The live preview beside the silence form (NOTIF-14): what the silence would have muted in
 * the last 15 days, asked again once the target has settled for a moment, only for a valid
 * target; loading, empty and error states (with Retry).
 */
export function SilencePreview({ args }: SilencePreviewProps) {
  const formatDate = useFormatDate();
  const { data: ruleList } = useGetSendRulesQuery();
  const rules = useMemo(
    () => new Map<string, SendRule>((ruleList ?? []).map((rule) => [rule.id, rule])),
    [ruleList],
  );
  const columns = useMemo(() => previewColumns(formatDate, rules), [formatDate, rules]);
  // Compared as text, so an equal target built anew does not restart the wait.
  const key = args ? JSON.stringify(args) : '';
  const settledKey = useDebouncedValue(key, PREVIEW_DEBOUNCE_MS);
  const settled = useMemo(
    () => (settledKey ? (JSON.parse(settledKey) as SilencePreviewArgs) : undefined),
    [settledKey],
  );
  const query = useGetSilencePreviewQuery(settled ?? {}, { skip: !settled });
  const waiting = key !== settledKey;
  // Loading while the target settles, and while a new target's answer is on its way.
  const previewQuery: TableQueryResult = {
    ...query,
    isLoading: waiting || (query.isFetching && !query.currentData),
  };

  return (
    <section className="mc-silence-preview" aria-label={PREVIEW_TITLE}>
      <h3 className="mc-silence-preview-title">{PREVIEW_TITLE}</h3>
      {!args ? (
        <Callout icon="info-sign">{PREVIEW_WAITING}</Callout>
      ) : (
        <ListTable<SilencePreviewRow>
          aria-label="Preview"
          columns={columns}
          rows={settled ? (query.currentData ?? []) : []}
          getRowId={(row) => row.id}
          query={previewQuery}
          errorTitle={PREVIEW_ERROR}
          empty={{ icon: 'notifications', emptyTitle: PREVIEW_EMPTY }}
        />
      )}
    </section>
  );
}
