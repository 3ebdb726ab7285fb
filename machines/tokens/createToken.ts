import type { EventObject } from 'xstate';
import { assign, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';

/**
 * The token form's values. The machine only keeps and passes them on: what they hold and when
 * they are valid belong to the feature (its `isValid` guard is supplied with `provide`).
 */
export type TokenDraft = object;

/** Shown when creation fails without a message of its own (spec 002 §8). */
export const CREATE_TOKEN_FAILED = 'Failed to create token';

export interface CreateTokenInput {
  /** The values the form starts with. */
  draft: TokenDraft;
}

export interface CreateTokenContext {
  /** The form's values: kept through a failure, so the user can try again. */
  draft: TokenDraft;
  /** The created token; only while the dialog shows it. */
  token: string | undefined;
  /** Whether the token is shown in clear rather than as dots. */
  revealed: boolean;
  /** Why the last attempt failed (state `failed`). */
  error: string | undefined;
}

export type CreateTokenEvent =
  | { type: 'token.submit'; draft: TokenDraft }
  | { type: 'token.reveal' }
  | { type: 'token.hide' }
  | { type: 'token.copy' }
  | { type: 'token.close' };

function notProvided(name: string): never {
  throw new Error(`The actor ${name} of createToken is not provided`);
}

/** The message of a failed creation: the error's own, else "Failed to create token". */
export function failureMessage(error: unknown): string {
  return rejectionMessage(error, CREATE_TOKEN_FAILED).trim();
}

function errorOf(event: EventObject): unknown {
  return 'error' in event ? event.error : undefined;
}

function outputOf(event: EventObject): unknown {
  return 'output' in event ? event.output : undefined;
}

/**
 * The token dialog: the form (`editing`), the request (`creating`), then either the token
 * (`created`, hidden as dots until revealed) or the form again with the failure (`failed`).
 * Closing from any state ends the machine (final state `closed`) and forgets the token. The
 * request, the copy to the clipboard and the notice are supplied by the feature with `provide`.
 */
export const createTokenMachine = setup({
  types: {
    context: {} as CreateTokenContext,
    events: {} as CreateTokenEvent,
    input: {} as CreateTokenInput,
  },
  actors: {
    /** Creates the token and resolves to its plain text. */
    createToken: fromPromise<string, TokenDraft>(async () => notProvided('createToken')),
  },
  actions: {
    /** Copies the token to the clipboard and says so. */
    copyToken: (_, _params: { token: string }) => undefined,

    storeDraft: assign(({ event }) =>
      event.type === 'token.submit' ? { draft: event.draft } : {},
    ),
    acceptToken: assign(({ event }) => {
      const token = outputOf(event);
      return { token: typeof token === 'string' ? token : '', revealed: false, error: undefined };
    }),
    recordFailure: assign(({ event }) => ({ error: failureMessage(errorOf(event)) })),
    reveal: assign({ revealed: true }),
    hide: assign({ revealed: false }),
    discard: assign({ token: undefined, revealed: false, error: undefined }),
  },
  guards: {
    /** Whether the submitted draft may be sent; the feature supplies its form's rule. */
    isValid: ({ event }) => event.type === 'token.submit',
  },
}).createMachine({
  id: 'createToken',
  context: ({ input }) => ({
    draft: input.draft,
    token: undefined,
    revealed: false,
    error: undefined,
  }),
  initial: 'editing',
  on: {
    'token.close': { target: '.closed' },
  },
  states: {
    editing: {
      on: {
        'token.submit': { guard: 'isValid', target: 'creating', actions: 'storeDraft' },
      },
    },
    creating: {
      invoke: {
        id: 'createToken',
        src: 'createToken',
        input: ({ context }) => context.draft,
        onDone: { target: 'created', actions: 'acceptToken' },
        onError: { target: 'failed', actions: 'recordFailure' },
      },
    },
    created: {
      on: {
        'token.reveal': { actions: 'reveal' },
        'token.hide': { actions: 'hide' },
        'token.copy': {
          actions: {
            type: 'copyToken',
            params: ({ context }) => ({ token: context.token ?? '' }),
          },
        },
      },
    },
    failed: {
      on: {
        'token.submit': { guard: 'isValid', target: 'creating', actions: 'storeDraft' },
      },
    },
    closed: {
      type: 'final',
      entry: 'discard',
    },
  },
});
