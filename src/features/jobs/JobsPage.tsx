import { usePageHeader } from '../../ui/pageHeader';
import { useInvalidateTags } from '../../widgets/useInvalidateTags';
import { JobHistoryTable } from './JobHistoryTable';

export const JOBS_TITLE = 'Job History';

/** The top bar's Refresh reads the runs and the job names again. */
const REFRESH_TAGS = [
  { type: 'Jobs' as const, id: 'LIST' },
  { type: 'Jobs' as const, id: 'NAMES' },
];

/**
 * `/settings/jobs`: every run of every scheduled job (JOB-01), filtered by name, status, run
 * time, resource type and time range, a page at a time; all of it in the address.
 */
export function JobsPage() {
  usePageHeader({ title: JOBS_TITLE, onRefresh: useInvalidateTags(REFRESH_TAGS) });
  return (
    <div className="mc-page mc-jobs">
      <JobHistoryTable />
    </div>
  );
}
