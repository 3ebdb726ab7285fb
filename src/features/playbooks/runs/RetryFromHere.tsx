import { Button, Callout, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { RetryStarted, StartRetryInput } from '../../../../machines/playbooks/retryFromAction';
import { retryFromActionMachine } from '../../../../machines/playbooks/retryFromAction';
import {
  playbooksApi,
  useGetPlaybookRunActionsQuery,
  useGetPlaybookRunQuery,
} from '../../../api/endpoints/playbooks';
import { useCan } from '../../../auth/hooks';
import { fromRequest } from '../../../api/machineRequest';
import type { PlaybookRunAction } from '../../../api/schemas/playbooks';
import { paths } from '../../../shell/paths';
import { useAppDispatch } from '../../../shell/hooks';
import type { AppDispatch } from '../../../shell/rootReducer';
import { useInspect } from '../../../ui/inspect';

export const RETRY_FROM_HERE = 'Retry from here';

/** The machine on RTK Query: `startRetry` is the retry endpoint (the server's reason on refusal). */
function createLogic(dispatch: AppDispatch) {
  return retryFromActionMachine.provide({
    actors: {
      startRetry: fromRequest<RetryStarted, StartRetryInput>(({ runId, actionId }) =>
        dispatch(playbooksApi.endpoints.retryPlaybookRun.initiate({ runId, actionId })),
      ),
    },
  });
}

export interface RetryFromHereProps {
  runId: string;
  /** The failed action the new run starts from. */
  action: Pick<PlaybookRunAction, 'id' | 'name'>;
  /** The names of the actions before it, whose results the new run reuses. */
  reused: readonly string[];
}

/**
 * "Retry from here" on a failed action of a failed run (the `retryFromAction` machine): a
 * confirmation that says what is reused and what runs again, then a new run linked to this one,
 * which the page opens. A refusal stays in the dialog in the server's words.
 */
export function RetryFromHere({ runId, action, reused }: RetryFromHereProps) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logic] = useState(() => createLogic(dispatch));
  const inspect = useInspect();
  const actor = useActorRef(logic, { input: { runId, actionId: action.id }, inspect });
  const state = useActorSelector(actor, (snapshot) => snapshot.value);
  const error = useActorSelector(actor, (snapshot) => snapshot.context.error);
  useEffect(() => {
    const subscription = actor.on('retry.started', ({ runId: started }) => {
      void navigate(paths.playbookRun.getHref(started));
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
  const open = state === 'confirming' || state === 'retrying';
  const close = () => actor.send({ type: 'retry.cancel' });
  return (
    <>
      <Button
        icon="redo"
        intent="primary"
        text={RETRY_FROM_HERE}
        onClick={() => actor.send({ type: 'retry.open' })}
      />
      <Dialog
        isOpen={open}
        title={`Retry from ${action.name}`}
        icon="redo"
        onClose={state === 'retrying' ? undefined : close}
      >
        <DialogBody>
          <p>
            A new run starts from <strong>{action.name}</strong> with the same parameters and
            resource, and runs every action after it.
          </p>
          {reused.length > 0 ? (
            <p>
              It reuses the results of {reused.length === 1 ? 'the action' : 'the actions'} before
              it: {reused.join(', ')}.
            </p>
          ) : (
            <p>No earlier action is reused: it is the first action of the run.</p>
          )}
          {error && (
            <Callout intent="danger" title="The run could not be retried">
              {error}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" disabled={state === 'retrying'} onClick={close} />
              <Button
                intent="primary"
                icon="redo"
                text="Retry"
                loading={state === 'retrying'}
                onClick={() => actor.send({ type: 'retry.confirm' })}
              />
            </>
          }
        />
      </Dialog>
    </>
  );
}

/** The run statuses a retry starts from. */
const RETRIED_STATUSES = new Set(['failed', 'timed_out']);

/**
 * Retry from here for one action of the page's run, when it applies: the action failed, the run
 * failed or timed out, and the user may run playbooks. The run and its actions are read from
 * the page's own queries (the same arguments, so no request of their own).
 */
export function ActionRetry({
  runId,
  action,
}: {
  runId: string;
  action: Pick<PlaybookRunAction, 'id' | 'name' | 'status'>;
}) {
  const canRun = useCan('playbook_runs', 'write');
  const run = useGetPlaybookRunQuery(runId).data?.run;
  const actions = useGetPlaybookRunActionsQuery(runId).data ?? [];
  if (!canRun || action.status !== 'failed' || !RETRIED_STATUSES.has(run?.status ?? '')) {
    return null;
  }
  const index = actions.findIndex((candidate) => candidate.id === action.id);
  const reused = actions.slice(0, Math.max(index, 0)).map((earlier) => earlier.name ?? '');
  return <RetryFromHere key={action.id} runId={runId} action={action} reused={reused} />;
}
