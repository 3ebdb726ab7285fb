import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  playbookRunTags,
  playbooksApi,
  useGetPlaybookRunActionsQuery,
  useGetPlaybookRunQuery,
} from '../../../api/endpoints/playbooks';
import type { PlaybookRunAction, PlaybookRunDetail } from '../../../api/schemas/playbooks';
import { defineUrlState, oneOf, text } from '../../../lib/urlState';
import { paths } from '../../../shell/paths';
import { useFormatDate } from '../../../shell/useFormatDate';
import { usePageHeader } from '../../../ui/pageHeader';
import { QueryView } from '../../../ui/QueryView';
import { DiagnoseFailure } from '../../../widgets/assistantEntries';
import type { FailedRunSubject } from '../../../widgets/slots/slotTypes';
import { queryViewState } from '../../../widgets/tableQueryState';
import { useInvalidateTags } from '../../../widgets/useInvalidateTags';
import { useUrlState } from '../../../widgets/useUrlState';
import { isLiveStatus, pollingFor } from './model/runs';
import type { RunView } from './RunActions';
import { RUN_VIEWS, RunActions } from './RunActions';
import { RunButtons } from './RunButtons';
import { RunSummary } from './RunSummary';
import './runs.css';

export const RUN_TITLE = 'Playbook Run';
export const RUN_ERROR = 'Error loading the playbook run';
export const RUN_NOT_FOUND = 'Playbook run not found';

const NO_CHILDREN: readonly PlaybookRunDetail[] = [];

/** What "Diagnose failure" is told of the run. */
function failedRunSubject(run: PlaybookRunDetail): FailedRunSubject {
  return {
    id: run.id,
    status: run.status,
    error: run.error,
    parameters: run.parameters,
    playbook: run.playbooks,
    resource: run.config?.name ?? run.component?.name ?? run.check?.name,
  };
}

/** What "Diagnose failure" is told of the actions (the failed ones' errors it reads itself). */
function actionSubjects(actions: readonly PlaybookRunAction[]) {
  return actions.map(({ id, name, status, result }) => ({ id, name, status, result }));
}

/**
 * The page's state in the address: the selected action (`?action=`) and the view of the run
 * (`?view=graph|timeline`, the graph by default); choosing either replaces the entry.
 */
export const RUN_PAGE_STATE = defineUrlState({
  action: text(),
  view: oneOf(RUN_VIEWS, { default: 'graph' }),
});

/**
 * Reads the run, its actions and the action shown once more when the run becomes final: the
 * polls of the run and of its actions stop together, and the last actions reading may be older
 * than the one that found the run final (the executor records the last actions before it ends
 * the run).
 */
function useLastReadingWhenFinal(status: string | null | undefined, reload: () => void) {
  const sawLive = useRef(false);
  useEffect(() => {
    if (status === undefined) return;
    if (isLiveStatus(status)) {
      sawLive.current = true;
    } else if (sawLive.current) {
      sawLive.current = false;
      reload();
    }
  }, [status, reload]);
}

/**
 * `/playbooks/runs/:id`: one run (PB-11) with its child runs, the run as a workflow of its
 * actions (PB-12) and child runs, drawn as a graph or a timeline (`?view=`), and the selected
 * action's result and artifacts (PB-13, `?action=`). While the run is not final the page reads
 * it again every few seconds, and the graph and timeline follow it.
 */
export function PlaybookRunPage() {
  const { id = '' } = useParams<{ id: string }>();
  const arg = id || skipToken;
  const reload = useInvalidateTags(playbookRunTags(id));
  usePageHeader({ title: RUN_TITLE, onRefresh: reload });
  const { state: pageState, set } = useUrlState(RUN_PAGE_STATE);
  const cached = playbooksApi.endpoints.getPlaybookRun.useQueryState(arg);
  const cachedStatus = cached.data?.run?.status;
  const pollingInterval = cached.data?.run ? pollingFor([cachedStatus]) : 0;
  const runQuery = useGetPlaybookRunQuery(arg, { pollingInterval });
  const actionsQuery = useGetPlaybookRunActionsQuery(arg, { pollingInterval });
  useLastReadingWhenFinal(runQuery.data?.run?.status, reload);
  const formatDate = useFormatDate();
  const fetchedAt = runQuery.fulfilledTimeStamp;
  const now = useMemo(() => (fetchedAt ? new Date(fetchedAt) : new Date()), [fetchedAt]);
  const selectAction = useCallback((actionId: string) => set('action', actionId), [set]);
  const setView = useCallback((view: RunView) => set('view', view), [set]);

  return (
    <div className="mc-page mc-run">
      <QueryView
        {...queryViewState(runQuery)}
        data={runQuery.data?.run}
        loadingLabel="Loading playbook run"
        errorTitle={RUN_ERROR}
        notFound={{
          title: RUN_NOT_FOUND,
          action: <Link to={paths.playbookRuns.getHref()}>Back to playbook runs</Link>,
        }}
      >
        {(run) => (
          <>
            <div className="mc-run-head">
              <RunButtons run={run} />
              {run.status === 'failed' && actionsQuery.data && (
                <DiagnoseFailure
                  run={failedRunSubject(run)}
                  actions={actionSubjects(actionsQuery.data)}
                />
              )}
            </div>
            <RunSummary
              run={run}
              children={runQuery.data?.children ?? []}
              formatDate={formatDate}
              now={now}
            />
            <section className="mc-run-steps" aria-label="Run workflow">
              <h3>Actions</h3>
              <QueryView
                {...queryViewState(actionsQuery)}
                size="panel"
                loadingLabel="Loading actions"
                errorTitle="Error loading the actions"
              >
                {(actions) => (
                  <RunActions
                    run={run}
                    children={runQuery.data?.children ?? NO_CHILDREN}
                    actions={actions}
                    selectedId={pageState.action}
                    onSelect={selectAction}
                    view={pageState.view}
                    onViewChange={setView}
                    spec={run.playbooks?.spec}
                    pollingInterval={pollingInterval}
                    formatDate={formatDate}
                    now={now}
                  />
                )}
              </QueryView>
            </section>
          </>
        )}
      </QueryView>
    </div>
  );
}
