import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useGetJobSummariesQuery } from '../../api/endpoints/jobHistory';
import type { JobSummary } from '../../api/schemas/jobHistory';
import { paths } from '../../shell/paths';
import type { FormatDateFn } from '../../shell/useFormatDate';
import { useFormatDate } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { DataTable } from '../../ui/DataTable/DataTable';
import { JobStatusTag } from '../../ui/JobStatusTag';
import { ageColumn } from '../../widgets/columns';
import { useAnsweredAt } from '../../widgets/useAnsweredAt';
import { tableQueryState } from '../../widgets/tableQueryState';
import { jobDuration } from './model/jobRow';
import { toCount } from '../../lib/counts';

/** The table's accessible name and the title of its error state. */
export const JOB_SUMMARY_LABEL = 'Jobs';
export const JOB_SUMMARY_ERROR = 'Error loading the jobs';
export const NO_JOBS = 'No job has run yet';

function countColumn(
  id: keyof JobSummary,
  header: string,
  width = 84,
): DataTableColumn<JobSummary> {
  return {
    id,
    header,
    width,
    align: 'right',
    cell: (row) => {
      const count = toCount(row[id] as number | string | null | undefined);
      return id === 'failed' && count > 0 ? (
        <span className="mc-job-count--errors">{count}</span>
      ) : (
        count
      );
    },
  };
}

/**
 * The jobs' columns: Name (a link to the job's page), Last status, Last run, the runs by status
 * (success, warning, failed, skipped, stale, running) and in all, and the average run.
 */
export function jobSummaryColumns(
  formatDate: FormatDateFn,
  now: Date,
): DataTableColumn<JobSummary>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      minWidth: 220,
      cell: (row) =>
        row.name ? <Link to={paths.settingsJob.getHref(row.name)}>{row.name}</Link> : null,
    },
    {
      id: 'last_status',
      header: 'Last status',
      width: 120,
      cell: (row) => (row.last_status ? <JobStatusTag status={row.last_status} /> : null),
    },
    ageColumn(
      { formatDate, now },
      { id: 'last_run_at', header: 'Last run', width: 130 },
      (row) => row.last_run_at,
    ),
    countColumn('success', 'Success'),
    countColumn('warning', 'Warning'),
    countColumn('failed', 'Failed'),
    countColumn('skipped', 'Skipped'),
    countColumn('stale', 'Stale'),
    countColumn('running', 'Running'),
    countColumn('total', 'Runs'),
    {
      id: 'average_duration',
      header: 'Average run',
      width: 120,
      align: 'right',
      cell: (row) =>
        row.average_duration === null || row.average_duration === undefined
          ? ''
          : jobDuration(toCount(row.average_duration)),
    },
  ];
}

/**
 * Each job's runs summed up (`job_history_summary`), by name; a row opens the job's page (click
 * or Enter).
 */
export function JobSummaryTable() {
  const query = useGetJobSummariesQuery();
  const navigate = useNavigate();
  const formatDate = useFormatDate();
  const now = useAnsweredAt(query.fulfilledTimeStamp);
  const columns = useMemo(() => jobSummaryColumns(formatDate, now), [formatDate, now]);
  return (
    <DataTable<JobSummary>
      aria-label={JOB_SUMMARY_LABEL}
      columns={columns}
      rows={query.data ?? []}
      getRowId={(row) => row.name ?? ''}
      rowLabel={(row) => row.name ?? ''}
      onRowOpen={(row) => {
        if (row.name) navigate(paths.settingsJob.getHref(row.name));
      }}
      {...tableQueryState(query)}
      errorTitle={JOB_SUMMARY_ERROR}
      emptyText={NO_JOBS}
    />
  );
}
