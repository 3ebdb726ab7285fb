import { useMemo } from 'react';
import { useGetConfigItemPlaybookRunsQuery } from '../../../../api/endpoints/configItem';
import type { PlaybookRun } from '../../../../api/schemas/configItem';
import type { FormatDateFn } from '../../../../shell/useFormatDate';
import { useFormatDate } from '../../../../shell/useFormatDate';
import type { DataTableColumn } from '../../../../ui/DataTable/DataTable';
import { StatusDot } from '../../../../ui/StatusDot';
import { ListTable } from '../../../../widgets/ListPage';
import { useListPage } from '../../../../widgets/useListPage';
import { runDuration, statusWord } from '../model/format';

export const PLAYBOOKS_LOAD_ERROR = 'Error loading playbook runs';

/** The dot colour of a run's status. */
function runDotStatus(status: string | null | undefined): string {
  switch (status) {
    case 'failed':
    case 'timed_out':
      return 'unhealthy';
    case 'completed':
      return 'healthy';
    case 'cancelled':
      return 'unknown';
    default:
      return 'warning';
  }
}

/** The playbook's title, else its name. */
export function runPlaybookName(run: PlaybookRun): string {
  return run.playbooks?.title || run.playbooks?.name || '';
}

/** Playbook, Status, Started, Duration, Created By. */
function runColumns(formatDate: FormatDateFn): DataTableColumn<PlaybookRun>[] {
  return [
    { id: 'playbook', header: 'Playbook', minWidth: 200, cell: runPlaybookName },
    {
      id: 'status',
      header: 'Status',
      width: 160,
      cell: (run) =>
        run.status ? (
          <span className="mc-config-status">
            <StatusDot status={runDotStatus(run.status)} title={statusWord(run.status)} />
            {statusWord(run.status)}
          </span>
        ) : null,
    },
    {
      id: 'started',
      header: 'Started',
      width: 190,
      cell: (run) => formatDate(run.start_time ?? run.scheduled_time ?? run.created_at),
    },
    {
      id: 'duration',
      header: 'Duration',
      width: 110,
      cell: (run) => runDuration(run.start_time, run.end_time),
    },
    {
      id: 'createdBy',
      header: 'Created By',
      width: 160,
      cell: (run) => run.created_by?.name ?? '',
    },
  ];
}

/** The Playbooks tab (PB-10): runs of playbooks on the item, newest first, a page at a time. */
export function ConfigPlaybooksTab({ configId }: { configId: string }) {
  const formatDate = useFormatDate();
  const list = useListPage();
  const { pageIndex, pageSize } = list.state;
  const query = useGetConfigItemPlaybookRunsQuery({ configId, pageIndex, pageSize });
  const columns = useMemo(() => runColumns(formatDate), [formatDate]);
  return (
    <div className="mc-config-tab">
      <ListTable<PlaybookRun>
        aria-label="Playbook runs"
        className="mc-config-table"
        columns={columns}
        rows={query.data?.rows ?? []}
        getRowId={(run) => run.id}
        list={list}
        unsorted
        total={query.data?.totalEntries ?? 0}
        query={query}
        errorTitle={PLAYBOOKS_LOAD_ERROR}
      />
    </div>
  );
}
