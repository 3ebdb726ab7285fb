import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { rejectionMessage } from '../failureMessage';
import { RUN_FAILED_MESSAGE } from './runNow';

/** A check to run, as the list names it. */
export interface BulkRunCheck {
  id: string;
  name: string;
}

export interface BulkRunInput {
  /** The checks to run, in the order they start. */
  checks: readonly BulkRunCheck[];
  /** How many runs may be under way at once. Default `BULK_RUN_LIMIT`. */
  limit?: number;
}

/** What the `runCheck` actor is given. */
export interface BulkRunCheckInput {
  checkId: string;
}

/**
 * What the `runCheck` actor answers: whether the check passed (null when the answer does not
 * say), and its message.
 */
export interface BulkRunOutcome {
  passed: boolean | null;
  message?: string;
}

/**
 * Where a check stands: waiting for its turn, running, passed or failed (it ran), refused (the
 * run could not be asked: the server's reason in `message`), or not run (cancelled first).
 */
export type BulkRunStatus =
  'queued' | 'running' | 'passed' | 'failed' | 'ran' | 'refused' | 'skipped';

export interface BulkRunResult {
  status: BulkRunStatus;
  /** The check's message, or why the run was refused. */
  message?: string;
}

export interface BulkRunContext {
  checks: readonly BulkRunCheck[];
  limit: number;
  /** Each check's standing, by id. */
  results: Readonly<Record<string, BulkRunResult>>;
}

export type BulkRunEvent = { type: 'bulk.start' } | { type: 'bulk.cancel' };

/** Runs at most this many checks at once. */
export const BULK_RUN_LIMIT = 4;

/** The id of the child actor running a check. */
export function runActorId(checkId: string): string {
  return `run:${checkId}`;
}

const RUN_PREFIX = 'run:';

/** The checks in each standing, counted. */
export function bulkRunCounts(context: Pick<BulkRunContext, 'results'>) {
  const counts: Record<BulkRunStatus, number> = {
    queued: 0,
    running: 0,
    passed: 0,
    failed: 0,
    ran: 0,
    refused: 0,
    skipped: 0,
  };
  for (const result of Object.values(context.results)) counts[result.status] += 1;
  return counts;
}

/** The check of a run's answer, from the child actor's id. */
function answeredCheck(event: { actorId?: string; type: string }): string {
  const actorId = event.actorId ?? event.type.replace(/^xstate\.(done|error)\.actor\./, '');
  return actorId.startsWith(RUN_PREFIX) ? actorId.slice(RUN_PREFIX.length) : actorId;
}

type RunAnswer = DoneActorEvent<BulkRunOutcome> | ErrorActorEvent;

function isError(event: RunAnswer): event is ErrorActorEvent {
  return event.type.startsWith('xstate.error.actor.');
}

/** The standing a run's answer gives its check. */
function resultOf(event: RunAnswer): BulkRunResult {
  if (isError(event)) {
    return { status: 'refused', message: rejectionMessage(event.error, RUN_FAILED_MESSAGE) };
  }
  const { passed, message } = event.output ?? { passed: null };
  const status = passed === true ? 'passed' : passed === false ? 'failed' : 'ran';
  return message ? { status, message } : { status };
}

/** Whether the answered check was the last one under way and none waits. */
function isLastAnswer(context: BulkRunContext, event: RunAnswer, waiting: boolean): boolean {
  const counts = bulkRunCounts(context);
  const answered = context.results[answeredCheck(event)];
  return (
    answered?.status === 'running' && counts.running === 1 && (!waiting || counts.queued === 0)
  );
}

function notProvided(name: string): never {
  throw new Error(`bulkRun: provide the ${name} actor`);
}

/** A run's answer while runs start: the last one ends the flow, any other starts the next. */
const RUNNING_ANSWER = [
  { guard: 'lastRunning', target: '#bulkRun.done', actions: 'recordAnswer' },
  { actions: ['recordAnswer', 'startRuns'] },
] as const;

