import { useMemo } from 'react';
import type { CheckStatus } from '../../../api/schemas/checks';
import { formatLatency } from '../../../lib/durations';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import { useFormatDate } from '../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../ui/DataTable/DataTable';
import { DataTable } from '../../../ui/DataTable/DataTable';
import { StatusDot } from '../../../ui/StatusDot';
import type { QueryState } from '../../../ui/queryState';

function historyColumns(formatDate: FormatDateFn): DataTableColumn<CheckStatus>[] {
  return [
    { id: 'time', header: 'Time', width: 180, cell: (run) => formatDate(run.time) },
    { id: 'duration', header: 'Duration', width: 100, cell: (run) => formatLatency(run.duration) },
    {
      id: 'status',
      header: 'Status',
      width: 120,
      cell: (run) => (
        <>
          <StatusDot good={run.status === true} title={run.status ? 'Healthy' : 'Unhealthy'} />{' '}
          {run.status ? 'Healthy' : 'Unhealthy'}
        </>
      ),
    },
    {
      id: 'message',
      header: 'Message',
      cell: (run) => (
        <>
          {run.message && <div>{run.message}</div>}
          {run.error
            ?.split('\n')
            .filter((line) => line.trim() !== '')
            .map((line, index) => (
              <div key={index} className="check-history-error">
                {line}
              </div>
            ))}
        </>
      ),
    },
  ];
}

export interface CheckHistoryTableProps extends QueryState {
  rows: readonly CheckStatus[];
}

/** The title of the history's load error. */
export const HISTORY_LOAD_ERROR = 'Error loading the history';

/**
 * The runs of a page: time, duration, status, message and error (one line per line); the
 * server's reason with Retry when the page could not be loaded.
 */
export function CheckHistoryTable({ rows, ...state }: CheckHistoryTableProps) {
  const formatDate = useFormatDate();
  const columns = useMemo(() => historyColumns(formatDate), [formatDate]);
  return (
    <DataTable<CheckStatus>
      aria-label="Check history"
      columns={columns}
      rows={rows}
      getRowId={(run) => run.time}
      {...state}
      errorTitle={HISTORY_LOAD_ERROR}
      windowed={false}
    />
  );
}
