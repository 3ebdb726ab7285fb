import { assign, emit, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';

export interface RetryFromActionInput {
  /** The failed run. */
  runId: string;
  /** Its failed action, the one the new run starts from. */
  actionId: string;
}

/** What the `startRetry` actor is given. */
export type StartRetryInput = RetryFromActionInput;

/** What the `startRetry` actor answers: the new run. */
export interface RetryStarted {
  run_id: string;
}

export interface RetryFromActionContext extends RetryFromActionInput {
  /** Why the last attempt was refused, in the user's words; cleared when one starts. */
  error: string | undefined;
  /** The new run, once the server made it. */
  newRunId: string | undefined;
}

export type RetryFromActionEvent =
  { type: 'retry.open' } | { type: 'retry.confirm' } | { type: 'retry.cancel' };

/** The new run was made; the console opens it. */
export type RetryFromActionEmitted = { type: 'retry.started'; runId: string };

/** Said when a refusal carries no message of its own. */
export const RETRY_FAILED_MESSAGE = 'The run could not be retried';

export function retryFailureMessage(error: unknown): string {
  return rejectionMessage(error, RETRY_FAILED_MESSAGE);
}

function notProvided(name: string): never {
  throw new Error(`retryFromAction: provide the ${name} actor`);
}

/**
 * "Retry from here" on a failed action of a failed run:
 *
 * - `idle`: `retry.open` asks for a confirmation
 * - `confirming`: the dialog says what the retry reuses and what it runs again; `retry.confirm`
 *   starts it, `retry.cancel` closes the dialog (and forgets a refusal)
 * - `retrying`: the `startRetry` actor asks the backend for the new run. A refusal goes back to
 *   `confirming` with the server's reason in `error`, so the user can try again or cancel
 * - `started`: the new run exists (`newRunId`); `retry.started` was emitted and the console
 *   opens it
 *
 * The actor is supplied by the console with `provide`.
 */
export const retryFromActionMachine = setup({
  types: {
    input: {} as RetryFromActionInput,
    context: {} as RetryFromActionContext,
    events: {} as RetryFromActionEvent,
    emitted: {} as RetryFromActionEmitted,
  },
  actors: {
    startRetry: fromPromise<RetryStarted, StartRetryInput>(async () => notProvided('startRetry')),
  },
  actions: {
    clearError: assign({ error: undefined }),
    recordFailure: assign((_, params: { message: string }) => ({ error: params.message })),
    recordRun: assign((_, params: { runId: string }) => ({ newRunId: params.runId })),
    announceRun: emit((_, params: { runId: string }) => ({
      type: 'retry.started' as const,
      runId: params.runId,
    })),
  },
}).createMachine({
  id: 'retryFromAction',
  initial: 'idle',
  context: ({ input }) => ({
    runId: input.runId,
    actionId: input.actionId,
    error: undefined,
    newRunId: undefined,
  }),
  states: {
    idle: {
      on: { 'retry.open': 'confirming' },
    },
    confirming: {
      on: {
        'retry.confirm': 'retrying',
        'retry.cancel': { target: 'idle', actions: 'clearError' },
      },
    },
    retrying: {
      entry: 'clearError',
      invoke: {
        id: 'startRetry',
        src: 'startRetry',
        input: ({ context }) => ({ runId: context.runId, actionId: context.actionId }),
        onDone: {
          target: 'started',
          actions: [
            { type: 'recordRun', params: ({ event }) => ({ runId: event.output.run_id }) },
            { type: 'announceRun', params: ({ event }) => ({ runId: event.output.run_id }) },
          ],
        },
        onError: {
          target: 'confirming',
          actions: {
            type: 'recordFailure',
            params: ({ event }) => ({ message: retryFailureMessage(event.error) }),
          },
        },
      },
    },
    started: { type: 'final' },
  },
});
