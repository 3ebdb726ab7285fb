import { skipToken } from '@reduxjs/toolkit/query';
import { Link } from 'react-router-dom';
import { useGetPlaybookRunRetriesQuery } from '../../../api/endpoints/playbooks';
import type { PlaybookRunDetail } from '../../../api/schemas/playbooks';
import { paths } from '../../../shell/paths';
import { RunStatusTag } from './RunStatusTag';

/** The run statuses that a retry may have started from. */
const RETRIED = new Set(['failed', 'timed_out']);

/**
 * A run's links along its retries, as summary fields: the run it retries ("Retry of") and,
 * for a failed run, the runs that retried it ("Retried as"), each with its status. A backend
 * without retries answers the second with an error, and the field is left out.
 */
export function RunRetries({
  run,
}: {
  run: Pick<PlaybookRunDetail, 'id' | 'status' | 'retry_of'>;
}) {
  const retries = useGetPlaybookRunRetriesQuery(RETRIED.has(run.status ?? '') ? run.id : skipToken);
  const later = retries.data ?? [];
  return (
    <>
      {run.retry_of && (
        <>
          <dt>Retry of</dt>
          <dd>
            <Link to={paths.playbookRun.getHref(run.retry_of)}>Run {run.retry_of.slice(0, 8)}</Link>
          </dd>
        </>
      )}
      {later.length > 0 && (
        <>
          <dt>Retried as</dt>
          <dd>
            <ul className="mc-run-retries">
              {later.map((retry) => (
                <li key={retry.id}>
                  <Link to={paths.playbookRun.getHref(retry.id)}>Run {retry.id.slice(0, 8)}</Link>{' '}
                  <RunStatusTag status={retry.status} />
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </>
  );
}
