import { jobHistoryTags } from '../../api/endpoints/jobHistory';
import { usePageHeader } from '../../ui/pageHeader';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { JobHistoryTable } from './JobHistoryTable';

export const JOBS_TITLE = 'Job History';

/**
 * `/settings/jobs`: every run of every scheduled job (JOB-01), filtered by name, status, run
 * time, resource type and time range, a page at a time; all of it in the address.
 */
export function JobsPage() {
  usePageHeader({ title: JOBS_TITLE, onRefresh: useInvalidateTags(jobHistoryTags) });
  return (
    <div className="mc-page mc-jobs">
      <JobHistoryTable />
    </div>
  );
}
