import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { RunPlaybookInput, RunResource } from '../../../machines/playbooks/runPlaybook';
import {
  RUN_PLAYBOOK_MESSAGES,
  canRun,
  isForbidden,
  runFailureMessage,
  runParameterActions,
  runPlaybookMachine,
  visibleErrors,
} from '../../../machines/playbooks/runPlaybook';
import { httpError } from '../../../src/api/errors';
import type { PlaybookParameter } from '../../../src/api/schemas/playbooks';
import { parameterRules } from '../../../src/features/playbooks/model/parameters';
import { itCoversEveryStateAndTransition, itRunsEachPath } from '../../support/generatedPaths';
import type { MachinePath } from '../../support/machinePaths';
import { generatePaths } from '../../support/machinePaths';
import {
  describePath as describeSteps,
  flush,
  vertexKey,
  where,
  withTestActors,
} from '../../support/machineReplay';
import { expectAnswers } from '../../support/answers';
import { EDIT_AND_RUN } from '../../support/runPlaybookEvents';

type Snapshot = SnapshotFrom<typeof runPlaybookMachine>;
type Path = MachinePath<Snapshot>;

const CONFIG: RunResource = { kind: 'config', id: 'cfg-1' };
const OTHER: RunResource = { kind: 'config', id: 'cfg-2' };
const PARAMETERS: PlaybookParameter[] = [
  { name: 'replicas', type: 'number', required: true, default: '2', properties: { max: 10 } },
  { name: 'memory', type: 'bytes', default: '512' },
  { name: 'force', type: 'checkbox', default: 'true' },
];

/** Needs a resource, none chosen: the dialog opened from the playbooks list. */
const CHOOSING: RunPlaybookInput = {
  playbookId: 'pb-1',
  needsResource: true,
};
/** The resource preset: the dialog opened from a config's Playbooks menu. */
const PRESET: RunPlaybookInput = { ...CHOOSING, resource: CONFIG };
/** Resubmit: the resource and an earlier run's parameters preset. */
const RESUBMIT: RunPlaybookInput = {
  ...PRESET,
  initialParams: { replicas: '7', memory: '1Gi', force: 'false', gone: 'x' },
};

/** The machine as the console provides it: the parameter rules as its named actions. */
const machine = runPlaybookMachine.provide({ actions: runParameterActions(parameterRules) });

const ACTORS = ['loadParameters', 'runPlaybook'] as const;
type ActorName = (typeof ACTORS)[number];
const done = (name: ActorName, output: unknown) => ({ type: `xstate.done.actor.${name}`, output });
const failed = (name: ActorName, status: number, message: string) => ({
  type: `xstate.error.actor.${name}`,
  error: httpError(status, { error: message }),
});

/** What can happen in each state: the user's input and the actors' answers. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const select = { type: 'resource.select', resource: OTHER };
  switch (where(snapshot)) {
    case 'choosingResource':
      return [{ type: 'resource.select', resource: CONFIG }];
    case 'loadingParameters':
      return [
        done('loadParameters', PARAMETERS),
        failed('loadParameters', 403, 'forbidden'),
        failed('loadParameters', 500, 'database is down'),
        select,
      ];
    case 'loadFailed':
      return [{ type: 'parameters.retry' }, select];
    case 'forbidden':
      return [select];
    case 'editing.ready':
    case 'editing.failed':
      return [...EDIT_AND_RUN, select];
    case 'submitting':
      return [done('runPlaybook', { run_id: 'run-1' }), failed('runPlaybook', 400, 'bad params')];
    default:
      return [];
  }
}

/** A vertex: the state and what decides where it can go (resource, validity, submitted). */
const key = vertexKey<Snapshot>((c) => [
  c.resource?.id ?? null,
  Object.keys(c.errors).length > 0,
  c.parameters.length,
  c.submitted,
]);

const pathsFrom = (input: RunPlaybookInput) =>
  generatePaths(machine, { input, events: eventsFor, serializeState: key });

const choosing = pathsFrom(CHOOSING);
const preset = pathsFrom(PRESET);
const resubmit = pathsFrom(RESUBMIT);

