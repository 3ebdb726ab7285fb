import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import { useState } from 'react';
import type {
  BulkRunCheck,
  BulkRunCheckInput,
  BulkRunContext,
  BulkRunOutcome,
} from '../../../../machines/health/bulkRun';
import { bulkRunMachine } from '../../../../machines/health/bulkRun';
import { baseApi } from '../../../api/baseApi';
import { checksApi, runCheckInvalidates } from '../../../api/endpoints/checks';
import { toErrorMessage } from '../../../api/errors';
import { fromRequest } from '../../../api/machineRequest';
import { useAppDispatch } from '../../../shell/hooks';
import type { AppDispatch } from '../../../shell/rootReducer';
import { useInspect } from '../../../ui/inspect';
import { runOutcomeOf } from '../model/runOutcome';

/** A refused run, already in the user's words. */
class RunRefused extends Error {
  override readonly name = 'RunRefused';
}

/**
 * The machine's effects on RTK Query: each run is HEALTH-08 (without a toast or a reload of its
 * own), its answer read as passed or failed; once the runs are done, the checks that ran, their
 * histories and the health list are reloaded once.
 */
function createLogic(dispatch: AppDispatch) {
  return bulkRunMachine.provide({
    actors: {
      runCheck: runCheckActor(dispatch),
    },
    actions: {
      refreshChecks: (_, { checkIds }) => {
        if (checkIds.length === 0) return;
        dispatch(baseApi.util.invalidateTags(checkIds.flatMap(runCheckInvalidates)));
      },
    },
  });
}

function runCheckActor(dispatch: AppDispatch) {
  return fromRequest<BulkRunOutcome, BulkRunCheckInput>(
    (input) => {
      const request = dispatch(checksApi.endpoints.runCheckInBulk.initiate(input.checkId));
      return {
        abort: () => request.abort(),
        unwrap: async () => runOutcomeOf(await request.unwrap()),
      };
    },
    (error) => new RunRefused(toErrorMessage(error)),
  );
}

/** Where the flow is, as the dialog shows it. */
export type BulkRunPhase = 'ready' | 'running' | 'cancelling' | 'done';

export interface BulkRun {
  phase: BulkRunPhase;
  checks: readonly BulkRunCheck[];
  results: BulkRunContext['results'];
  start: () => void;
  cancel: () => void;
}

/** Run Selected for the checks given when the dialog opened: the bulk-run machine on RTK Query. */
export function useBulkRun(checks: readonly BulkRunCheck[]): BulkRun {
  const dispatch = useAppDispatch();
  const [logic] = useState(() => createLogic(dispatch));
  const inspect = useInspect();
  const actor = useActorRef(logic, { input: { checks }, inspect });
  const phase = useActorSelector(actor, (snapshot) => snapshot.value as BulkRunPhase);
  const results = useActorSelector(actor, (snapshot) => snapshot.context.results);
  return {
    phase,
    checks,
    results,
    start: () => actor.send({ type: 'bulk.start' }),
    cancel: () => actor.send({ type: 'bulk.cancel' }),
  };
}
