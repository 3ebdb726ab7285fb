import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise } from 'xstate';
import type { GrantChange } from '../../../../machines/permissions/subjectGrant';
import { subjectGrantMachine } from '../../../../machines/permissions/subjectGrant';
import { permissionsApi } from '../../../api/endpoints/permissions';
import { toErrorMessage } from '../../../api/errors';
import { settleWithSignal } from '../../../api/machineRequest';
import { useAppDispatch } from '../../../shell/hooks';
import type { AppDispatch } from '../../../shell/rootReducer';
import { useInspect } from '../../../ui/inspect';
import type { SubjectKind } from '../model/inference';
import { grantInput } from '../model/subjectAccess';

/** A failure already in the user's words, for the machine to show. */
class GrantFailure extends Error {
  override readonly name = 'GrantFailure';
}

/**
 * The machine's actor on RTK Query: an allow or deny creates the subject's permission row
 * (PERM-02), a removal deletes the rows that name the subject (PERM-04), one after another.
 * The writes invalidate the permissions' tags, so the matrix refetches.
 */
function createLogic(dispatch: AppDispatch, kind: SubjectKind | undefined) {
  return subjectGrantMachine.provide({
    actors: {
      applyGrant: fromPromise<void, GrantChange>(async ({ input, signal }) => {
        try {
          if (input.kind === 'remove') {
            for (const id of input.permissionIds) {
              await settleWithSignal(
                dispatch(permissionsApi.endpoints.deletePermission.initiate(id)),
                signal,
              );
            }
            return;
          }
          if (!kind) throw new Error('This subject cannot be given permissions here.');
          await settleWithSignal(
            dispatch(permissionsApi.endpoints.createPermission.initiate(grantInput(input, kind))),
            signal,
          );
        } catch (error) {
          throw new GrantFailure(toErrorMessage(error));
        }
      }),
    },
  });
}

/** Where the change is, for the cell's details. */
export type SubjectGrantPhase = 'idle' | 'confirming' | 'saving' | 'saved' | 'failed';

export interface SubjectGrant {
  phase: SubjectGrantPhase;
  change: GrantChange | undefined;
  /** Why the last save failed, in the user's words. */
  error: string | undefined;
  start: (change: GrantChange) => void;
  confirm: () => void;
  retry: () => void;
  cancel: () => void;
}

/** The subjectGrant machine with its actor on RTK Query, for a subject of this permission kind. */
export function useSubjectGrant(kind: SubjectKind | undefined): SubjectGrant {
  const dispatch = useAppDispatch();
  // The details of one cell of one subject: the subject's kind does not change while open.
  const [logic] = useState(() => createLogic(dispatch, kind));
  const inspect = useInspect();
  const actor = useActorRef(logic, { inspect });
  const phase = useActorSelector(actor, (snapshot) => snapshot.value as SubjectGrantPhase);
  const change = useActorSelector(actor, (snapshot) => snapshot.context.change);
  const error = useActorSelector(actor, (snapshot) => snapshot.context.error);
  return {
    phase,
    change,
    error,
    start: (next) => actor.send({ type: 'grant.start', change: next }),
    confirm: () => actor.send({ type: 'grant.confirm' }),
    retry: () => actor.send({ type: 'grant.retry' }),
    cancel: () => actor.send({ type: 'grant.cancel' }),
  };
}
