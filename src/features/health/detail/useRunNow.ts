import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import { useState } from 'react';
import type { RunCheckInput } from '../../../../machines/health/runNow';
import { runNowMachine } from '../../../../machines/health/runNow';
import { checksApi } from '../../../api/endpoints/checks';
import { fromRequest } from '../../../api/machineRequest';
import { toErrorMessage } from '../../../api/errors';
import { useInspect } from '../../../ui/inspect';
import { useAppDispatch } from '../../../shell/hooks';
import type { AppDispatch } from '../../../shell/rootReducer';

/** A failure already in the user's words, for the machine to show. */
class RunCheckFailure extends Error {
  override readonly name = 'RunCheckFailure';
}

/**
 * The machine's actors on RTK Query: `runCheck` is the HEALTH-08 mutation (whose success
 * invalidates the check, its graph and its history); `refreshCheck` reloads the check.
 */
function createLogic(dispatch: AppDispatch) {
  return runNowMachine.provide({
    actors: {
      runCheck: fromRequest<unknown, RunCheckInput>(
        (input) => dispatch(checksApi.endpoints.runCheck.initiate(input.checkId)),
        (error) => new RunCheckFailure(toErrorMessage(error)),
      ),
      refreshCheck: fromRequest<unknown, RunCheckInput>((input) =>
        dispatch(
          checksApi.endpoints.getCheckDetail.initiate(input.checkId, {
            subscribe: false,
            forceRefetch: true,
          }),
        ),
      ),
    },
  });
}

export interface RunNow {
  /** A run or the reload after it is under way. */
  busy: boolean;
  /** Successful runs since the dialog opened. */
  refreshCount: number;
  run: () => void;
}

/**
 * Run Now for one check: the run-now machine with its actors on RTK Query. A failure shows the
 * server's message in a toast (the endpoint's outcome); a success invalidates the check, its history and the health list
 * (the run's own tags).
 */
export function useRunNow(checkId: string): RunNow {
  const dispatch = useAppDispatch();
  const [logic] = useState(() => createLogic(dispatch));
  const inspect = useInspect();
  const actor = useActorRef(logic, { input: { checkId }, inspect });
  const busy = useActorSelector(actor, (snapshot) => !snapshot.matches('idle'));
  const refreshCount = useActorSelector(actor, (snapshot) => snapshot.context.refreshCount);

  return { busy, refreshCount, run: () => actor.send({ type: 'check.run' }) };
}