/** The machine with its actors answered by the test. */
const actors = withTestActors(machine, ACTORS);

/** The machine with controllable actors, recording their calls and what it emits. */
const start = (input: RunPlaybookInput) => actors.start(input);

/** Replays a generated path on the real actor, answering its actors as the path says. */
const replay = (input: RunPlaybookInput, path: Path) => actors.replay(input, path);

const describePath = (path: Path) => describeSteps(path, where);

describe('runPlaybook: generated paths', () => {
  itCoversEveryStateAndTransition(runPlaybookMachine, actors.inert, {
    states: [
      { input: CHOOSING, paths: choosing.statePaths },
      { input: PRESET, paths: preset.statePaths },
      { input: RESUBMIT, paths: resubmit.statePaths },
    ],
    transitions: [
      { input: CHOOSING, paths: choosing.transitionPaths },
      { input: PRESET, paths: preset.transitionPaths },
      { input: RESUBMIT, paths: resubmit.transitionPaths },
    ],
  });

  it('include a refused load, a failed load, a refused Run and a failed run', () => {
    const descriptions = choosing.transitionPaths.map(describePath).join('\n');
    for (const fragment of [
      'resource.select→loadingParameters',
      'error:loadParameters→forbidden',
      'error:loadParameters→loadFailed',
      'parameters.retry→loadingParameters',
      'field.set→editing.ready run→editing.ready',
      'run→submitting error:runPlaybook→editing.failed',
      'done:runPlaybook→done',
    ]) {
      expect(descriptions).toContain(fragment);
    }
  });

  it('include a resubmitted form that runs, and one whose resource is changed', () => {
    const descriptions = resubmit.transitionPaths.map(describePath).join('\n');
    for (const fragment of [
      'done:loadParameters→editing.ready run→submitting',
      'done:loadParameters→editing.ready resource.select→loadingParameters',
    ]) {
      expect(descriptions).toContain(fragment);
    }
  });

  it('are a manageable number', () => {
    expect(
      choosing.transitionPaths.length +
        preset.transitionPaths.length +
        resubmit.transitionPaths.length,
    ).toBeLessThan(750);
  });

  for (const [from, input, paths] of [
    ['choosing', CHOOSING, choosing.statePaths],
    ['preset', PRESET, preset.statePaths],
    ['resubmit', RESUBMIT, resubmit.statePaths],
  ] as const) {
    itRunsEachPath(
      'state path %s runs on the real actor',
      paths,
      (path) => `${from}: ${describePath(path) || '(start)'}`,
      (path) => replay(input, path),
    );
  }
});

