import { Callout, NonIdealState } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetPlaybookRunActionQuery } from '../../../api/endpoints/playbooks';
import type { PlaybookRunAction } from '../../../api/schemas/playbooks';
import type { FormatDateFn } from '../../../shell/useFormatDate';
import { QueryView } from '../../../ui/QueryView';
import { ArtifactList } from '../../../widgets/ArtifactList';
import { queryViewState } from '../../../widgets/tableQueryState';
import { actionType } from './model/results';
import { runDuration } from './model/runs';
import { ActionResult } from './results/ActionResult';
import { ActionRetry } from './RetryFromHere';
import { RunStatusTag } from './RunStatusTag';

export interface RunActionsProps {
  actions: readonly PlaybookRunAction[];
  /** The id of the action shown in detail. */
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  /** The run's playbook spec, where each action's type is found. */
  spec: unknown;
  /** The polling interval of the selected action while the run goes on; 0 for none. */
  pollingInterval: number;
  formatDate: FormatDateFn;
  now: Date;
}

/** The selected action read in full (PB-13): its error, result by type, and artifacts. */
function ActionDetail({
  action,
  spec,
  pollingInterval,
}: {
  action: PlaybookRunAction;
  spec: unknown;
  pollingInterval: number;
}) {
  const query = useGetPlaybookRunActionQuery(action.id ?? skipToken, { pollingInterval });
  const { data } = query;
  return (
    <QueryView
      {...queryViewState(query)}
      data={data ?? action}
      size="panel"
      loadingLabel="Loading action"
      errorTitle="Error loading the action"
    >
      {(detail) => {
        const type = actionType(data?.playbook_run?.spec ?? spec, detail.name);
        return (
          <section className="mc-run-action-detail" aria-label={`Action ${detail.name ?? ''}`}>
            <h3>
              {detail.name} {type && <span className="mc-run-muted">({type})</span>}
            </h3>
            {detail.playbook_run_id && (
              <ActionRetry runId={detail.playbook_run_id} action={detail} />
            )}
            {detail.error && (
              <Callout intent="danger" title="Error">
                <pre className="mc-run-log">{detail.error}</pre>
              </Callout>
            )}
            <ActionResult type={type} result={detail.result} />
            <ArtifactList
              className="mc-run-artifacts"
              artifacts={detail.artifacts ?? action.artifacts ?? []}
            />
          </section>
        );
      }}
    </QueryView>
  );
}

/**
 * The run's actions as a timeline (status, start, duration), each a button that shows the
 * action in detail beside it.
 */
export function RunActions({
  actions,
  selectedId,
  onSelect,
  spec,
  pollingInterval,
  formatDate,
  now,
}: RunActionsProps) {
  if (actions.length === 0) {
    return <NonIdealState icon="time" title="No actions have run yet" />;
  }
  const selected = actions.find((action) => action.id === selectedId) ?? actions[0];
  return (
    <div className="mc-run-actions">
      <ol className="mc-run-timeline" aria-label="Actions">
        {actions.map((action) => {
          const current = action.id === selected?.id;
          return (
            <li key={action.id}>
              <button
                type="button"
                className={current ? 'mc-run-step mc-run-step--current' : 'mc-run-step'}
                aria-current={current ? 'step' : undefined}
                onClick={() => onSelect(action.id)}
              >
                <span className="mc-run-step-name">{action.name}</span>
                <RunStatusTag status={action.status} />
                <time dateTime={action.start_time ?? undefined} className="mc-run-muted">
                  {formatDate(action.start_time ?? action.scheduled_time)}
                </time>
                <span className="mc-run-muted">
                  {runDuration(action.start_time, action.end_time, now)}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
      {selected && (
        <ActionDetail
          key={selected.id}
          action={selected}
          spec={spec}
          pollingInterval={pollingInterval}
        />
      )}
    </div>
  );
}
