import { Link } from 'react-router-dom';
import type { JobHistoryRow } from '../../api/schemas/jobHistory';
import { relativeOrDate } from '../../lib/relativeTime';
import { paths } from '../../shell/paths';
import type { FormatDateFn } from '../../shell/useFormatDate';
import type { DataTableColumn } from '../../ui/DataTable/DataTable';
import { JobStatusTag } from '../../ui/JobStatusTag';
import { jobDuration, jobResourceHref, resourceTypeLabel } from './model/jobRow';

export interface JobColumnsOptions {
  formatDate: FormatDateFn;
  /** The instant start times are aged against. */
  now: Date;
  /** Leaves out the resource type under each resource (a list of one type's jobs). */
  hideResourceType?: boolean;
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
}: JobColumnsOptions): DataTableColumn<JobHistoryRow>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortKey: 'name',
      minWidth: 200,
      cell: (job) => job.name ?? '',
    },
    {
      id: 'resource',
      header: 'Resource',
      sortKey: 'resource_name',
      minWidth: 200,
      cell: (job) => <ResourceCell job={job} hideType={hideResourceType} />,
    },
    {
      id: 'status',
      header: 'Status',
      sortKey: 'status',
      width: 120,
      cell: (job) => <JobStatusTag status={job.status} />,
    },
    {
      id: 'agent',
      header: 'Agent',
      width: 140,
      cell: (job) =>
        job.agent?.id ? (
          <Link to={paths.settingsAgents.getHref(job.agent.id)}>
            {job.agent.name || job.agent.id}
          </Link>
        ) : null,
    },
    {
      id: 'started',
      header: 'Started',
      sortKey: 'time_start',
      width: 150,
      cell: (job) => {
        const start = job.time_start ?? job.created_at;
        return <span title={formatDate(start)}>{relativeOrDate(start, formatDate, now)}</span>;
      },
    },
    {
      id: 'duration',
      header: 'Duration',
      sortKey: 'duration_millis',
      width: 110,
      align: 'right',
      cell: (job) => jobDuration(job.duration_millis),
    },
    {
      id: 'success',
      header: 'Success',
      sortKey: 'success_count',
      width: 100,
      align: 'right',
      cell: (job) => job.success_count ?? 0,
    },
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
}
