import { Callout } from '@blueprintjs/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetPlaybookRunActionQuery } from '../../../api/endpoints/playbooks';
import type { PlaybookRunAction } from '../../../api/schemas/playbooks';
import { QueryView } from '../../../ui/QueryView';
import { ArtifactList } from '../../../widgets/ArtifactList';
import { queryViewState } from '../../../widgets/tableQueryState';
import { actionType } from './model/results';
import { ActionResult } from './results/ActionResult';
import { ActionRetry } from './RetryFromHere';

export interface ActionDetailProps {
  /** The action as PB-12 listed it; shown until PB-13 answers. */
  action: PlaybookRunAction;
  /** The run's playbook spec, where the action's type is found. */
  spec: unknown;
  /** The polling interval of the action while the run goes on; 0 for none. */
  pollingInterval: number;
}

/** The selected action read in full (PB-13): its error, result by type, and artifacts. */
export function ActionDetail({ action, spec, pollingInterval }: ActionDetailProps) {
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
