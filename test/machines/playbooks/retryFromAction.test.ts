import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  RETRY_FAILED_MESSAGE,
  retryFailureMessage,
  retryFromActionMachine,
} from '../../../machines/playbooks/retryFromAction';
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
  where,
  withTestActors,
} from '../../support/machineReplay';

type Snapshot = SnapshotFrom<typeof retryFromActionMachine>;
type Path = MachinePath<Snapshot>;

const INPUT = { runId: 'run-1', actionId: 'action-3' };
const [RETRY_DONE, RETRY_ERROR] = actorEvents('startRetry');
const REASON = 'playbook run is running; only a failed run is retried';

/** What can happen in each state: the user's clicks and the server's answers. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  switch (snapshot.value) {
    case 'idle':
      return [{ type: 'retry.open' }];
    case 'confirming':
      return [{ type: 'retry.confirm' }, { type: 'retry.cancel' }];
    case 'retrying':
      return [
        { type: RETRY_DONE, output: { run_id: 'run-2', starts_at: '2030-01-01T00:00:00Z' } },
        { type: RETRY_ERROR, error: httpError(400, { error: REASON }) },
        { type: RETRY_ERROR, error: networkError() },
      ];
    default:
      return [];
  }
}

const key = (snapshot: Snapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.error ?? null, snapshot.context.newRunId]);

const traversal = { input: INPUT, events: eventsFor, serializeState: key };
const actors = withTestActors(retryFromActionMachine, ['startRetry']);
const { statePaths, transitionPaths } = generatePaths(retryFromActionMachine, traversal);

function describeEvent(event: AnyEventObject): string {
  if (event.type === RETRY_DONE) return 'retry:ok';
  if (event.type === RETRY_ERROR) return `retry:${retryFailureMessage(event.error)}`;
  return event.type;
}
const describePath = (path: Path) => describeSteps(path, where, describeEvent);

describe('retryFromAction: generated paths', () => {
  itCoversEveryStateAndTransition(
    retryFromActionMachine,
    actors.inert,
    {
      states: [{ input: INPUT, paths: statePaths }],
      transitions: [{ input: INPUT, paths: transitionPaths }],
    },
    {
      stateIds: [
        'retryFromAction',
        'retryFromAction.confirming',
        'retryFromAction.idle',
        'retryFromAction.retrying',
        'retryFromAction.started',
      ],
      transitions: 5,
    },
  );

  it('include a second attempt after a refusal, and a cancel after a refusal', () => {
    const descriptions = transitionPaths.map(describePath);
    expect(descriptions).toContain(
      `retry.open→confirming retry.confirm→retrying retry:${REASON}→confirming retry.confirm→retrying`,
    );
    expect(descriptions).toContain(
      `retry.open→confirming retry.confirm→retrying retry:${REASON}→confirming retry.cancel→idle`,
    );
  });

  itReplaysStateAndTransitionPaths({ statePaths, transitionPaths }, describePath, (path) =>
    actors.replay(INPUT, path),
  );
});

describe('retryFromAction: behaviour', () => {
  it('asks for the run and action it was given, and announces the new run once', async () => {
    const { actor, calls, emitted } = actors.start(INPUT);
    actor.send({ type: 'retry.open' });
    actor.send({ type: 'retry.confirm' });
    actor.send({ type: 'retry.confirm' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.input).toEqual(INPUT);
    calls[0]!.resolve({ run_id: 'run-2' });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.newRunId).toBe('run-2');
    expect(emitted).toEqual([{ type: 'retry.started', runId: 'run-2' }]);
  });

  it('keeps the server’s reason until the next attempt or a cancel', async () => {
    const { actor, calls } = actors.start(INPUT);
    actor.send({ type: 'retry.open' });
    actor.send({ type: 'retry.confirm' });
    calls[0]!.reject(httpError(403, { error: 'not allowed to run this playbook' }));
    await flush();
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context.error).toBe('not allowed to run this playbook');
    actor.send({ type: 'retry.confirm' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    calls[1]!.reject({});
    await flush();
    expect(actor.getSnapshot().context.error).toBe(RETRY_FAILED_MESSAGE);
    actor.send({ type: 'retry.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });
});
