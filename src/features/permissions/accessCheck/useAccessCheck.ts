import { useActorRef, useSelector as useActorSelector } from '@xstate/react';
import { useState } from 'react';
import type { AccessAnswer, AccessQuestion } from '../../../../machines/permissions/accessCheck';
import { accessCheckMachine, questionComplete } from '../../../../machines/permissions/accessCheck';
import { permissionsApi } from '../../../api/endpoints/permissions';
import { toErrorMessage } from '../../../api/errors';
import { fromRequest } from '../../../api/machineRequest';
import { useAppDispatch } from '../../../shell/hooks';
import type { AppDispatch } from '../../../shell/rootReducer';
import { useInspect } from '../../../ui/inspect';
import { answerOf, questionChanges, reviewRequest } from '../model/accessCheck';

/** A failure already in the user's words, for the machine to show. */
class AccessCheckFailure extends Error {
  override readonly name = 'AccessCheckFailure';
}

/** The machine's actor on RTK Query: the access review, read back for the one subject. */
function createLogic(dispatch: AppDispatch) {
  return accessCheckMachine.provide({
    actors: {
      reviewAccess: fromRequest<AccessAnswer, AccessQuestion>(
        (question) => {
          const request = dispatch(
            permissionsApi.endpoints.reviewSubjectAccess.initiate(reviewRequest(question)),
          );
          return {
            abort: () => request.abort(),
            unwrap: async () => answerOf(await request.unwrap(), question.subject ?? ''),
          };
        },
        (error) => new AccessCheckFailure(toErrorMessage(error)),
      ),
    },
  });
}

/** Where the check is, for the dialog. */
export type AccessCheckPhase = 'choosing' | 'checking' | 'answered' | 'failed';

export interface AccessCheck {
  phase: AccessCheckPhase;
  question: AccessQuestion;
  /** The question can be asked. */
  complete: boolean;
  answer: AccessAnswer | undefined;
  /** Why the last check failed, in the user's words. */
  error: string | undefined;
  change: (changes: Partial<AccessQuestion>) => void;
  submit: () => void;
  retry: () => void;
}

/** The access check machine with its actor on RTK Query, started with `question`. */
export function useAccessCheck(question: AccessQuestion): AccessCheck {
  const dispatch = useAppDispatch();
  const [logic] = useState(() => createLogic(dispatch));
  const inspect = useInspect();
  const actor = useActorRef(logic, { input: { question }, inspect });
  const phase = useActorSelector(actor, (snapshot) => snapshot.value as AccessCheckPhase);
  const current = useActorSelector(actor, (snapshot) => snapshot.context.question);
  const answer = useActorSelector(actor, (snapshot) => snapshot.context.answer);
  const error = useActorSelector(actor, (snapshot) => snapshot.context.error);
  return {
    phase,
    question: current,
    complete: questionComplete(current),
    answer,
    error,
    change: (changes) =>
      actor.send({ type: 'question.change', changes: questionChanges(current, changes) }),
    submit: () => actor.send({ type: 'check.submit' }),
    retry: () => actor.send({ type: 'check.retry' }),
  };
}
