import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type { IntegrationSave } from '../../../machines/integrations/addIntegration';
import {
  ADD_INTEGRATION_FAILED,
  addIntegrationMachine,
  saveFailureMessage,
} from '../../../machines/integrations/addIntegration';
import { itCoversEveryStateAndTransition, itRunsEachPath } from '../../support/generatedPaths';
import { generatePaths } from '../../support/machinePaths';
import { describePath, flush, vertexKey, where, withTestActors } from '../../support/machineReplay';

type Snapshot = SnapshotFrom<typeof addIntegrationMachine>;

const ACTORS = ['save'] as const;
const VALUES = { name: 'payments', namespace: 'default', labels: {}, spec: { type: 'App' } };

/** What can happen in each state: the user's input and the save's answers. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const leave: AnyEventObject[] = [{ type: 'back' }, { type: 'close' }];
  switch (where(snapshot)) {
    case 'choosing':
      return [
        { type: 'option.pick', option: 'prometheus' },
        { type: 'option.pick', option: 'topology' },
        { type: 'option.pick', option: 'scraper' },
        { type: 'close' },
      ];
    case 'configuring':
      return leave;
    case 'editing':
      return [{ type: 'form.submit', values: VALUES }, ...leave];
    case 'saving':
      return [
        { type: 'xstate.done.actor.save', output: [] },
        { type: 'xstate.error.actor.save', error: new Error('duplicate key value') },
        { type: 'close' },
      ];
    case 'failed':
      return [{ type: 'form.submit', values: VALUES }, ...leave];
    default:
      return [];
  }
}

/** A vertex: the state and what decides where it can go. */
const key = vertexKey<Snapshot>((c) => [c.option ?? null, c.error !== undefined]);

const paths = generatePaths(addIntegrationMachine, {
  input: undefined,
  events: eventsFor,
  serializeState: key,
});
/** The machine with its save answered by the test. */
const actors = withTestActors(addIntegrationMachine, ACTORS);

describe('addIntegration: generated paths', () => {
  itCoversEveryStateAndTransition(addIntegrationMachine, actors.inert, {
    states: [{ paths: paths.statePaths }],
    transitions: [{ paths: paths.transitionPaths }],
  });

  itRunsEachPath(
    'replays %s on the real actor',
    paths.transitionPaths,
    (path) => describePath(path, where),
    (path) => actors.replay(undefined, path),
  );
});

describe('addIntegration: behaviour', () => {
  const start = () => actors.start();

  it('configures a GitOps option without saving anything; Back forgets it', () => {
    const { actor, calls } = start();
    actor.send({ type: 'option.pick', option: 'prometheus' });
    expect(actor.getSnapshot().value).toBe('configuring');
    expect(actor.getSnapshot().context.option).toBe('prometheus');
    actor.send({ type: 'form.submit', values: VALUES });
    expect(actor.getSnapshot().value).toBe('configuring');
    expect(calls).toHaveLength(0);
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.option).toBeUndefined();
  });

  it('saves a direct form with its option and values, keeps them on failure and retries', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'option.pick', option: 'topology' });
    expect(actor.getSnapshot().value).toBe('editing');
    actor.send({ type: 'form.submit', values: VALUES });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(calls[0]?.input).toEqual({ option: 'topology', values: VALUES });
    // Closing while the save is under way waits for it.
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).toBe('saving');
    calls[0]?.reject(new Error('duplicate key value'));
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('duplicate key value');
    expect(actor.getSnapshot().context.values).toEqual(VALUES);
    actor.send({ type: 'form.submit', values: { ...VALUES, name: 'payments-2' } });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(actor.getSnapshot().context.error).toBeUndefined();
    calls[1]?.resolve([]);
    await flush();
    expect(actor.getSnapshot().value).toBe('done');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('runs the saved effect once the save succeeds', async () => {
    const saved = jest.fn();
    const save = jest.fn(async (): Promise<unknown> => []);
    const actor = createActor(
      addIntegrationMachine.provide({
        actions: { saved },
        actors: { save: fromPromise<unknown, IntegrationSave>(save) },
      }),
    ).start();
    actor.send({ type: 'option.pick', option: 'log-backend' });
    actor.send({ type: 'form.submit', values: { name: 'loki' } });
    await flush();
    expect(save).toHaveBeenCalledTimes(1);
    expect(saved).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('done');
  });

  it.each([
    ['scraper', '/config-db'],
    ['topology', '/topology'],
    ['log-backend', undefined],
  ] as const)(
    'notes the return target of %s and hands it to the saved effect',
    async (option, returnTo) => {
      const saved = jest.fn();
      const actor = createActor(
        addIntegrationMachine.provide({
          actions: { saved },
          actors: { save: fromPromise<unknown, IntegrationSave>(async () => []) },
        }),
      ).start();
      actor.send({ type: 'option.pick', option });
      expect(actor.getSnapshot().context.returnTo).toBe(returnTo);
      actor.send({ type: 'form.submit', values: VALUES });
      await flush();
      expect(saved).toHaveBeenCalledWith(expect.anything(), { option, returnTo });
    },
  );

  it('forgets the return target with the choice', () => {
    const { actor } = start();
    actor.send({ type: 'option.pick', option: 'scraper' });
    actor.send({ type: 'back' });
    expect(actor.getSnapshot().context.returnTo).toBeUndefined();
    actor.send({ type: 'option.pick', option: 'prometheus' });
    expect(actor.getSnapshot().context.returnTo).toBeUndefined();
  });

  it('closes from the tiles', () => {
    const { actor } = start();
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().value).toBe('closed');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('words a failure in the server’s terms, else generically', () => {
    expect(saveFailureMessage({ message: 'no such table' })).toBe('no such table');
    expect(saveFailureMessage('refused')).toBe('refused');
    expect(saveFailureMessage(undefined)).toBe(ADD_INTEGRATION_FAILED);
  });
});
