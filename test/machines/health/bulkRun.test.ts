import type { AnyEventObject } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type {
  BulkRunCheckInput,
  BulkRunInput,
  BulkRunOutcome,
} from '../../../machines/health/bulkRun';
import {
  BULK_RUN_LIMIT,
  bulkRunCounts,
  bulkRunMachine,
  runActorId,
} from '../../../machines/health/bulkRun';
import { httpError } from '../../../src/api/errors';
import {
  itCoversEveryStateAndTransition,
  itReplaysStateAndTransitionPaths,
} from '../../support/generatedPaths';
import type { MachinePath } from '../../support/machinePaths';
import { generatePaths } from '../../support/machinePaths';
import type { BulkRunSnapshot } from '../../support/bulkRunModel';
import { bulkRunEvents, bulkRunKey as key, oldestRunning } from '../../support/bulkRunModel';
import { describePath as describeSteps, flush, inertMachine } from '../../support/machineReplay';

type Snapshot = BulkRunSnapshot;
type Path = MachinePath<Snapshot>;

/** Five checks: one more than runs at once. */
const CHECKS = ['c1', 'c2', 'c3', 'c4', 'c5'].map((id) => ({ id, name: `check ${id}` }));
const INPUT: BulkRunInput = { checks: CHECKS };

const done = (checkId: string, output: BulkRunOutcome): AnyEventObject => ({
  type: `xstate.done.actor.${runActorId(checkId)}`,
  actorId: runActorId(checkId),
  output,
});
const failed = (checkId: string, error: unknown): AnyEventObject => ({
  type: `xstate.error.actor.${runActorId(checkId)}`,
  actorId: runActorId(checkId),
  error,
});

/**
 * What can happen: the user's start and cancel, and the answer of the oldest run under way
 * (passed, failed, an answer that does not say, refused by the server).
 */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const oldest = oldestRunning(snapshot);
  const answers = oldest
    ? [
        done(oldest, { passed: true }),
        done(oldest, { passed: false, message: 'connection refused' }),
        done(oldest, { passed: null }),
        failed(oldest, httpError(500, { error: 'canary runner is busy' })),
      ]
    : [];
  return bulkRunEvents(snapshot, answers);
}

const traversal = { input: INPUT, events: eventsFor, serializeState: key };

interface Deferred {
  input: BulkRunCheckInput;
  resolve: (value: BulkRunOutcome) => void;
  reject: (error: unknown) => void;
}

/** The production machine with controllable runs, recording the refreshes it asks for. */
function start(input: BulkRunInput = INPUT) {
  const runs: Deferred[] = [];
  const refreshed: string[][] = [];
  const actor = createActor(
    bulkRunMachine.provide({
      actors: {
        runCheck: fromPromise<BulkRunOutcome, BulkRunCheckInput>(
          ({ input: run }) =>
            new Promise((resolve, reject) => runs.push({ input: run, resolve, reject })),
        ),
      },
      actions: { refreshChecks: (_, params) => refreshed.push(params.checkIds) },
    }),
    { input },
  );
  actor.start();
  return { actor, runs, refreshed };
}

/** Replays a generated path on the real actor, answering the runs as the path says. */
async function replay(path: Path): Promise<void> {
  const { actor, runs, refreshed } = start();
  for (const step of path.steps) {
    const { event } = step;
    const answered = /^xstate\.(done|error)\.actor\.run:(.+)$/.exec(event.type);
    if (answered) {
      const run = runs.find((call) => call.input.checkId === answered[2]);
      if (!run) throw new Error(`no run of ${answered[2]} to answer`);
      const answer = event as unknown as { output: BulkRunOutcome; error: unknown };
      if (answered[1] === 'done') run.resolve(answer.output);
      else run.reject(answer.error);
    } else {
      actor.send(event as never);
    }
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    // Never more than the limit at once; every check that started was asked for once.
    const counts = bulkRunCounts(snapshot.context);
    expect(counts.running).toBeLessThanOrEqual(BULK_RUN_LIMIT);
    const started = CHECKS.filter(
      (check) => !['queued', 'skipped'].includes(snapshot.context.results[check.id]!.status),
    ).map((check) => check.id);
    expect(runs.map((run) => run.input.checkId)).toEqual(started);
  }
  if (actor.getSnapshot().value === 'done') {
    const { results } = actor.getSnapshot().context;
    expect(refreshed).toEqual([
      CHECKS.map((check) => check.id).filter((id) =>
        ['passed', 'failed', 'ran'].includes(results[id]!.status),
      ),
    ]);
  } else {
    expect(refreshed).toEqual([]);
  }
  actor.stop();
}

