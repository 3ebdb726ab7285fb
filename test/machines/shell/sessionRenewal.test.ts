import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { renewalFailure, sessionRenewalMachine } from '../../../machines/shell/sessionRenewal';
import { itCoversEveryStateAndTransition, itRunsEachPath } from '../../support/generatedPaths';
import type { MachinePath } from '../../support/machinePaths';
import { generatePaths } from '../../support/machinePaths';
import {
  actorEvents,
  describePath,
  flush,
  inertMachine,
  replayPath,
} from '../../support/machineReplay';

type Snapshot = SnapshotFrom<typeof sessionRenewalMachine>;
type Path = MachinePath<Snapshot>;

const [CONFIRMED, NOT_CONFIRMED] = actorEvents('confirmSession');

/** What can happen in each state: a 401, the dialog's gestures, whoami's answers. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  switch (snapshot.value) {
    case 'idle':
      return [{ type: 'renewal.needed' }];
    case 'asking':
      return [
        { type: 'renewal.needed' },
        { type: 'renewal.signedIn' },
        { type: 'renewal.declined', returnTo: '/settings/scopes' },
        {
          type: 'renewal.declined',
          returnTo: '/settings/scopes',
          href: '/settings/profile?flow=f-1',
        },
      ];
    case 'confirming':
      return [
        { type: CONFIRMED, output: { user: { id: 'u-1' } } },
        { type: NOT_CONFIRMED, error: { status: 503, message: 'whoami is down' } },
      ];
    default:
      return [];
  }
}

const traversal = {
  input: undefined,
  events: eventsFor,
  serializeState: (snapshot: Snapshot) =>
    JSON.stringify([snapshot.value, snapshot.context.failure ?? null]),
};

const { statePaths, transitionPaths } = generatePaths(sessionRenewalMachine, traversal);
const name = (path: Path) => describePath(path, (snapshot) => String(snapshot.value)) || '(start)';

describe('sessionRenewal: generated paths', () => {
  itCoversEveryStateAndTransition(
    sessionRenewalMachine,
    inertMachine(sessionRenewalMachine, ['confirmSession']),
    { states: [{ paths: statePaths }], transitions: [{ paths: transitionPaths }] },
    {
      stateIds: [
        'sessionRenewal',
        'sessionRenewal.asking',
        'sessionRenewal.confirming',
        'sessionRenewal.idle',
      ],
      transitions: 5,
    },
  );

  itRunsEachPath(
    'path %s runs on the real actor',
    [...statePaths, ...transitionPaths],
    name,
    (path) => replayPath(sessionRenewalMachine, ['confirmSession'], undefined, path),
  );
});

describe('sessionRenewal: behaviour', () => {
  function start() {
    const resumed: boolean[] = [];
    const left: Array<{ href: string | undefined; returnTo: string }> = [];
    let answer: { resolve: (v: unknown) => void; reject: (e: unknown) => void } | undefined;
    const actor = createActor(
      sessionRenewalMachine.provide({
        actors: {
          confirmSession: fromPromise(
            () =>
              new Promise((resolve, reject) => {
                answer = { resolve, reject };
              }),
          ),
        },
        actions: {
          resume: (_, { renewed }) => resumed.push(renewed),
          leave: (_, params) => left.push(params),
        },
      }),
    );
    actor.start();
    return { actor, resumed, left, answer: () => answer };
  }

  it('resumes the waiting requests once the new session is confirmed', async () => {
    const { actor, resumed, left, answer } = start();
    actor.send({ type: 'renewal.needed' });
    actor.send({ type: 'renewal.signedIn' });
    expect(actor.getSnapshot().value).toBe('confirming');
    answer()?.resolve({});
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(resumed).toEqual([true]);
    expect(left).toEqual([]);
  });

  it('keeps asking, with the reason, when the new session cannot be confirmed', async () => {
    const { actor, resumed, answer } = start();
    actor.send({ type: 'renewal.needed' });
    actor.send({ type: 'renewal.signedIn' });
    answer()?.reject({ status: 503, message: 'whoami is down' });
    await flush();
    expect(actor.getSnapshot().value).toBe('asking');
    expect(actor.getSnapshot().context.failure).toBe('whoami is down');
    expect(resumed).toEqual([]);
  });

  it('fails the waiting requests, then leaves, when the user declines', () => {
    const { actor, resumed, left } = start();
    actor.send({ type: 'renewal.needed' });
    actor.send({ type: 'renewal.declined', returnTo: '/health' });
    actor.send({ type: 'renewal.needed' });
    actor.send({ type: 'renewal.declined', returnTo: '/health', href: '/settings/profile' });
    expect(resumed).toEqual([false, false]);
    expect(left).toEqual([
      { href: undefined, returnTo: '/health' },
      { href: '/settings/profile', returnTo: '/health' },
    ]);
  });

  it('words a failure without a message', () => {
    expect(renewalFailure(new Error(''))).toBe('An error occurred');
    expect(renewalFailure({ message: 'Network Error. Please try again.' })).toBe(
      'Network Error. Please try again.',
    );
  });
});
