import { Tab, Tabs } from '@blueprintjs/core';
import { jobHistoryTags } from '../../api/endpoints/jobHistory';
import { defineUrlState, oneOf } from '../../lib/urlState';
import { usePageHeader } from '../../ui/pageHeader';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { useUrlState } from '../../widgets/useUrlState';
import { JobHistoryTable } from './JobHistoryTable';
import { JobSummaryTable } from './JobSummaryTable';

export const JOBS_TITLE = 'Job History';

/** The page's two views: every run (the default) or each job's runs summed up. */
const JOBS_VIEW = defineUrlState({ view: oneOf(['jobs']) }, { history: 'push' });

/**
 * `/settings/jobs`: every run of every scheduled job (JOB-01), filtered by name, status, run
 * time, resource type and time range, a page at a time; or (`?view=jobs`) each job's runs
 * summed up, a job opening its page. All of it in the address.
 */
export function JobsPage() {
  usePageHeader({ title: JOBS_TITLE, onRefresh: useInvalidateTags(jobHistoryTags) });
  const { state, update } = useUrlState(JOBS_VIEW);
  const view = state.view ?? 'runs';
  return (
    <div className="mc-page mc-jobs">
      <Tabs
        id="jobs-view"
        selectedTabId={view}
        onChange={(next) => update({ view: next === 'jobs' ? 'jobs' : undefined })}
        renderActiveTabPanelOnly
      >
        <Tab id="runs" title="Runs" panel={<JobHistoryTable />} />
        <Tab id="jobs" title="Jobs" panel={<JobSummaryTable />} />
      </Tabs>
    </div>
  );
}