/** A run's answer after a cancel: the last one ends the flow. */
const CANCELLING_ANSWER = [
  { guard: 'lastCancelling', target: '#bulkRun.done', actions: 'recordAnswer' },
  { actions: 'recordAnswer' },
] as const;

/**
 * Runs many checks (HEALTH-08 each), at most `limit` at a time:
 *
 * - `ready`: the checks are listed; `bulk.start` starts the runs
 * - `running`: up to `limit` `runCheck` actors run at once; each answer records its check's
 *   result and starts the next queued check. `bulk.cancel` marks the queued checks not run
 *   (there is always a run under way here: the last answer leaves for `done`)
 * - `cancelling`: no new run starts; the runs under way still answer
 * - `done`: every run answered; `refreshChecks` is given the checks that ran, so the console
 *   reloads what they changed
 *
 * The `runCheck` actor and the `refreshChecks` action are supplied by the console.
 */
export const bulkRunMachine = setup({
  types: {
    input: {} as BulkRunInput,
    context: {} as BulkRunContext,
    // The runs' answers are named by their actor's id, so they are taken by wildcard.
    events: {} as BulkRunEvent | RunAnswer,
  },
  actors: {
    runCheck: fromPromise<BulkRunOutcome, BulkRunCheckInput>(async () => notProvided('runCheck')),
  },
  actions: {
    startRuns: enqueueActions(({ context, enqueue }) => {
      const { running } = bulkRunCounts(context);
      const next = context.checks
        .filter((check) => context.results[check.id]?.status === 'queued')
        .slice(0, Math.max(0, context.limit - running));
      if (next.length === 0) return;
      const results = { ...context.results };
      for (const check of next) {
        results[check.id] = { status: 'running' };
        enqueue.spawnChild('runCheck', {
          id: runActorId(check.id),
          input: { checkId: check.id },
        });
      }
      enqueue.assign({ results });
    }),
    recordAnswer: assign(({ context, event }) => {
      const answer = event as unknown as RunAnswer;
      const checkId = answeredCheck(answer);
      if (context.results[checkId]?.status !== 'running') return {};
      return { results: { ...context.results, [checkId]: resultOf(answer) } };
    }),
    skipQueued: assign(({ context }) => {
      const results = { ...context.results };
      for (const [id, result] of Object.entries(results)) {
        if (result.status === 'queued') results[id] = { status: 'skipped' };
      }
      return { results };
    }),
    /** Reloads what the runs changed: given the checks that ran. */
    refreshChecks: (_, _params: { checkIds: string[] }) => undefined,
  },
  guards: {
    lastRunning: ({ context, event }) => isLastAnswer(context, event as unknown as RunAnswer, true),
    lastCancelling: ({ context, event }) =>
      isLastAnswer(context, event as unknown as RunAnswer, false),
  },
}).createMachine({
  id: 'bulkRun',
  initial: 'ready',
  context: ({ input }) => ({
    checks: input.checks,
    limit: Math.max(1, input.limit ?? BULK_RUN_LIMIT),
    results: Object.fromEntries(
      input.checks.map((check) => [check.id, { status: 'queued' as const }]),
    ),
  }),
  states: {
    ready: {
      on: { 'bulk.start': { target: 'running', actions: 'startRuns' } },
    },
    running: {
      on: {
        'xstate.done.actor.*': RUNNING_ANSWER,
        'xstate.error.actor.*': RUNNING_ANSWER,
        'bulk.cancel': { target: 'cancelling', actions: 'skipQueued' },
      },
    },
    cancelling: {
      on: {
        'xstate.done.actor.*': CANCELLING_ANSWER,
        'xstate.error.actor.*': CANCELLING_ANSWER,
      },
    },
    done: {
      type: 'final',
      entry: {
        type: 'refreshChecks',
        params: ({ context }) => ({
          checkIds: context.checks
            .map((check) => check.id)
            .filter((id) => {
              const status = context.results[id]?.status;
              return status === 'passed' || status === 'failed' || status === 'ran';
            }),
        }),
      },
    },
  },
});