describe('runPlaybook: behaviour', () => {
  it('asks for a resource first, then loads its parameters and applies their defaults', async () => {
    const { actor, calls } = start(CHOOSING);
    expect(where(actor.getSnapshot())).toBe('choosingResource');
    expect(RUN_PLAYBOOK_MESSAGES.chooseResource).toBe(
      'Please select a resource to see the parameters.',
    );
    expect(calls).toEqual([]);
    actor.send({ type: 'resource.select', resource: CONFIG });
    expect(calls[0]).toMatchObject({
      name: 'loadParameters',
      input: { playbookId: 'pb-1', resource: CONFIG },
    });
    calls[0]!.resolve(PARAMETERS);
    await flush();
    const { context } = actor.getSnapshot();
    expect(where(actor.getSnapshot())).toBe('editing.ready');
    expect(context.values).toEqual({ replicas: '2', memory: '512', force: true });
    expect(context.errors).toEqual({});
    actor.stop();
  });

  it('loads at once without a resource when the playbook needs none', () => {
    const { actor, calls } = start({ ...CHOOSING, needsResource: false });
    expect(where(actor.getSnapshot())).toBe('loadingParameters');
    expect(calls[0]!.input).toEqual({ playbookId: 'pb-1', resource: undefined });
    actor.send({ type: 'resource.select', resource: CONFIG });
    expect(calls).toHaveLength(1);
    actor.stop();
  });

  it('runs with the converted values and announces the run id', async () => {
    const { actor, calls, emitted } = start(PRESET);
    calls[0]!.resolve(PARAMETERS);
    await flush();
    actor.send({ type: 'field.set', name: 'force', value: false });
    actor.send({ type: 'run' });
    expect(where(actor.getSnapshot())).toBe('submitting');
    // No second run while one is pending.
    actor.send({ type: 'run' });
    expect(calls.filter((c) => c.name === 'runPlaybook')).toHaveLength(1);
    expect(calls[1]!.input).toEqual({
      playbookId: 'pb-1',
      resource: CONFIG,
      params: { replicas: '2', memory: '512Mi', force: 'false' },
    });
    calls[1]!.resolve({ run_id: 'run-42', starts_at: '2024-05-01T10:00:00Z' });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ runId: 'run-42' });
    expect(emitted).toEqual([{ type: 'run.started', runId: 'run-42' }]);
  });

  it('refuses Run while the form is invalid and then shows every error', async () => {
    const { actor, calls } = start(PRESET);
    calls[0]!.resolve(PARAMETERS);
    await flush();
    actor.send({ type: 'field.set', name: 'memory', value: '1GB' });
    actor.send({ type: 'field.set', name: 'replicas', value: '' });
    actor.send({ type: 'field.touch', name: 'force' });
    const touchedOnly = actor.getSnapshot().context;
    expect(touchedOnly.touched).toEqual({ memory: true, replicas: true, force: true });
    expect(visibleErrors(touchedOnly)).toEqual({
      memory: 'Must be a number with a unit Mi, Gi or Ti',
      replicas: 'This field is required',
    });
    actor.send({ type: 'run' });
    expect(where(actor.getSnapshot())).toBe('editing.ready');
    expect(actor.getSnapshot().context.submitted).toBe(true);
    expect(calls.filter((c) => c.name === 'runPlaybook')).toEqual([]);
    actor.stop();
  });

  it('keeps the values and the server words when the run fails, and can run again', async () => {
    const { actor, calls, emitted } = start(PRESET);
    calls[0]!.resolve(PARAMETERS);
    await flush();
    actor.send({ type: 'field.set', name: 'replicas', value: '5' });
    actor.send({ type: 'run' });
    calls[1]!.reject(httpError(400, { error: 'parameter replicas is too high' }));
    await flush();
    const { context } = actor.getSnapshot();
    expect(where(actor.getSnapshot())).toBe('editing.failed');
    expect(context.failure).toBe('parameter replicas is too high');
    expect(context.values.replicas).toBe('5');
    expect(emitted).toEqual([{ type: 'run.failed', message: 'parameter replicas is too high' }]);
    actor.send({ type: 'run' });
    expect(where(actor.getSnapshot())).toBe('submitting');
    expect(actor.getSnapshot().context.failure).toBeUndefined();
    actor.stop();
  });

  it('goes to forbidden on a 403 and to a retryable error otherwise', async () => {
    const { actor, calls } = start(PRESET);
    calls[0]!.reject(httpError(403, { error: 'access denied' }));
    await flush();
    expect(where(actor.getSnapshot())).toBe('forbidden');
    actor.send({ type: 'resource.select', resource: OTHER });
    expect(calls[1]!.input).toEqual({ playbookId: 'pb-1', resource: OTHER });
    calls[1]!.reject(httpError(500, { error: 'database is down' }));
    await flush();
    expect(where(actor.getSnapshot())).toBe('loadFailed');
    expect(actor.getSnapshot().context.loadError).toBe('database is down');
    actor.send({ type: 'parameters.retry' });
    expect(calls).toHaveLength(3);
    calls[2]!.resolve([]);
    await flush();
    expect(where(actor.getSnapshot())).toBe('editing.ready');
    expect(actor.getSnapshot().context.loadError).toBeUndefined();
    actor.stop();
  });

  it('reloads the parameters for another resource, starting from their defaults', async () => {
    const { actor, calls } = start(PRESET);
    calls[0]!.resolve(PARAMETERS);
    await flush();
    actor.send({ type: 'field.set', name: 'replicas', value: '7' });
    actor.send({ type: 'resource.select', resource: OTHER });
    expect(where(actor.getSnapshot())).toBe('loadingParameters');
    expect(actor.getSnapshot().context.values).toEqual({});
    calls[1]!.resolve(PARAMETERS);
    await flush();
    expect(actor.getSnapshot().context.values.replicas).toBe('2');
    actor.stop();
  });

  it('starts a resubmitted form from the earlier run, over the defaults, and runs with it', async () => {
    const { actor, calls } = start({
      ...RESUBMIT,
      initialParams: { replicas: '7', force: 'false', gone: 'x' },
    });
    calls[0]!.resolve(PARAMETERS);
    await flush();
    const { context } = actor.getSnapshot();
    expect(where(actor.getSnapshot())).toBe('editing.ready');
    // Memory was not sent by the earlier run: its default; `gone` is no parameter any more.
    expect(context.values).toEqual({ replicas: '7', memory: '512', force: false });
    actor.send({ type: 'field.set', name: 'replicas', value: '8' });
    actor.send({ type: 'run' });
    expect(calls[1]!.input).toEqual({
      playbookId: 'pb-1',
      resource: CONFIG,
      params: { replicas: '8', memory: '512Mi', force: 'false' },
    });
    actor.stop();
  });

  it('checks a resubmitted value against the parameter as it is now', async () => {
    const { actor, calls } = start({ ...RESUBMIT, initialParams: { replicas: '70' } });
    calls[0]!.resolve(PARAMETERS);
    await flush();
    expect(actor.getSnapshot().context.errors).toEqual({ replicas: 'Must be at most 10' });
    actor.send({ type: 'run' });
    expect(where(actor.getSnapshot())).toBe('editing.ready');
    expect(visibleErrors(actor.getSnapshot().context)).toEqual({ replicas: 'Must be at most 10' });
    actor.stop();
  });

  it('drops the earlier run when another resource is chosen, and keeps it on a retried load', async () => {
    const { actor, calls } = start(RESUBMIT);
    calls[0]!.reject(httpError(500, { error: 'database is down' }));
    await flush();
    actor.send({ type: 'parameters.retry' });
    calls[1]!.resolve(PARAMETERS);
    await flush();
    expect(actor.getSnapshot().context.values.replicas).toBe('7');
    actor.send({ type: 'resource.select', resource: OTHER });
    calls[2]!.resolve(PARAMETERS);
    await flush();
    expect(actor.getSnapshot().context.values).toEqual({
      replicas: '2',
      memory: '512',
      force: true,
    });
    actor.stop();
  });

  it('refuses Run without a playbook id', async () => {
    const { actor, calls } = start({ ...PRESET, playbookId: ' ' });
    calls[0]!.resolve([]);
    await flush();
    actor.send({ type: 'run' });
    expect(where(actor.getSnapshot())).toBe('editing.ready');
    expect(calls).toHaveLength(1);
    actor.stop();
  });

  it('decides Run from the id, the resource and the errors', () => {
    const ok = { playbookId: 'pb', needsResource: true, resource: CONFIG, errors: {} };
    expectAnswers(canRun, [
      [ok, true],
      [{ ...ok, playbookId: '' }, false],
      [{ ...ok, resource: undefined }, false],
      [{ ...ok, resource: undefined, needsResource: false }, true],
      [{ ...ok, errors: { a: 'x' } }, false],
    ]);
  });

  it.each([
    [httpError(500, { error: 'database is down' }), 'database is down'],
    ['plain words', 'plain words'],
    [{ message: '' }, RUN_PLAYBOOK_MESSAGES.generic],
    [null, RUN_PLAYBOOK_MESSAGES.generic],
  ])('reads the message of %j as %j', (error, message) => {
    expect(runFailureMessage(error)).toBe(message);
  });

  it('tells a 403 from other failures', () => {
    expect(isForbidden(httpError(403, {}))).toBe(true);
    expect(isForbidden(httpError(404, {}))).toBe(false);
    expect(isForbidden('403')).toBe(false);
  });
});
