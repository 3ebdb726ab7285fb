import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { EvidenceDraft } from '../../../machines/incidents/linkToIncident';
import {
  DEFAULT_INCIDENT_SEVERITY,
  DEFAULT_INCIDENT_TYPE,
  LINK_FAILED_MESSAGE,
  LINK_MESSAGES,
  failureMessage,
  linkToIncidentMachine,
  validateLink,
} from '../../../machines/incidents/linkToIncident';
import { httpError } from '../../../src/api/errors';
import { itCoversEveryStateAndTransition, itRunsEachPath } from '../../support/generatedPaths';
import type { MachinePath } from '../../support/machinePaths';
import { generatePaths } from '../../support/machinePaths';
import {
  describePath as describeSteps,
  flush,
  where,
  withTestActors,
} from '../../support/machineReplay';

type Snapshot = SnapshotFrom<typeof linkToIncidentMachine>;
type Path = MachinePath<Snapshot>;

const EVIDENCE: EvidenceDraft = { type: 'check', check_id: 'check-1' };
const INPUT = { evidence: EVIDENCE };
const ACTORS = [
  'loadHypotheses',
  'createIncident',
  'createHypothesis',
  'attachEvidence',
  'deleteHypothesis',
  'deleteIncident',
] as const;
type ActorName = (typeof ACTORS)[number];
const done = (name: ActorName, output: unknown) => ({
  type: `xstate.done.actor.${name}`,
  output,
});
const failed = (name: ActorName, message: string) => ({
  type: `xstate.error.actor.${name}`,
  error: httpError(500, { error: message }),
});

/** What can happen in each state: the user's input and the actors' answers. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  switch (where(snapshot)) {
    case 'editing.ready':
      return [
        { type: 'incident.select', id: 'inc-1', title: 'Checkout outage' },
        { type: 'incident.create', title: 'Payments down' },
        { type: 'incident.create', title: ' ' },
        { type: 'hypothesis.create', title: 'Bad deploy' },
        { type: 'hypothesis.select', id: 'h-1' },
        { type: 'field.set', field: 'severity', value: '' },
        { type: 'hypotheses.retry' },
        { type: 'submit' },
        { type: 'close' },
      ];
    case 'editing.loadingHypotheses':
      return [
        done('loadHypotheses', [{ id: 'h-1', title: 'Root' }]),
        done('loadHypotheses', [
          { id: 'h-1', title: 'Root' },
          { id: 'h-2', title: 'Other' },
        ]),
        failed('loadHypotheses', 'hypotheses unavailable'),
        { type: 'close' },
      ];
    case 'submitting.creatingIncident':
      return [done('createIncident', { id: 'inc-new' }), failed('createIncident', 'no incident')];
    case 'submitting.creatingHypothesis':
      return [
        done('createHypothesis', { id: 'h-new' }),
        failed('createHypothesis', 'no hypothesis'),
      ];
    case 'submitting.attachingEvidence':
      return [done('attachEvidence', {}), failed('attachEvidence', 'no evidence')];
    case 'compensating.removingHypothesis':
      return [done('deleteHypothesis', null), failed('deleteHypothesis', 'cannot delete')];
    case 'compensating.removingIncident':
      return [done('deleteIncident', null), failed('deleteIncident', 'cannot delete')];
    default:
      return [];
  }
}

/**
 * A vertex: the state and only what decides where the form can go next (whether the incident
 * is chosen, new and named, or missing; the hypothesis; whether the new incident's fields are
 * filled; whether hypotheses were read; whether the last attempt failed). Messages and titles
 * are left out, or the graph would have a vertex per text.
 */
function key(snapshot: Snapshot): string {
  const c = snapshot.context;
  const incident =
    c.incident.kind === 'new' && c.incident.title.trim() === '' ? 'unnamed' : c.incident.kind;
  return JSON.stringify([
    where(snapshot),
    incident,
    c.hypothesis.kind,
    Boolean(c.type && c.severity),
    c.hypotheses.length > 0,
    c.failure !== undefined,
    Object.keys(c.created).length,
  ]);
}

const traversal = { input: INPUT, events: eventsFor, serializeState: key };

/** The machine with its actors answered by the test. */
const actors = withTestActors(linkToIncidentMachine, ACTORS);

/** The machine with controllable actors, recording their calls and what it emits. */
const start = () => actors.start(INPUT);

/** Replays a generated path on the real actor, answering its actors as the path says. */
const replay = (path: Path) => actors.replay(INPUT, path);

const { statePaths, transitionPaths } = generatePaths(linkToIncidentMachine, traversal);

const describePath = (path: Path) => describeSteps(path, where);

describe('linkToIncident: generated paths', () => {
  itCoversEveryStateAndTransition(linkToIncidentMachine, actors.inert, {
    states: [{ input: INPUT, paths: statePaths }],
    transitions: [{ input: INPUT, paths: transitionPaths }],
  });

  it('include a failure at each step and a failed cleanup', () => {
    const descriptions = transitionPaths.map(describePath).join('\n');
    for (const fragment of [
      'error:createIncident→editing.ready',
      'error:createHypothesis→compensating.removingIncident',
      'error:attachEvidence→compensating.removingHypothesis',
      'error:deleteHypothesis→compensating.removingIncident',
      'error:deleteIncident→editing.ready',
    ]) {
      expect(descriptions).toContain(fragment);
    }
  });

  it('are a manageable number', () => {
    expect(statePaths.length).toBeLessThan(200);
    expect(transitionPaths.length).toBeLessThan(1500);
  });

  itRunsEachPath(
    'state path %s runs on the real actor',
    statePaths,
    (path) => describePath(path) || '(start)',
    replay,
  );
});

