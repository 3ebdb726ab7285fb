import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import { useState } from 'react';
import type { ChosenScope, ScopeProbe } from '../../../../machines/auth/scopeImpersonation';
import { scopeImpersonationMachine } from '../../../../machines/auth/scopeImpersonation';
import { scopesApi } from '../../../api/endpoints/scopes';
import { toErrorMessage } from '../../../api/errors';
import { fromRequest } from '../../../api/machineRequest';
import { impersonationStarted } from '../../../auth/impersonationSlice';
import { useAppDispatch, useAppSelector } from '../../../shell/hooks';
import type { AppDispatch } from '../../../shell/rootReducer';
import { useInspect } from '../../../ui/inspect';

/** A refusal already in the user's words, for the machine to show. */
class ViewAsScopeFailure extends Error {
  override readonly name = 'ViewAsScopeFailure';
}

/** The machine's actor on RTK Query: the catalog's count asked with the Scopes' header. */
function createLogic(dispatch: AppDispatch) {
  return scopeImpersonationMachine.provide({
    actors: {
      probe: fromRequest<ScopeProbe, ChosenScope[]>(
        (scopes) => {
          const request = dispatch(
            scopesApi.endpoints.probeScopes.initiate(scopes.map((scope) => scope.id)),
          );
          return { abort: () => request.abort(), unwrap: () => request.unwrap() };
        },
        (error) => new ViewAsScopeFailure(toErrorMessage(error)),
      ),
    },
  });
}

export type ViewAsScopePhase = 'choosing' | 'probing' | 'failed' | 'started';

export interface ViewAsScope {
  phase: ViewAsScopePhase;
  scopes: ChosenScope[];
  error: string | undefined;
  change: (scopes: ChosenScope[]) => void;
  submit: () => void;
  retry: () => void;
}

/**
 * The "View as scope" machine with its actor on RTK Query; when the backend has answered for the
 * chosen Scopes, the console is seen as them (and `onStarted` is called).
 */
export function useViewAsScope(onStarted: () => void): ViewAsScope {
  const dispatch = useAppDispatch();
  const userId = useAppSelector((state) => state.session.user?.id);
  const current = useAppSelector((state) => state.impersonation.scopes);
  const [logic] = useState(() => createLogic(dispatch));
  const inspect = useInspect();
  const actor = useActorRef(logic, { input: { scopes: current }, inspect }, (snapshot) => {
    if (snapshot.status === 'done' && snapshot.output) {
      dispatch(impersonationStarted({ scopes: snapshot.output.scopes, userId }));
      onStarted();
    }
  });
  const phase = useActorSelector(actor, (snapshot) => snapshot.value as ViewAsScopePhase);
  const scopes = useActorSelector(actor, (snapshot) => snapshot.context.scopes);
  const error = useActorSelector(actor, (snapshot) => snapshot.context.error);
  return {
    phase,
    scopes,
    error,
    change: (next) => actor.send({ type: 'scopes.change', scopes: next }),
    submit: () => actor.send({ type: 'impersonation.submit' }),
    retry: () => actor.send({ type: 'impersonation.retry' }),
  };
}