const { statePaths, transitionPaths } = generatePaths(bulkRunMachine, traversal);

function describeEvent(event: AnyEventObject): string {
  const answer = event as { output?: BulkRunOutcome };
  if (event.type.startsWith('xstate.done.actor.')) return `ran:${String(answer.output?.passed)}`;
  if (event.type.startsWith('xstate.error.actor.')) return 'refused';
  return event.type;
}

const describePath = (path: Path) =>
  describeSteps(path, (snapshot) => String(snapshot.value), describeEvent);

describe('bulkRun: generated paths', () => {
  itCoversEveryStateAndTransition(
    bulkRunMachine,
    inertMachine(bulkRunMachine, ['runCheck']),
    {
      states: [{ input: INPUT, paths: statePaths }],
      transitions: [{ input: INPUT, paths: transitionPaths }],
    },
    {
      stateIds: [
        'bulkRun',
        'bulkRun.cancelling',
        'bulkRun.done',
        'bulkRun.ready',
        'bulkRun.running',
      ],
      transitions: 10,
    },
  );

  it('include a run of every check, and a cancel while runs are under way', () => {
    const descriptions = transitionPaths.map(describePath);
    expect(descriptions).toContain(
      'bulk.start→running ran:true→running ran:true→running ran:true→running ran:true→running ran:true→done',
    );
    expect(descriptions).toContain('bulk.start→running bulk.cancel→cancelling');
  });

  itReplaysStateAndTransitionPaths({ statePaths, transitionPaths }, describePath, replay);
});

describe('bulkRun: behaviour', () => {
  it('starts four runs at once and the fifth when one answers', async () => {
    const { actor, runs } = start();
    actor.send({ type: 'bulk.start' });
    expect(runs.map((run) => run.input.checkId)).toEqual(['c1', 'c2', 'c3', 'c4']);
    runs[2]!.resolve({ passed: true });
    await flush();
    expect(runs.map((run) => run.input.checkId)).toEqual(['c1', 'c2', 'c3', 'c4', 'c5']);
    expect(actor.getSnapshot().context.results.c3).toEqual({ status: 'passed' });
    actor.stop();
  });

  it('starts no run after a cancel and ends when the runs under way answer', async () => {
    const { actor, runs, refreshed } = start({ checks: CHECKS, limit: 2 });
    actor.send({ type: 'bulk.start' });
    actor.send({ type: 'bulk.cancel' });
    runs[1]!.reject(new Error('check not found'));
    await flush();
    expect(runs).toHaveLength(2);
    expect(actor.getSnapshot().value).toBe('cancelling');
    runs[0]!.resolve({ passed: false, message: 'timed out' });
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('done');
    expect(snapshot.context.results).toEqual({
      c1: { status: 'failed', message: 'timed out' },
      c2: { status: 'refused', message: 'check not found' },
      c3: { status: 'skipped' },
      c4: { status: 'skipped' },
      c5: { status: 'skipped' },
    });
    expect(refreshed).toEqual([['c1']]);
  });

  it('stops its runs when it stops', async () => {
    const signals: AbortSignal[] = [];
    const actor = createActor(
      bulkRunMachine.provide({
        actors: {
          runCheck: fromPromise<BulkRunOutcome, BulkRunCheckInput>(({ signal }) => {
            signals.push(signal);
            return new Promise(() => undefined);
          }),
        },
      }),
      { input: INPUT },
    );
    actor.start();
    actor.send({ type: 'bulk.start' });
    actor.stop();
    expect(signals).toHaveLength(BULK_RUN_LIMIT);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });

  it('says which actor the console forgot to provide', async () => {
    const actor = createActor(bulkRunMachine, { input: { checks: CHECKS.slice(0, 1) } });
    actor.start();
    actor.send({ type: 'bulk.start' });
    await flush();
    expect(actor.getSnapshot().context.results.c1).toEqual({
      status: 'refused',
      message: 'bulkRun: provide the runCheck actor',
    });
  });
});
