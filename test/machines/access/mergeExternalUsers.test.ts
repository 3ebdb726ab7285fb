import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createActor } from 'xstate';
import type { MergeUser } from '../../../machines/access/mergeExternalUsers';
import {
  MERGE_FAILED_MESSAGE,
  mergeExternalUsersMachine,
  mergeFailureMessage,
} from '../../../machines/access/mergeExternalUsers';
import { httpError } from '../../../src/api/errors';
import { itCoversEveryStateAndTransition, itRunsEachPath } from '../../support/generatedPaths';
import { generatePaths } from '../../support/machinePaths';
import {
  actorEvents,
  describeActorEvent,
  describePath,
  flush,
  vertexKey,
  where,
  withTestActors,
} from '../../support/machineReplay';

type Snapshot = SnapshotFrom<typeof mergeExternalUsersMachine>;

const DUPLICATE = { id: 'u-2', name: 'alice.smith', email: 'alice@acme.io', accessCount: 3 };
const PRIMARY: MergeUser = { id: 'u-1', name: 'alice', email: 'alice@acme.io' };
const INPUT = { duplicate: DUPLICATE };
const ACTORS = ['merge'] as const;
const [MERGE_DONE, MERGE_ERROR] = actorEvents('merge');
const REFUSAL = 'active external user u-1 does not exist';

/** What can happen in each state: the user's choices and the merge's answers. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  switch (where(snapshot)) {
    case 'choosing':
      return [
        { type: 'primary.choose', primary: PRIMARY },
        // The duplicate itself cannot be kept.
        { type: 'primary.choose', primary: DUPLICATE },
        { type: 'primary.choose', primary: undefined },
        { type: 'next' },
        { type: 'close' },
      ];
    case 'confirming':
      return [{ type: 'confirm' }, { type: 'back' }, { type: 'close' }];
    case 'merging':
      return [
        { type: MERGE_DONE, output: PRIMARY.id },
        { type: MERGE_ERROR, error: httpError(409, { code: 'P0001', message: REFUSAL }) },
        { type: 'close' },
      ];
    case 'failed':
      return [{ type: 'retry' }, { type: 'back' }, { type: 'close' }];
    default:
      return [];
  }
}

/** A vertex: the state, whether a user to keep is chosen, whether the last merge failed. */
const key = vertexKey<Snapshot>((c) => [c.primary?.id ?? null, c.error !== undefined]);

const paths = generatePaths(mergeExternalUsersMachine, {
  input: INPUT,
  events: eventsFor,
  serializeState: key,
});

/** The machine with its merge answered by the test. */
const actors = withTestActors(mergeExternalUsersMachine, ACTORS);

const describeSteps = (path: (typeof paths.transitionPaths)[number]) =>
  describePath(path, where, (event) =>
    event.type === 'primary.choose'
      ? `choose(${(event.primary as MergeUser | undefined)?.id ?? 'none'})`
      : describeActorEvent(event),
  );

describe('mergeExternalUsers: generated paths', () => {
  itCoversEveryStateAndTransition(mergeExternalUsersMachine, actors.inert, {
    states: [{ input: INPUT, paths: paths.statePaths }],
    transitions: [{ input: INPUT, paths: paths.transitionPaths }],
  });

  it('include a failed merge retried, and a failure that goes back to the choice', () => {
    const descriptions = paths.transitionPaths.map(describeSteps).join('\n');
    expect(descriptions).toContain('confirm→merging error:merge→failed retry→merging');
    expect(descriptions).toContain('error:merge→failed back→choosing');
  });

  itRunsEachPath('replays %s on the real actor', paths.transitionPaths, describeSteps, (path) =>
    actors.replay(INPUT, path),
  );
});

describe('mergeExternalUsers: behaviour', () => {
  it('merges the duplicate into the chosen user and tells the console which was kept', async () => {
    const merged = jest.fn();
    const { actor, calls } = withTestActors(
      mergeExternalUsersMachine.provide({ actions: { merged } }),
      ACTORS,
    ).start(INPUT);
    actor.send({ type: 'next' });
    expect(where(actor.getSnapshot())).toBe('choosing');
    actor.send({ type: 'primary.choose', primary: DUPLICATE });
    expect(actor.getSnapshot().context.primary).toBeUndefined();
    actor.send({ type: 'primary.choose', primary: PRIMARY });
    actor.send({ type: 'next' });
    expect(where(actor.getSnapshot())).toBe('confirming');
    expect(calls).toEqual([]);
    actor.send({ type: 'confirm' });
    expect(calls.map((call) => [call.name, call.input])).toEqual([
      ['merge', { primaryId: 'u-1', duplicateId: 'u-2' }],
    ]);
    // Closing while it runs waits for it.
    actor.send({ type: 'close' });
    expect(where(actor.getSnapshot())).toBe('merging');
    calls[0]!.resolve('u-1');
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(where(actor.getSnapshot())).toBe('merged');
    expect(merged).toHaveBeenCalledWith(expect.anything(), { primaryId: 'u-1' });
  });

  it("keeps the server's reason and the choice, and retries the same merge", async () => {
    const { actor, calls } = actors.start(INPUT);
    actor.send({ type: 'primary.choose', primary: PRIMARY });
    actor.send({ type: 'next' });
    actor.send({ type: 'confirm' });
    calls[0]!.reject(httpError(409, { message: REFUSAL }));
    await flush();
    expect(where(actor.getSnapshot())).toBe('failed');
    expect(actor.getSnapshot().context).toMatchObject({ primary: PRIMARY, error: REFUSAL });
    actor.send({ type: 'retry' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
    expect(calls[1]!.input).toEqual({ primaryId: 'u-1', duplicateId: 'u-2' });
    actor.stop();
  });

  it('fails clearly when the console forgot to provide the merge', async () => {
    const actor = createActor(mergeExternalUsersMachine, { input: INPUT });
    actor.start();
    actor.send({ type: 'primary.choose', primary: PRIMARY });
    actor.send({ type: 'next' });
    actor.send({ type: 'confirm' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe('mergeExternalUsers: provide the merge actor');
    actor.stop();
  });

  it.each([
    [httpError(409, { code: '23505', message: REFUSAL, details: null, hint: null }), REFUSAL],
    [{ message: '' }, MERGE_FAILED_MESSAGE],
    [null, MERGE_FAILED_MESSAGE],
  ])('reads the message of %j as %j', (error, message) => {
    expect(mergeFailureMessage(error)).toBe(message);
  });
});
