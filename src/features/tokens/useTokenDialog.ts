import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { CREATE_TOKEN_FAILED, createTokenMachine } from '../../../machines/tokens/createToken';
import type { TokenDialogMode, TokenDraft } from './model/tokenDraft';
import { createTokenRequest, emptyTokenDraft, submitsValidDraft } from './model/tokenDraft';
import { TOKEN_CREATED, tokensApi } from '../../api/endpoints/tokens';
import { isApiError, messageFromBody } from '../../api/errors';
import { fromRequest } from '../../api/machineRequest';
import { copyToClipboard } from '../../ui/clipboard';
import { useInspect } from '../../ui/inspect';
import { useAppDispatch } from '../../shell/hooks';
import type { AppDispatch } from '../../shell/rootReducer';

export const TOKEN_MESSAGES = {
  created: TOKEN_CREATED,
  copied: 'Token copied to clipboard',
} as const;

/**
 * The message of a failed creation: what the server said, else "Failed to create token". A
 * request that got no answer says why (timeout, network, offline).
 */
export function createTokenFailure(error: unknown): string {
  if (!isApiError(error)) return CREATE_TOKEN_FAILED;
  if (typeof error.status === 'number') return messageFromBody(error.data) ?? CREATE_TOKEN_FAILED;
  return error.message;
}

function createLogic(dispatch: AppDispatch) {
  return createTokenMachine.provide({
    guards: { isValid: submitsValidDraft },
    actors: {
      createToken: fromRequest<string, object>(
        (draft) =>
          dispatch(
            tokensApi.endpoints.createToken.initiate(createTokenRequest(draft as TokenDraft)),
          ),
        (error) => new Error(createTokenFailure(error)),
      ),
    },
    actions: {
      copyToken: (_, { token }) => void copyToClipboard(token, TOKEN_MESSAGES.copied),
    },
  });
}

/** What the token dialog shows. */
export type TokenDialogPhase = 'editing' | 'creating' | 'created' | 'failed' | 'closed';

export interface TokenDialogView {
  phase: TokenDialogPhase;
  /** The form's values: the initial ones, then the last ones sent. */
  draft: TokenDraft;
  /** The created token (phase `created`). */
  token: string | undefined;
  revealed: boolean;
  /** Why creation failed (phase `failed`). */
  error: string | undefined;
  submit: (draft: TokenDraft) => void;
  reveal: () => void;
  hide: () => void;
  copy: () => void;
  close: () => void;
}

/**
 * Runs the token dialog machine: the create call through RTK Query (aborted when the dialog
 * closes mid-request), and the clipboard (the created toast is the endpoint's outcome). `onClose` is called once the dialog is
 * closed, with the token forgotten.
 */
export function useTokenDialog(mode: TokenDialogMode, onClose: () => void): TokenDialogView {
  const dispatch = useAppDispatch();
  const [logic] = useState(() => createLogic(dispatch));
  const [input] = useState(() => ({ draft: emptyTokenDraft(mode) }));
  const inspect = useInspect();
  const actor = useActorRef(logic, { input, inspect });
  const snapshot = useSelector(actor, (state) => state);

  const submit = useCallback(
    (draft: TokenDraft) => actor.send({ type: 'token.submit', draft }),
    [actor],
  );
  const reveal = useCallback(() => actor.send({ type: 'token.reveal' }), [actor]);
  const hide = useCallback(() => actor.send({ type: 'token.hide' }), [actor]);
  const copy = useCallback(() => actor.send({ type: 'token.copy' }), [actor]);
  const close = useCallback(() => actor.send({ type: 'token.close' }), [actor]);

  const phase = snapshot.value as TokenDialogPhase;
  useEffect(() => {
    if (phase === 'closed') onClose();
  }, [phase, onClose]);

  const { token, revealed, error } = snapshot.context;
  return {
    phase,
    draft: snapshot.context.draft as TokenDraft,
    token,
    revealed,
    error,
    submit,
    reveal,
    hide,
    copy,
    close,
  };
}
