import { assign, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';

/** An external user as the merge names it. */
export interface MergeUser {
  id: string;
  name: string;
  email?: string | null;
}

/** The user merged away: its name, and how many access rows move with it. */
export interface MergeDuplicate extends MergeUser {
  accessCount: number;
}

export interface MergeExternalUsersInput {
  duplicate: MergeDuplicate;
}

/** What the `merge` actor is given. */
export interface MergeRequest {
  primaryId: string;
  duplicateId: string;
}

export interface MergeExternalUsersContext {
  duplicate: MergeDuplicate;
  /** The user to keep, once chosen. */
  primary: MergeUser | undefined;
  /** The server's reason the last merge failed. */
  error: string | undefined;
}

export type MergeExternalUsersEvent =
  /** The user to keep, or none (the choice cleared). */
  | { type: 'primary.choose'; primary: MergeUser | undefined }
  /** On to the confirmation (only with a user to keep). */
  | { type: 'next' }
  | { type: 'confirm' }
  | { type: 'retry' }
  | { type: 'back' }
  | { type: 'close' };

/** Said when a merge fails with nothing readable. */
export const MERGE_FAILED_MESSAGE = 'An error occurred';

/** The message of whatever the merge rejected with. */
export function mergeFailureMessage(error: unknown): string {
  return rejectionMessage(error, MERGE_FAILED_MESSAGE);
}

function notProvided(name: string): never {
  throw new Error(`mergeExternalUsers: provide the ${name} actor`);
}

/**
 * Merge two external users (Mission Control's `merge_external_users`), from the user merged
 * away (the input's `duplicate`):
 *
 * - `choosing`: the user to keep is chosen (`primary.choose`, never the duplicate itself);
 *   `next` goes on once one is.
 * - `confirming`: what will change is said; `confirm` merges, `back` returns to the choice.
 * - `merging`: the `merge` actor asks the server; `merged` (final; the `merged` effect refreshes
 *   the access lists) or `failed` with the server's reason.
 * - `failed`: `retry` merges again, `back` returns to the choice.
 * - `close` ends in `closed`, except while the merge runs.
 *
 * The console supplies the actor and the effect with `provide`.
 */
export const mergeExternalUsersMachine = setup({
  types: {
    input: {} as MergeExternalUsersInput,
    context: {} as MergeExternalUsersContext,
    events: {} as MergeExternalUsersEvent,
  },
  actors: {
    merge: fromPromise<string, MergeRequest>(async () => notProvided('merge')),
  },
  actions: {
    /** Effect supplied by the console: the access lists are refreshed. */
    merged: (_, _params: { primaryId: string }) => undefined,
    choose: assign((_, params: { primary: MergeUser | undefined }) => ({
      primary: params.primary,
    })),
    clearError: assign({ error: undefined }),
    recordError: assign((_, params: { message: string }) => ({ error: params.message })),
  },
  guards: {
    chosen: ({ context }) => context.primary !== undefined,
    /** The user to keep is another user. */
    another: ({ context }, params: { primary: MergeUser | undefined }) =>
      params.primary === undefined || params.primary.id !== context.duplicate.id,
  },
}).createMachine({
  id: 'mergeExternalUsers',
  initial: 'choosing',
  context: ({ input }) => ({ duplicate: input.duplicate, primary: undefined, error: undefined }),
  on: {
    close: '.closed',
  },
  states: {
    choosing: {
      on: {
        'primary.choose': {
          guard: { type: 'another', params: ({ event }) => ({ primary: event.primary }) },
          actions: { type: 'choose', params: ({ event }) => ({ primary: event.primary }) },
        },
        next: { guard: 'chosen', target: 'confirming' },
      },
    },
    confirming: {
      on: {
        confirm: 'merging',
        back: 'choosing',
      },
    },
    merging: {
      entry: 'clearError',
      invoke: {
        id: 'merge',
        src: 'merge',
        input: ({ context }) => ({
          primaryId: context.primary?.id ?? '',
          duplicateId: context.duplicate.id,
        }),
        onDone: {
          target: 'merged',
          actions: { type: 'merged', params: ({ event }) => ({ primaryId: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: {
            type: 'recordError',
            params: ({ event }) => ({ message: mergeFailureMessage(event.error) }),
          },
        },
      },
      // Closing while the merge runs waits for it.
      on: { close: {} },
    },
    failed: {
      on: {
        retry: 'merging',
        back: 'choosing',
      },
    },
    merged: { type: 'final' },
    closed: { type: 'final' },
  },
});