describe('linkToIncident: behaviour', () => {
  it('creates the incident, its root hypothesis and the evidence in order, then says so', async () => {
    const { actor, calls, emitted } = start();
    actor.send({ type: 'incident.create', title: '  Payments down ' });
    actor.send({ type: 'field.set', field: 'severity', value: 'high' });
    actor.send({ type: 'field.set', field: 'description', value: 'seen at 10:02' });
    actor.send({ type: 'submit' });
    expect(calls.map((c) => [c.name, c.input])).toEqual([
      ['createIncident', { title: 'Payments down', type: DEFAULT_INCIDENT_TYPE, severity: 'high' }],
    ]);
    calls[0]!.resolve({ id: 'inc-9' });
    await flush();
    expect(calls[1]).toMatchObject({
      name: 'createHypothesis',
      input: { incidentId: 'inc-9', title: 'Payments down' },
    });
    calls[1]!.resolve({ id: 'h-9' });
    await flush();
    expect(calls[2]).toMatchObject({
      name: 'attachEvidence',
      input: { hypothesisId: 'h-9', evidence: EVIDENCE, description: 'seen at 10:02' },
    });
    calls[2]!.resolve({});
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(emitted).toEqual([{ type: 'link.succeeded', incidentId: 'inc-9' }]);
  });

  it('chooses the only hypothesis of an existing incident and attaches to it directly', async () => {
    const { actor, calls, emitted } = start();
    actor.send({ type: 'incident.select', id: 'inc-1', title: 'Checkout outage' });
    expect(calls[0]).toMatchObject({ name: 'loadHypotheses', input: { incidentId: 'inc-1' } });
    calls[0]!.resolve([{ id: 'h-1', title: 'Root' }]);
    await flush();
    expect(actor.getSnapshot().context.hypothesis).toEqual({ kind: 'existing', id: 'h-1' });
    actor.send({ type: 'submit' });
    expect(calls.map((c) => c.name)).toEqual(['loadHypotheses', 'attachEvidence']);
    expect(calls[1]!.input).toMatchObject({ hypothesisId: 'h-1' });
    calls[1]!.resolve({});
    await flush();
    expect(emitted).toEqual([{ type: 'link.succeeded', incidentId: 'inc-1' }]);
  });

  it('removes what a failed attempt made, keeps the form and names the failed step', async () => {
    const { actor, calls, emitted } = start();
    actor.send({ type: 'incident.create', title: 'Payments down' });
    actor.send({ type: 'hypothesis.create', title: 'Bad deploy' });
    actor.send({ type: 'submit' });
    calls[0]!.resolve({ id: 'inc-9' });
    await flush();
    expect(calls[1]!.input).toEqual({ incidentId: 'inc-9', title: 'Bad deploy' });
    calls[1]!.resolve({ id: 'h-9' });
    await flush();
    calls[2]!.reject(httpError(403, { error: 'not allowed to add evidence' }));
    await flush();
    expect(calls[3]).toMatchObject({ name: 'deleteHypothesis', input: { id: 'h-9' } });
    calls[3]!.resolve(null);
    await flush();
    expect(calls[4]).toMatchObject({ name: 'deleteIncident', input: { id: 'inc-9' } });
    calls[4]!.reject(httpError(500, { error: 'incident is locked' }));
    await flush();
    const { context } = actor.getSnapshot();
    expect(where(actor.getSnapshot())).toBe('editing.ready');
    expect(context.failure).toEqual({
      step: 'evidence',
      message: 'not allowed to add evidence',
      cleanupMessage: 'incident is locked',
    });
    expect(context.incident).toEqual({ kind: 'new', title: 'Payments down' });
    expect(context.hypothesis).toEqual({ kind: 'new', title: 'Bad deploy' });
    expect(context.created).toEqual({});
    expect(emitted).toEqual([{ type: 'link.failed', failure: context.failure }]);
  });

  it('checks the form word for word and resets it on close', () => {
    const { actor, calls } = start();
    actor.send({ type: 'submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ incident: LINK_MESSAGES.incident });
    expect(calls).toEqual([]);
    expect(
      validateLink({
        incident: { kind: 'new', title: 'x' },
        hypothesis: { kind: 'none' },
        type: '',
        severity: '',
      }),
    ).toEqual({
      severity: 'Please select incident severity.',
      type: 'Please select an incident type.',
    });
    expect(
      validateLink({
        incident: { kind: 'existing', id: 'i', title: 'x' },
        hypothesis: { kind: 'none' },
        type: DEFAULT_INCIDENT_TYPE,
        severity: DEFAULT_INCIDENT_SEVERITY,
      }),
    ).toEqual({ hypothesis: 'Must select or create a hypothesis.' });
    actor.send({ type: 'incident.create', title: 'Payments down' });
    actor.send({ type: 'close' });
    expect(actor.getSnapshot().context).toMatchObject({
      incident: { kind: 'none' },
      severity: 'low',
      type: 'availability',
      errors: {},
    });
    actor.stop();
  });

  it.each([
    [httpError(500, { error: 'database is down' }), 'database is down'],
    ['plain words', 'plain words'],
    [{ message: '' }, LINK_FAILED_MESSAGE],
    [null, LINK_FAILED_MESSAGE],
  ])('reads the message of %j as %j', (error, message) => {
    expect(failureMessage(error)).toBe(message);
  });
});
