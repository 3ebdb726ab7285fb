import type { AnyEventObject, SnapshotFrom } from 'xstate';
import {
  SCOPE_IMPERSONATION_FAILED_MESSAGE,
  scopeImpersonationMachine,
} from '../../../machines/auth/scopeImpersonation';
import { httpError, networkError } from '../../../src/api/errors';
import {
  itCoversEveryStateAndTransition,
  itReplaysStateAndTransitionPaths,
} from '../../support/generatedPaths';
import type { MachinePath } from '../../support/machinePaths';
import { generatePaths } from '../../support/machinePaths';
import {
  actorEvents,
  describeActorEvent,
  describePath as describeSteps,
  flush,
  inertMachine,
  replayPath,
  startControllable,
} from '../../support/machineReplay';

type Snapshot = SnapshotFrom<typeof scopeImpersonationMachine>;
type Path = MachinePath<Snapshot>;

const RUNBOOKS = { id: 's-1', name: 'sre-runbooks', namespace: 'sre' };
const PROD = { id: 's-2', name: 'production-catalog', namespace: 'mission-control' };
const INPUT = {};
const [PROBE_DONE, PROBE_ERROR] = actorEvents('probe');
const ACTORS = ['probe'];

/** What the user and the server can do in each state. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  switch (snapshot.value) {
    case 'choosing':
      return [
        { type: 'scopes.change', scopes: [RUNBOOKS] },
        { type: 'scopes.change', scopes: [RUNBOOKS, PROD] },
        { type: 'scopes.change', scopes: [] },
        { type: 'impersonation.submit' },
      ];
    case 'probing':
      return [
        { type: PROBE_DONE, output: { configs: 42 } },
        {
          type: PROBE_ERROR,
          error: httpError(403, {
            error: 'not allowed to impersonate scopes: requires the admin role',
          }),
        },
        { type: PROBE_ERROR, error: networkError() },
        { type: PROBE_ERROR, error: {} },
      ];
    case 'failed':
      return [{ type: 'scopes.change', scopes: [PROD] }, { type: 'impersonation.retry' }];
    default:
      return [];
  }
}

/** A vertex: the state, how many Scopes are chosen and the reason on screen. */
function key(snapshot: Snapshot): string {
  const { scopes, error } = snapshot.context;
  return JSON.stringify([snapshot.value, scopes.length, error ?? null]);
}

const traversal = { input: INPUT, events: eventsFor, serializeState: key };
const { statePaths, transitionPaths } = generatePaths(scopeImpersonationMachine, traversal);

const describePath = (path: Path) =>
  describeSteps(path, (snapshot) => String(snapshot.value), describeActorEvent);

describe('scopeImpersonation: generated paths', () => {
  itCoversEveryStateAndTransition(
    scopeImpersonationMachine,
    inertMachine(scopeImpersonationMachine, ACTORS),
    {
      states: [{ input: INPUT, paths: statePaths }],
      transitions: [{ input: INPUT, paths: transitionPaths }],
    },
    {
      stateIds: [
        'scopeImpersonation',
        'scopeImpersonation.choosing',
        'scopeImpersonation.failed',
        'scopeImpersonation.probing',
        'scopeImpersonation.started',
      ],
      transitions: 6,
    },
  );

  itReplaysStateAndTransitionPaths({ statePaths, transitionPaths }, describePath, (path) =>
    replayPath(scopeImpersonationMachine, ACTORS, INPUT, path),
  );
});

describe('scopeImpersonation: behaviour', () => {
  it('does not start without a Scope', async () => {
    const { actor, calls } = startControllable(scopeImpersonationMachine, ACTORS, INPUT);
    actor.send({ type: 'impersonation.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(calls).toHaveLength(0);
  });

  it('asks the backend as the chosen Scopes, and ends with them and its answer', async () => {
    const { actor, calls } = startControllable(scopeImpersonationMachine, ACTORS, INPUT);
    actor.send({ type: 'scopes.change', scopes: [RUNBOOKS, PROD] });
    actor.send({ type: 'impersonation.submit' });
    expect(calls[0]?.input).toEqual([RUNBOOKS, PROD]);
    calls[0]?.resolve({ configs: 7 });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({
      scopes: [RUNBOOKS, PROD],
      probe: { configs: 7 },
    });
  });

  it('shows a refusal, keeps the choice, and asks again on retry', async () => {
    const { actor, calls } = startControllable(scopeImpersonationMachine, ACTORS, INPUT);
    actor.send({ type: 'scopes.change', scopes: [RUNBOOKS] });
    actor.send({ type: 'impersonation.submit' });
    calls[0]?.reject(new Error('not allowed to impersonate scopes'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('not allowed to impersonate scopes');
    expect(actor.getSnapshot().context.scopes).toEqual([RUNBOOKS]);
    actor.send({ type: 'impersonation.retry' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    calls[1]?.reject({});
    await flush();
    expect(actor.getSnapshot().context.error).toBe(SCOPE_IMPERSONATION_FAILED_MESSAGE);
    actor.send({ type: 'scopes.change', scopes: [PROD] });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });
});
