import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type { RunCheckInput, RunNowEmitted } from '../../../machines/health/runNow';
import {
  RUN_FAILED_MESSAGE,
  runFailureMessage,
  runNowMachine,
} from '../../../machines/health/runNow';
import { httpError, networkError } from '../../../src/api/errors';
import {
  itCoversEveryStateAndTransition,
  itReplaysStateAndTransitionPaths,
} from '../../support/generatedPaths';
import type { MachinePath } from '../../support/machinePaths';
import { generatePaths } from '../../support/machinePaths';
import {
  actorEvents,
  describePath as describeSteps,
  flush,
  inertMachine,
} from '../../support/machineReplay';

type Snapshot = SnapshotFrom<typeof runNowMachine>;
type Path = MachinePath<Snapshot>;

const CHECK_ID = 'check-1';
const INPUT = { checkId: CHECK_ID };
const [RUN_DONE, RUN_ERROR] = actorEvents('runCheck');
const [REFRESH_DONE, REFRESH_ERROR] = actorEvents('refreshCheck');

/** What can happen in each state: the user's click and the actors' answers. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  switch (snapshot.value) {
    case 'idle':
      return [{ type: 'check.run' }];
    case 'running':
      return [
        { type: RUN_DONE, output: { success: 1 } },
        { type: RUN_ERROR, error: httpError(500, { error: 'canary runner is busy' }) },
        { type: RUN_ERROR, error: networkError() },
        { type: RUN_ERROR, error: {} },
      ];
    case 'refreshing':
      return [
        { type: REFRESH_DONE, output: null },
        { type: REFRESH_ERROR, error: httpError(503, { message: 'unavailable' }) },
      ];
    default:
      return [];
  }
}

/** A vertex: the state, the message on screen, and whether a run ever succeeded (0, 1, many). */
function key(snapshot: Snapshot): string {
  const { error, refreshCount } = snapshot.context;
  return JSON.stringify([snapshot.value, error ?? null, Math.min(refreshCount, 2)]);
}

const traversal = {
  input: INPUT,
  events: eventsFor,
  serializeState: key,
};

interface Deferred {
  input: RunCheckInput;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The production machine with controllable actors, recording what it emits. */
function start() {
  const runs: Deferred[] = [];
  const refreshes: Deferred[] = [];
  const emitted: RunNowEmitted[] = [];
  const pending = (list: Deferred[]) =>
    fromPromise<unknown, RunCheckInput>(
      ({ input }) => new Promise((resolve, reject) => list.push({ input, resolve, reject })),
    );
  const actor = createActor(
    runNowMachine.provide({
      actors: { runCheck: pending(runs), refreshCheck: pending(refreshes) },
    }),
    { input: { checkId: CHECK_ID } },
  );
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, runs, refreshes, emitted };
}

/** Replays a generated path on the real actor, answering its actors as the path says. */
async function replay(path: Path): Promise<void> {
  const { actor, runs, refreshes, emitted } = start();
  expect(actor.getSnapshot().value).toBe('idle');
  let expectedRuns = 0;
  let expectedRefreshes = 0;
  for (const step of path.steps) {
    const { event } = step;
    const before = emitted.length;
    if (event.type === RUN_DONE) runs.at(-1)?.resolve(event.output);
    else if (event.type === RUN_ERROR) runs.at(-1)?.reject(event.error);
    else if (event.type === REFRESH_DONE) refreshes.at(-1)?.resolve(event.output);
    else if (event.type === REFRESH_ERROR) refreshes.at(-1)?.reject(event.error);
    else actor.send(event as never);
    await flush();

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);

    if (snapshot.value === 'running' && event.type === 'check.run') expectedRuns += 1;
    if (snapshot.value === 'refreshing') expectedRefreshes += 1;
    expect(runs).toHaveLength(expectedRuns);
    expect(refreshes).toHaveLength(expectedRefreshes);
    for (const call of [...runs, ...refreshes]) expect(call.input).toEqual({ checkId: CHECK_ID });

    const announced = emitted.slice(before);
    if (event.type === RUN_ERROR) {
      expect(announced).toEqual([{ type: 'run.failed', message: runFailureMessage(event.error) }]);
    } else if (event.type === RUN_DONE) {
      expect(announced).toEqual([
        { type: 'run.succeeded', refreshCount: snapshot.context.refreshCount },
      ]);
    } else {
      expect(announced).toEqual([]);
    }
  }
  actor.stop();
}

