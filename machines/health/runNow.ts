import { assign, emit, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';

export interface RunNowInput {
  /** The check to run. */
  checkId: string;
}

/** What the `runCheck` and `refreshCheck` actors are given. */
export interface RunCheckInput {
  checkId: string;
}

export interface RunNowContext {
  checkId: string;
  /** Successful runs so far; views keyed on it reload. */
  refreshCount: number;
  /** Why the last run failed, in the user's words; cleared when a run starts. */
  error: string | undefined;
}

export type RunNowEvent = { type: 'check.run' };

export type RunNowEmitted =
  /** The run failed; the console shows `message` in a toast. */
  | { type: 'run.failed'; message: string }
  /** The run succeeded and the check is being reloaded. */
  | { type: 'run.succeeded'; refreshCount: number };

/** Said when a failure carries no message of its own. */
export const RUN_FAILED_MESSAGE = 'An error occurred';

/**
 * The message of whatever the `runCheck` actor rejected with. The console's actor rejects with
 * an error whose `message` is already in the user's words (its error mapper made it).
 */
export function runFailureMessage(error: unknown): string {
  return rejectionMessage(error, RUN_FAILED_MESSAGE);
}

function notProvided(name: string): never {
  throw new Error(`runNow: provide the ${name} actor`);
}

/**
 * Run a check now (HEALTH-08), then reload it:
 *
 * - `idle`: `check.run` starts a run
 * - `running`: the `runCheck` actor asks the backend to run the check. A failure goes back to
 *   `idle`, keeps the message in `error` and emits `run.failed` for a toast
 * - `refreshing`: the run succeeded; `refreshCount` went up, `run.succeeded` was emitted and
 *   the `refreshCheck` actor reloads the check (and with it its history). Back to `idle`
 *   whether or not the reload worked: the views show their own errors
 *
 * Both actors are supplied by the console with `provide`.
 */
export const runNowMachine = setup({
  types: {
    input: {} as RunNowInput,
    context: {} as RunNowContext,
    events: {} as RunNowEvent,
    emitted: {} as RunNowEmitted,
  },
  actors: {
    runCheck: fromPromise<unknown, RunCheckInput>(async () => notProvided('runCheck')),
    refreshCheck: fromPromise<unknown, RunCheckInput>(async () => notProvided('refreshCheck')),
  },
  actions: {
    clearError: assign({ error: undefined }),
    recordFailure: assign((_, params: { message: string }) => ({ error: params.message })),
    announceFailure: emit((_, params: { message: string }) => ({
      type: 'run.failed' as const,
      message: params.message,
    })),
    countRefresh: assign(({ context }) => ({ refreshCount: context.refreshCount + 1 })),
    announceSuccess: emit(({ context }) => ({
      type: 'run.succeeded' as const,
      refreshCount: context.refreshCount,
    })),
  },
}).createMachine({
  id: 'runNow',
  initial: 'idle',
  context: ({ input }) => ({ checkId: input.checkId, refreshCount: 0, error: undefined }),
  states: {
    idle: {
      on: { 'check.run': 'running' },
    },
    running: {
      entry: 'clearError',
      invoke: {
        id: 'runCheck',
        src: 'runCheck',
        input: ({ context }) => ({ checkId: context.checkId }),
        onDone: { target: 'refreshing', actions: ['countRefresh', 'announceSuccess'] },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'recordFailure',
              params: ({ event }) => ({ message: runFailureMessage(event.error) }),
            },
            {
              type: 'announceFailure',
              params: ({ event }) => ({ message: runFailureMessage(event.error) }),
            },
          ],
        },
      },
    },
    refreshing: {
      invoke: {
        id: 'refreshCheck',
        src: 'refreshCheck',
        input: ({ context }) => ({ checkId: context.checkId }),
        onDone: 'idle',
        onError: 'idle',
      },
    },
  },
});
