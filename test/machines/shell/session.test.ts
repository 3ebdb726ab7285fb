import type { AnyActorLogic, AnyEventObject, SnapshotFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type { AdjacencyMap } from 'xstate/graph';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';
import { actorEvents, describePath as describeSteps } from '../../support/machineReplay';
import type { SessionLookup } from '../../../machines/shell/session';
import {
  itCoversEveryStateAndTransition,
  itReplaysStateAndTransitionPaths,
} from '../../support/generatedPaths';
import {
  PROVISIONING_RETRY_MS,
  isBackendMissing,
  sessionMachine,
  toSessionFailure,
} from '../../../machines/shell/session';

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type Step = { event: AnyEventObject; state: Snapshot };
type Path = { state: Snapshot; steps: Step[] };

const [DONE, ERROR] = actorEvents('lookupSession');
const INIT = 'xstate.init';
const AFTER = 'xstate.after.provisioningRetry.session.provisioning';

/** Every outcome the lookup can have, and every event the screens can send. */
const events: AnyEventObject[] = [
  { type: DONE, output: 'ready' },
  { type: DONE, output: 'noOrganization' },
  { type: DONE, output: 'provisioning' },
  { type: ERROR, error: { status: 401, message: 'error fetching user' } },
  { type: ERROR, error: { status: 503, message: 'Service Unavailable' } },
  { type: ERROR, error: { status: 404, message: 'Not Found' } },
  { type: ERROR, error: { status: 'NETWORK', message: 'Network Error. Please try again.' } },
  { type: AFTER },
  { type: 'session.retry' },
  { type: 'organization.selected' },
];

const traversal = { events: events as never[] };

function key(snapshot: Snapshot): string {
  return JSON.stringify([snapshot.value, snapshot.context]);
}

/** Shortest path to every reachable state, and one path through every transition. */
function generatePaths(): { statePaths: Path[]; transitionPaths: Path[] } {
  const statePaths = getShortestPaths(sessionMachine, traversal) as unknown as Path[];
  const toState = new Map(statePaths.map((path) => [key(path.state), path]));
  const adjacency = getAdjacencyMap(
    sessionMachine as unknown as AnyActorLogic,
    traversal,
  ) as AdjacencyMap<Snapshot, AnyEventObject>;
  const transitionPaths: Path[] = [];
  for (const vertex of Object.values(adjacency)) {
    const from = vertex.state;
    const head = toState.get(key(from));
    if (!head) throw new Error(`no path to ${key(from)}`);
    const transitions = Object.values(vertex.transitions) as Step[];
    for (const { event, state } of transitions) {
      if (key(state) === key(from)) continue;
      transitionPaths.push({ state, steps: [...head.steps, { event, state }] });
    }
  }
  return { statePaths, transitionPaths };
}

/** The machine with a never-settling lookup: replaying a path, only its events move it. */
const inert = sessionMachine.provide({
  actors: { lookupSession: fromPromise<SessionLookup>(() => new Promise(() => undefined)) },
  actions: { redirectToSignIn: () => undefined },
});

interface Deferred {
  resolve: (value: SessionLookup) => void;
  reject: (error: unknown) => void;
}

/** Runs the production machine with a controllable lookup and a spy for the redirect. */
function startSession() {
  const lookups: Deferred[] = [];
  const redirectToSignIn = jest.fn();
  const actor = createActor(
    sessionMachine.provide({
      actors: {
        lookupSession: fromPromise<SessionLookup>(
          () => new Promise<SessionLookup>((resolve, reject) => lookups.push({ resolve, reject })),
        ),
      },
      actions: { redirectToSignIn },
    }),
  );
  actor.start();
  return { actor, lookups, redirectToSignIn };
}

async function flush(): Promise<void> {
  await jest.advanceTimersByTimeAsync(0);
}

/** Replays a generated path on the real actor and checks each state it passes through. */
async function replay(path: Path): Promise<void> {
  const { actor, lookups, redirectToSignIn } = startSession();
  let loadingEntries = 1;
  expect(actor.getSnapshot().value).toBe('loading');
  for (const step of path.steps) {
    const { event } = step;
    if (event.type === INIT) {
      expect(actor.getSnapshot().value).toEqual(step.state.value);
      continue;
    }
    if (event.type === DONE) {
      lookups.at(-1)?.resolve(event.output as SessionLookup);
    } else if (event.type === ERROR) {
      lookups.at(-1)?.reject(event.error);
    } else if (event.type === AFTER) {
      await jest.advanceTimersByTimeAsync(PROVISIONING_RETRY_MS - 1);
      expect(actor.getSnapshot().value).toBe('provisioning');
      await jest.advanceTimersByTimeAsync(1);
    } else {
      actor.send(event as never);
    }
    await flush();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    if (snapshot.value === 'loading' && event.type !== DONE && event.type !== ERROR) {
      loadingEntries += 1;
    }
    expect(lookups).toHaveLength(loadingEntries);
  }
  const end = actor.getSnapshot();
  expect(redirectToSignIn).toHaveBeenCalledTimes(end.value === 'signedOut' ? 1 : 0);
  expect(end.status).toBe(end.value === 'signedOut' ? 'done' : 'active');
  actor.stop();
}

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

const { statePaths, transitionPaths } = generatePaths();
function describeEvent(event: AnyEventObject): string {
  if (event.type === DONE) return `lookup:${String(event.output)}`;
  if (event.type === ERROR) return `lookup:${String((event.error as { status: unknown }).status)}`;
  if (event.type === AFTER) return 'retryDelay';
  return event.type;
}

const describePath = (path: Path) =>
  describeSteps(path, (snapshot) => String(snapshot.value), describeEvent);

describe('generated paths', () => {
  itCoversEveryStateAndTransition(
    sessionMachine,
    inert,
    { states: [{ paths: statePaths }], transitions: [{ paths: transitionPaths }] },
    {
      stateIds: [
        'session',
        'session.failed',
        'session.loading',
        'session.noOrganization',
        'session.provisioning',
        'session.ready',
        'session.signedOut',
      ],
    },
  );

  itReplaysStateAndTransitionPaths({ statePaths, transitionPaths }, describePath, replay);
});

describe('failures', () => {
  it.each([
    [
      { status: 401, message: 'x' },
      { status: 401, message: 'x' },
    ],
    [
      { status: 'TIMEOUT', message: '' },
      { status: 'TIMEOUT', message: 'An error occurred' },
    ],
    [new Error('boom'), { status: 'UNKNOWN', message: 'boom' }],
    ['plain', { status: 'UNKNOWN', message: 'plain' }],
    [null, { status: 'UNKNOWN', message: 'An error occurred' }],
  ])('reads %j as %j', (error, failure) => {
    expect(toSessionFailure(error)).toEqual(failure);
  });

  it.each([
    [404, true],
    [500, true],
    [503, true],
    [599, true],
    [400, false],
    [401, false],
    [403, false],
    ['NETWORK', false],
  ])('status %s means the backend is missing: %s', (status, missing) => {
    expect(isBackendMissing(status)).toBe(missing);
  });

  it('keeps the failure for the provisioning screen and clears it when ready', async () => {
    const { actor, lookups } = startSession();
    lookups[0]?.reject({ status: 502, message: 'Bad Gateway' });
    await flush();
    expect(actor.getSnapshot().value).toBe('provisioning');
    expect(actor.getSnapshot().context.failure).toEqual({ status: 502, message: 'Bad Gateway' });
    actor.send({ type: 'session.retry' });
    lookups[1]?.resolve('ready');
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.failure).toBeUndefined();
  });

  it('emits session.signedOut from the default redirect', async () => {
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          lookupSession: fromPromise<SessionLookup>(() =>
            Promise.reject({ status: 401, message: 'error fetching user' }),
          ),
        },
      }),
    );
    const signedOut = jest.fn();
    actor.on('session.signedOut', signedOut);
    actor.start();
    await flush();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(signedOut).toHaveBeenCalledTimes(1);
    expect(signedOut).toHaveBeenCalledWith({ type: 'session.signedOut' });
  });
});

describe('hosted mode', () => {
  it('waits on the provisioning screen while the organisation has no backend, then goes on', async () => {
    const { actor, lookups } = startSession();
    lookups[0]?.resolve('provisioning');
    await flush();
    expect(actor.getSnapshot().value).toBe('provisioning');
    expect(actor.getSnapshot().context.failure).toBeUndefined();
    await jest.advanceTimersByTimeAsync(PROVISIONING_RETRY_MS);
    expect(actor.getSnapshot().value).toBe('loading');
    expect(lookups).toHaveLength(2);
    lookups[1]?.resolve('ready');
    await flush();
    expect(actor.getSnapshot().value).toBe('ready');
  });
});