const { statePaths, transitionPaths } = generatePaths(runNowMachine, traversal);

function describeEvent(event: AnyEventObject): string {
  if (event.type === RUN_DONE) return 'run:ok';
  if (event.type === RUN_ERROR) return `run:${runFailureMessage(event.error)}`;
  if (event.type === REFRESH_DONE) return 'refresh:ok';
  if (event.type === REFRESH_ERROR) return 'refresh:failed';
  return event.type;
}

const describePath = (path: Path) =>
  describeSteps(path, (snapshot) => String(snapshot.value), describeEvent);

describe('runNow: generated paths', () => {
  itCoversEveryStateAndTransition(
    runNowMachine,
    inertMachine(runNowMachine, ['runCheck', 'refreshCheck']),
    {
      states: [{ input: INPUT, paths: statePaths }],
      transitions: [{ input: INPUT, paths: transitionPaths }],
    },
    { stateIds: ['runNow', 'runNow.idle', 'runNow.refreshing', 'runNow.running'], transitions: 5 },
  );

  it('include a failure after a successful run, and a new run after a failure', () => {
    const descriptions = transitionPaths.map(describePath);
    expect(descriptions).toContain(
      'check.run→running run:ok→refreshing refresh:ok→idle check.run→running run:canary runner is busy→idle',
    );
    expect(descriptions).toContain(
      'check.run→running run:canary runner is busy→idle check.run→running',
    );
  });

  itReplaysStateAndTransitionPaths({ statePaths, transitionPaths }, describePath, replay);
});

describe('runNow: behaviour', () => {
  it('counts successful runs and clears the last error when a run starts', async () => {
    const { actor, runs, refreshes } = start();
    actor.send({ type: 'check.run' });
    runs[0]?.reject(new Error('check not found'));
    await flush();
    expect(actor.getSnapshot().context.error).toBe('check not found');

    actor.send({ type: 'check.run' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    runs[1]?.resolve({});
    await flush();
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(actor.getSnapshot().context.refreshCount).toBe(1);
    refreshes[0]?.resolve(null);
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');

    actor.send({ type: 'check.run' });
    runs[2]?.resolve({});
    await flush();
    expect(actor.getSnapshot().context.refreshCount).toBe(2);
    actor.stop();
  });

  it('ignores clicks while a run or a reload is under way', async () => {
    const { actor, runs } = start();
    actor.send({ type: 'check.run' });
    actor.send({ type: 'check.run' });
    expect(runs).toHaveLength(1);
    runs[0]?.resolve({});
    await flush();
    actor.send({ type: 'check.run' });
    expect(actor.getSnapshot().value).toBe('refreshing');
    expect(runs).toHaveLength(1);
    actor.stop();
  });

  it('fails clearly when the console forgot to provide the actors', async () => {
    const actor = createActor(runNowMachine, { input: { checkId: CHECK_ID } });
    const failed = jest.fn();
    actor.on('run.failed', failed);
    actor.start();
    actor.send({ type: 'check.run' });
    await flush();
    expect(failed).toHaveBeenCalledWith({
      type: 'run.failed',
      message: 'runNow: provide the runCheck actor',
    });
    actor.stop();
  });

  it.each([
    [httpError(500, { error: 'canary runner is busy' }), 'canary runner is busy'],
    [new Error('Request timed out. Please try again.'), 'Request timed out. Please try again.'],
    ['plain words', 'plain words'],
    [{ message: '' }, RUN_FAILED_MESSAGE],
    [null, RUN_FAILED_MESSAGE],
    [42, RUN_FAILED_MESSAGE],
  ])('reads the message of %j as %j', (error, message) => {
    expect(runFailureMessage(error)).toBe(message);
  });
});
