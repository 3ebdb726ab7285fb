import { Button, Classes } from '@blueprintjs/core';
import { lazy, useMemo } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router-dom';
import { useGetJobHistoryQuery } from '../../api/endpoints/jobHistory';
import type { JobHistoryRow } from '../../api/schemas/jobHistory';
import { selectPreferences } from '../../shell/preferencesSlice';
import { useFormatDate } from '../../shell/useFormatDate';
import { LazyDialog } from '../../ui/LazyPart';
import type { JobHistoryProps } from '../../widgets/slots/slotTypes';
import { ListTable } from '../../widgets/ListPage';
import { useListPage } from '../../widgets/useListPage';
import { jobColumns } from './jobColumns';
import { JobsToolbar } from './JobsToolbar';
import { hasJobDetails } from './model/details';
import type { JobRunRef } from './model/jobRow';
import { jobRunHref } from './model/jobRow';
import { JOB_FILTERS, JOB_PAGE_SIZE, jobHistoryArgs } from './model/filters';
import { useUrlState } from '../../widgets/useUrlState';
import './jobs.css';
import { useAnsweredAt } from '../../widgets/useAnsweredAt';

/** A run's details (with the code viewer) load when a run's Details are first opened. */
const JobDetailsDialog = lazy(async () => ({
  default: (await import('./JobDetailsDialog')).JobDetailsDialog,
}));

/**
 * The table is also the `JobHistory` slot of the resource editor (the slot's props); a job's
 * page gives its name. `runHref` is the page of a run, for the runs that have one (default
 * `jobRunHref`: a scraper's runs open the run viewer).
 */
export type JobHistoryTableProps = JobHistoryProps & {
  jobName?: string;
  runHref?: (job: JobRunRef) => string | undefined;
};

/** The table's accessible name and the title of its error state. */
export const JOB_HISTORY_LABEL = 'Job history';
export const JOB_HISTORY_ERROR = 'Error loading job history';
/** The button of a run that has details. */
export const JOB_DETAILS_BUTTON = 'Details';
/** The link of a run that has a page of its own. */
export const JOB_RUN_LINK = 'View run';

/**
 * Runs of scheduled jobs (JOB-01, spec 002 §2.9): the filter bar, the runs a page at a time
 * (150 by default) with server-side sort, and a run's details dialog, opened by the Details
 * button of a run that has errors or summaries. Page, sort and filters live in the address.
 * Given a resource type (and id), it lists only those jobs and offers no type filter.
 */
export function JobHistoryTable({
  resourceType,
  resourceId,
  jobName,
  runHref = jobRunHref,
}: JobHistoryTableProps) {
  const { params, state: filters, update } = useUrlState(JOB_FILTERS);
  const { timezone } = useSelector(selectPreferences);
  const listPage = useListPage({ pageSize: JOB_PAGE_SIZE });
  const args = useMemo(
    () => jobHistoryArgs(params, { resourceType, resourceId, name: jobName }, timezone),
    [params, resourceType, resourceId, jobName, timezone],
  );
  const query = useGetJobHistoryQuery(args);
  const { data, fulfilledTimeStamp } = query;
  const rows = useMemo(() => data?.rows ?? [], [data]);

  const formatDate = useFormatDate();
  const now = useAnsweredAt(fulfilledTimeStamp);
  const hideResourceType = resourceType !== undefined;
  const hideName = jobName !== undefined;
  const columns = useMemo(
    () => jobColumns({ formatDate, now, hideResourceType, hideName }),
    [formatDate, now, hideResourceType, hideName],
  );

  const opened = filters.jobId ? rows.find((job) => job.id === filters.jobId) : undefined;

  return (
    <div className="mc-job-history">
      <JobsToolbar
        filters={filters}
        onChange={update}
        hideResourceType={hideResourceType}
        hideName={jobName !== undefined}
      />
      <ListTable<JobHistoryRow>
        aria-label={JOB_HISTORY_LABEL}
        columns={columns}
        rows={rows}
        getRowId={(job) => job.id}
        list={listPage}
        total={data?.total ?? 0}
        rowLabel={(job) => job.name ?? job.id}
        actionsWidth={rows.some((job) => runHref(job)) ? 200 : 110}
        rowActions={(job) => {
          const href = runHref(job);
          if (!href && !hasJobDetails(job.details)) return null;
          return (
            <span className="mc-job-actions">
              {href && (
                <Link
                  to={href}
                  className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL}`}
                  aria-label={`${JOB_RUN_LINK} of ${job.name ?? 'job'}`}
                >
                  {JOB_RUN_LINK}
                </Link>
              )}
              {hasJobDetails(job.details) && (
                <Button
                  size="small"
                  variant="minimal"
                  icon="document-open"
                  aria-label={`${JOB_DETAILS_BUTTON} of ${job.name ?? 'job'}`}
                  title={JOB_DETAILS_BUTTON}
                  onClick={() => update({ jobId: job.id })}
                >
                  {JOB_DETAILS_BUTTON}
                </Button>
              )}
            </span>
          );
        }}
        query={query}
        errorTitle={JOB_HISTORY_ERROR}
      />
      <LazyDialog isOpen={opened !== undefined}>
        <JobDetailsDialog job={opened} onClose={() => update({ jobId: undefined })} />
      </LazyDialog>
    </div>
  );
}
