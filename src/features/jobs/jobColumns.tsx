import { Link } from 'react-router-dom';
import type { JobHistoryRow } from '../../api/schemas/jobHistory';
import { paths } from '../../shell/paths';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { ageColumn, agentColumn, jobStatusColumn, textColumn } from '../../widgets/columns';
import { jobDuration, jobResourceHref, resourceTypeLabel } from './model/jobRow';

export interface JobColumnsOptions {
  formatDate: FormatDateFn;
  /** The instant start times are aged against. */
  now: Date;
  /** Leaves out the resource type under each resource (a list of one type's jobs). */
  hideResourceType?: boolean;
  /** Leaves out the name (a list of one job's runs). */
  hideName?: boolean;
}

/** The resource a run was for: a link by its type (spec 002 §2.1), else its name as text. */
function ResourceCell({ job, hideType }: { job: JobHistoryRow; hideType: boolean }) {
  const name = job.resource_name || job.resource_id || '';
  const href = jobResourceHref(job.resource_type, job.resource_id);
  return (
    <span className="mc-job-resource">
      {href ? <Link to={href}>{name}</Link> : <span>{name}</span>}
      {!hideType && job.resource_type && (
        <span className="mc-job-resource-type">{resourceTypeLabel(job.resource_type)}</span>
      )}
    </span>
  );
}

/**
 * The job history list's columns (spec 002 §2.9, §3.4): Name, Resource, Status, Agent,
 * Started, Duration, Success and Errors; all but Agent sort on the server.
 */
export function jobColumns({
  formatDate,
  now,
  hideResourceType = false,
  hideName = false,
}: JobColumnsOptions): DataTableColumn<JobHistoryRow>[] {
  const columns: DataTableColumn<JobHistoryRow>[] = [
    textColumn({ id: 'name', header: 'Name', minWidth: 200 }, (job) =>
      job.name ? <Link to={paths.settingsJob.getHref(job.name)}>{job.name}</Link> : '',
    ),
    textColumn(
      { id: 'resource', header: 'Resource', sortKey: 'resource_name', minWidth: 200 },
      (job) => <ResourceCell job={job} hideType={hideResourceType} />,
    ),
    jobStatusColumn('status', (job) => job.status),
    agentColumn((job) => job.agent),
    ageColumn(
      { formatDate, now },
      { id: 'started', header: 'Started', sortKey: 'time_start', width: 150 },
      (job) => job.time_start ?? job.created_at,
    ),
    textColumn(
      {
        id: 'duration',
        header: 'Duration',
        sortKey: 'duration_millis',
        width: 110,
        align: 'right',
      },
      (job) => jobDuration(job.duration_millis),
    ),
    textColumn(
      { id: 'success', header: 'Success', sortKey: 'success_count', width: 100, align: 'right' },
      (job) => job.success_count ?? 0,
    ),
    {
      id: 'errors',
      header: 'Errors',
      sortKey: 'error_count',
      width: 100,
      align: 'right',
      cell: (job) => {
        const count = job.error_count ?? 0;
        return count > 0 ? <span className="mc-job-count--errors">{count}</span> : count;
      },
    },
  ];
  return hideName ? columns.filter((column) => column.id !== 'name') : columns;
}
