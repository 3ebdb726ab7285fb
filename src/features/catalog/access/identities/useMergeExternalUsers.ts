import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import type {
  MergeDuplicate,
  MergeExternalUsersContext,
  MergeRequest,
  MergeUser,
} from '../../../../../machines/access/mergeExternalUsers';
import { mergeExternalUsersMachine } from '../../../../../machines/access/mergeExternalUsers';
import { configAccessApi } from '../../../../api/endpoints/configAccess';
import { fromRequest } from '../../../../api/machineRequest';
import { outcomeAnnounced } from '../../../../api/outcomes';
import { useAppDispatch } from '../../../../shell/hooks';
import type { AppDispatch } from '../../../../shell/rootReducer';
import { useInspect } from '../../../../ui/inspect';
import { IDENTITY_TEXT } from './identityText';

/**
 * The machine's actor and effect on RTK Query: the merge is `rpc/merge_external_users` (whose
 * mutation refreshes the access lists); once merged, a toast says which user was kept.
 */
function createMergeLogic(dispatch: AppDispatch) {
  return mergeExternalUsersMachine.provide({
    actors: {
      merge: fromRequest<string, MergeRequest>((request) =>
        dispatch(configAccessApi.endpoints.mergeExternalUsers.initiate(request)),
      ),
    },
  });
}

export type MergePhase = 'choosing' | 'confirming' | 'merging' | 'failed' | 'merged' | 'closed';

export interface MergeExternalUsers {
  phase: MergePhase;
  context: MergeExternalUsersContext;
  choose: (primary: MergeUser | undefined) => void;
  next: () => void;
  confirm: () => void;
  retry: () => void;
  back: () => void;
  close: () => void;
}

/**
 * The merge of `duplicate` into a user chosen in the dialog: the `mergeExternalUsers` machine
 * with its request on RTK Query. `onClose` is called once the flow ends (merged or closed).
 */
export function useMergeExternalUsers(
  duplicate: MergeDuplicate,
  onClose: () => void,
): MergeExternalUsers {
  const dispatch = useAppDispatch();
  const [logic] = useState(() => createMergeLogic(dispatch));
  const [input] = useState(() => ({ duplicate }));
  const inspect = useInspect();
  const actor = useActorRef(logic, { input, inspect });
  const phase = useSelector(actor, (snapshot) => snapshot.value as MergePhase);
  const context = useSelector(actor, (snapshot) => snapshot.context);

  useEffect(() => {
    if (phase === 'merged') {
      const { primary } = actor.getSnapshot().context;
      dispatch(
        outcomeAnnounced({
          kind: 'success',
          message: IDENTITY_TEXT.merged(duplicate.name, primary?.name ?? ''),
        }),
      );
    }
    if (phase === 'merged' || phase === 'closed') onClose();
  }, [phase, actor, dispatch, duplicate.name, onClose]);

  return useMemo(
    () => ({
      phase,
      context,
      choose: (primary) => actor.send({ type: 'primary.choose', primary }),
      next: () => actor.send({ type: 'next' }),
      confirm: () => actor.send({ type: 'confirm' }),
      retry: () => actor.send({ type: 'retry' }),
      back: () => actor.send({ type: 'back' }),
      close: () => actor.send({ type: 'close' }),
    }),
    [actor, phase, context],
  );
}
