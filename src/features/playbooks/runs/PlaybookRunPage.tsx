import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import {
  playbookRunTags,
  playbooksApi,
  useGetPlaybookRunActionsQuery,
  useGetPlaybookRunQuery,
} from '../../../api/endpoints/playbooks';
import { toErrorMessage } from '../../../api/errors';
import { useFormatDate } from '../../../shell/useFormatDate';
import { usePageHeader } from '../../../ui/pageHeader';
import { useInvalidateTags } from '../../../widgets/useInvalidateTags';
import { pollingFor } from './model/runs';
import { RunActions } from './RunActions';
import { RunButtons } from './RunButtons';
import { RunSummary } from './RunSummary';
import './runs.css';

export const RUN_TITLE = 'Playbook Run';
export const RUN_ERROR = 'Error loading the playbook run';
export const RUN_NOT_FOUND = 'Playbook run not found';

/** The address parameter of the action shown in detail. */
export const ACTION_PARAM = 'action';

/**
 * `/playbooks/runs/:id`: one run (PB-11) with its child runs, its actions as a timeline
 * (PB-12) and the selected action's result and artifacts (PB-13, `?action=`). While the run is
 * not final the page reads it again every few seconds.
 */
export function PlaybookRunPage() {
  const { id = '' } = useParams<{ id: string }>();
  const arg = id || skipToken;
  usePageHeader({
    title: RUN_TITLE,
    onRefresh: useInvalidateTags(playbookRunTags(id)),
  });
  const [params, setParams] = useSearchParams();
  const cached = playbooksApi.endpoints.getPlaybookRun.useQueryState(arg);
  const cachedStatus = cached.data?.run?.status;
  const pollingInterval = cached.data?.run ? pollingFor([cachedStatus]) : 0;
  const runQuery = useGetPlaybookRunQuery(arg, { pollingInterval });
  const actionsQuery = useGetPlaybookRunActionsQuery(arg, { pollingInterval });
  const formatDate = useFormatDate();
  const fetchedAt = runQuery.fulfilledTimeStamp;
  const now = useMemo(() => (fetchedAt ? new Date(fetchedAt) : new Date()), [fetchedAt]);
  const selectAction = useCallback(
    (actionId: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(ACTION_PARAM, actionId);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  if (runQuery.isLoading) {
    return (
      <div className="mc-page mc-run">
        <Spinner aria-label="Loading playbook run" />
      </div>
    );
  }
  if (runQuery.error) {
    return (
      <div className="mc-page mc-run">
        <NonIdealState
          icon="error"
          title={RUN_ERROR}
          description={toErrorMessage(runQuery.error)}
          action={
            <Button
              text="Retry"
              icon="refresh"
              loading={runQuery.isFetching}
              onClick={() => void runQuery.refetch()}
            />
          }
        />
      </div>
    );
  }
  const run = runQuery.data?.run;
  if (!run) {
    return (
      <div className="mc-page mc-run">
        <NonIdealState icon="search" title={RUN_NOT_FOUND} />
      </div>
    );
  }

  return (
    <div className="mc-page mc-run">
      <div className="mc-run-head">
        <RunButtons run={run} />
      </div>
      <RunSummary
        run={run}
        children={runQuery.data?.children ?? []}
        formatDate={formatDate}
        now={now}
      />
      <section className="mc-run-steps" aria-label="Run actions timeline">
        <h3>Actions</h3>
        {actionsQuery.isLoading && <Spinner size={24} aria-label="Loading actions" />}
        {actionsQuery.error && (
          <NonIdealState
            icon="error"
            title="Error loading the actions"
            description={toErrorMessage(actionsQuery.error)}
            action={
              <Button text="Retry" icon="refresh" onClick={() => void actionsQuery.refetch()} />
            }
          />
        )}
        {actionsQuery.data && (
          <RunActions
            actions={actionsQuery.data}
            selectedId={params.get(ACTION_PARAM) ?? undefined}
            onSelect={selectAction}
            spec={run.playbooks?.spec}
            pollingInterval={pollingInterval}
            formatDate={formatDate}
            now={now}
          />
        )}
      </section>
    </div>
  );
}
