import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type { GrantChange } from '../../../machines/permissions/subjectGrant';
import {
  SUBJECT_GRANT_FAILED_MESSAGE,
  subjectGrantMachine,
} from '../../../machines/permissions/subjectGrant';
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

type Snapshot = SnapshotFrom<typeof subjectGrantMachine>;
type Path = MachinePath<Snapshot>;

const PLAYBOOK = 'e91ece9b-e14b-42e1-baf5-733ac9dd9eb4';
const change = (kind: GrantChange['kind']): GrantChange => ({
  kind,
  subject: 'viewer',
  resourceType: 'playbook',
  resourceId: PLAYBOOK,
  resourceName: 'Restart Deployment',
  action: 'playbook:run',
  permissionIds: kind === 'remove' ? ['52f943cc-b933-490c-965e-42b8fbfc7ad3'] : [],
});
const [APPLY_DONE, APPLY_ERROR] = actorEvents('applyGrant');

/** What the user and the server can do in each state. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const start = (kind: GrantChange['kind']) => ({ type: 'grant.start', change: change(kind) });
  switch (snapshot.value) {
    case 'idle':
      return [start('allow'), start('remove')];
    case 'confirming':
      return [{ type: 'grant.confirm' }, { type: 'grant.cancel' }];
    case 'saving':
      return [
        { type: APPLY_DONE, output: undefined },
        { type: APPLY_ERROR, error: httpError(403, { error: 'forbidden' }) },
        { type: APPLY_ERROR, error: networkError() },
      ];
    case 'saved':
      return [start('deny')];
    case 'failed':
      return [{ type: 'grant.retry' }, { type: 'grant.cancel' }];
    default:
      return [];
  }
}

/** A vertex: the state, the change's kind, the failure. */
function key(snapshot: Snapshot): string {
  const { change: current, error } = snapshot.context;
  return JSON.stringify([snapshot.value, current?.kind ?? null, error ?? null]);
}

const traversal = { input: undefined, events: eventsFor, serializeState: key };

interface Deferred {
  input: GrantChange;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** The production machine with a controllable save. */
function start() {
  const saves: Deferred[] = [];
  const actor = createActor(
    subjectGrantMachine.provide({
      actors: {
        applyGrant: fromPromise<void, GrantChange>(
          ({ input }) =>
            new Promise<void>((resolve, reject) => saves.push({ input, resolve, reject })),
        ),
      },
    }),
  );
  actor.start();
  return { actor, saves };
}

const message = (error: unknown) =>
  (error as { message?: string }).message || SUBJECT_GRANT_FAILED_MESSAGE;

/** Replays a generated path on the real actor, answering the save as the path says. */
async function replay(path: Path): Promise<void> {
  const { actor, saves } = start();
  let saved = 0;
  for (const step of path.steps) {
    const { event } = step;
    const before = actor.getSnapshot();
    if (event.type === APPLY_DONE) saves.at(-1)?.resolve();
    else if (event.type === APPLY_ERROR) saves.at(-1)?.reject(event.error);
    else actor.send(event as never);
    await flush();

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    if (snapshot.value === 'saving' && before.value !== 'saving') saved += 1;
    // One write per confirm or retry, of the change confirmed.
    expect(saves).toHaveLength(saved);
    if (snapshot.value === 'saving') expect(saves.at(-1)?.input).toEqual(snapshot.context.change);
    if (snapshot.value === 'failed') expect(snapshot.context.error).toBe(message(event.error));
    if (snapshot.value === 'idle')
      expect(snapshot.context).toEqual({ change: undefined, error: undefined });
    if (snapshot.value === 'confirming' || snapshot.value === 'saved') {
      expect(snapshot.context.error).toBeUndefined();
    }
  }
  actor.stop();
}

const { statePaths, transitionPaths } = generatePaths(subjectGrantMachine, traversal);

function describeEvent(event: AnyEventObject): string {
  if (event.type === APPLY_DONE) return 'saved';
  if (event.type === APPLY_ERROR) return `failed:${message(event.error)}`;
  if (event.type === 'grant.start') return `start:${(event.change as GrantChange).kind}`;
  return event.type;
}

const describePath = (path: Path) =>
  describeSteps(path, (snapshot) => String(snapshot.value), describeEvent);

describe('subjectGrant: generated paths', () => {
  itCoversEveryStateAndTransition(
    subjectGrantMachine,
    inertMachine(subjectGrantMachine, ['applyGrant']),
    { states: [{ paths: statePaths }], transitions: [{ paths: transitionPaths }] },
    {
      stateIds: [
        'subjectGrant',
        'subjectGrant.confirming',
        'subjectGrant.failed',
        'subjectGrant.idle',
        'subjectGrant.saved',
        'subjectGrant.saving',
      ],
      transitions: 8,
    },
  );

  it('include a retry after a failure and another change after a save', () => {
    const descriptions = transitionPaths.map(describePath);
    expect(
      descriptions.some((path) => /failed:forbidden→failed grant\.retry→saving/.test(path)),
    ).toBe(true);
    expect(descriptions.some((path) => /→saved start:deny→confirming/.test(path))).toBe(true);
  });

  itReplaysStateAndTransitionPaths({ statePaths, transitionPaths }, describePath, replay);
});

describe('subjectGrant: behaviour', () => {
  it('saves nothing until the change is confirmed', async () => {
    const { actor, saves } = start();
    actor.send({ type: 'grant.start', change: change('allow') });
    actor.send({ type: 'grant.cancel' });
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(saves).toHaveLength(0);
    actor.stop();
  });

  it('fails clearly when the console forgot to provide the actor', async () => {
    const actor = createActor(subjectGrantMachine);
    actor.start();
    actor.send({ type: 'grant.start', change: change('deny') });
    actor.send({ type: 'grant.confirm' });
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('subjectGrant: provide the applyGrant actor');
    actor.stop();
  });
});
