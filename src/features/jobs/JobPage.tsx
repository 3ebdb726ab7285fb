import { Button, Callout, Classes } from '@blueprintjs/core';
import { lazy } from 'react';
import { Link, useParams } from 'react-router-dom';
import { jobHistoryTags, useGetJobSummariesQuery } from '../../api/endpoints/jobHistory';
import type { JobSummary } from '../../api/schemas/jobHistory';
import { paths } from '../../shell/paths';
import { useFormatDate } from '../../shell/useFormatDate';
import { DetailField } from '../../ui/DetailField';
import { JobStatusTag } from '../../ui/JobStatusTag';
import { usePageHeader } from '../../ui/pageHeader';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { JobHistoryTable } from './JobHistoryTable';
import { toCount } from '../../lib/counts';
import { jobDuration } from './model/jobRow';
import { useCan } from '../../auth/hooks';
import { boolean, defineUrlState } from '../../lib/urlState';
import { LazyDialog } from '../../ui/LazyPart';
import { useUrlState } from '../../widgets/useUrlState';
import './jobs.css';

/** The overrides dialog (a form) loads when it is first opened. */
const JobOverridesDialog = lazy(async () => ({
  default: (await import('./JobOverridesDialog')).JobOverridesDialog,
}));

/** Whether the overrides dialog is open (`?overrides=true`). */
const OVERRIDES_STATE = defineUrlState({ overrides: boolean({ default: false }) });

/** Said when the job has no run on record. */
export const JOB_NEVER_RAN = 'This job has no run on record';

/** The job's runs summed up, as a row of figures. */
function JobFigures({ summary }: { summary: JobSummary }) {
  const formatDate = useFormatDate();
  return (
    <dl className="mc-detail-list mc-job-figures" aria-label="Job summary">
      <DetailField term="Last status">
        {summary.last_status && <JobStatusTag status={summary.last_status} />}
      </DetailField>
      <DetailField term="Last run">
        {summary.last_run_at ? formatDate(summary.last_run_at) : null}
      </DetailField>
      <DetailField term="Runs">{toCount(summary.total)}</DetailField>
      <DetailField term="Success">{toCount(summary.success)}</DetailField>
      <DetailField term="Warning">{toCount(summary.warning)}</DetailField>
      <DetailField term="Failed">{toCount(summary.failed)}</DetailField>
      <DetailField term="Skipped">{toCount(summary.skipped)}</DetailField>
      <DetailField term="Average run">
        {summary.average_duration === null || summary.average_duration === undefined
          ? null
          : jobDuration(toCount(summary.average_duration))}
      </DetailField>
    </dl>
  );
}

/**
 * `/settings/jobs/:name`: one job, its runs summed up (`job_history_summary`), its overrides
 * (`?overrides=true`: schedule, runs kept, log level, disabled; written by those who may write
 * properties) and its runs with the history's filters (a run's details show its errors,
 * summaries and log lines).
 */
export function JobPage() {
  const { name = '' } = useParams();
  usePageHeader({ title: name, onRefresh: useInvalidateTags(jobHistoryTags) });
  const { data, error } = useGetJobSummariesQuery(name);
  const summary = data?.[0];
  const canWrite = useCan('feature_flags', 'write');
  const { state, update } = useUrlState(OVERRIDES_STATE);
  return (
    <div className="mc-page mc-jobs mc-job-page">
      <div className="mc-job-page-actions">
        <Link className={Classes.TEXT_MUTED} to={paths.settingsJobs.getHref('jobs')}>
          All jobs
        </Link>
        <Button icon="cog" text="Overrides" onClick={() => update({ overrides: true })} />
      </div>
      {summary && <JobFigures summary={summary} />}
      {data && !summary && !error && (
        <Callout intent="none" icon="history">
          {JOB_NEVER_RAN}
        </Callout>
      )}
      <JobHistoryTable jobName={name} />
      <LazyDialog isOpen={state.overrides}>
        <JobOverridesDialog
          isOpen={state.overrides}
          job={name}
          canWrite={canWrite}
          onClose={() => update({ overrides: false })}
        />
      </LazyDialog>
    </div>
  );
}
