import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type { AccessAnswer, AccessQuestion } from '../../../machines/permissions/accessCheck';
import {
  ACCESS_CHECK_FAILED_MESSAGE,
  accessCheckMachine,
  questionComplete,
} from '../../../machines/permissions/accessCheck';
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

type Snapshot = SnapshotFrom<typeof accessCheckMachine>;
type Path = MachinePath<Snapshot>;

const PLAYBOOK = 'e91ece9b-e14b-42e1-baf5-733ac9dd9eb4';
/** The dialog opened on a playbook: the resource preset, no subject yet. */
const QUESTION: AccessQuestion = {
  subjectKind: 'role',
  subject: undefined,
  action: 'playbook:run',
  resourceKind: 'playbook',
  resource: PLAYBOOK,
  targetKind: undefined,
  target: undefined,
};
const INPUT = { question: QUESTION };
const [REVIEW_DONE, REVIEW_ERROR] = actorEvents('reviewAccess');

const ALLOWED: AccessAnswer = {
  allowed: true,
  rules: [
    { source: 'role', effect: 'allow', description: 'editor writes playbook_runs', role: 'editor' },
  ],
};
const DENIED: AccessAnswer = { allowed: false, rules: [] };

/** What the user and the server can do in each state. */
function eventsFor(snapshot: Snapshot): AnyEventObject[] {
  const change = (subject: string | undefined) => ({
    type: 'question.change',
    changes: { subject },
  });
  switch (snapshot.value) {
    case 'choosing':
      return [change('editor'), change(undefined), { type: 'check.submit' }];
    case 'checking':
      return [
        { type: REVIEW_DONE, output: ALLOWED },
        { type: REVIEW_DONE, output: DENIED },
        { type: REVIEW_ERROR, error: httpError(403, { error: 'forbidden' }) },
        { type: REVIEW_ERROR, error: networkError() },
      ];
    case 'answered':
      return [change('viewer'), { type: 'check.submit' }];
    case 'failed':
      return [change('viewer'), { type: 'check.retry' }];
    default:
      return [];
  }
}

/** A vertex: the state, whether the question can be asked, the answer's decision, the failure. */
function key(snapshot: Snapshot): string {
  const { question, answer, error } = snapshot.context;
  return JSON.stringify([
    snapshot.value,
    questionComplete(question),
    answer?.allowed ?? null,
    error ?? null,
  ]);
}

const traversal = { input: INPUT, events: eventsFor, serializeState: key };

interface Deferred {
  input: AccessQuestion;
  resolve: (value: AccessAnswer) => void;
  reject: (error: unknown) => void;
}

/** The production machine with a controllable review. */
function start() {
  const reviews: Deferred[] = [];
  const actor = createActor(
    accessCheckMachine.provide({
      actors: {
        reviewAccess: fromPromise<AccessAnswer, AccessQuestion>(
          ({ input }) => new Promise((resolve, reject) => reviews.push({ input, resolve, reject })),
        ),
      },
    }),
    { input: INPUT },
  );
  actor.start();
  return { actor, reviews };
}

const message = (error: unknown) =>
  (error as { message?: string }).message || ACCESS_CHECK_FAILED_MESSAGE;

/** Replays a generated path on the real actor, answering the review as the path says. */
async function replay(path: Path): Promise<void> {
  const { actor, reviews } = start();
  let asked = 0;
  for (const step of path.steps) {
    const { event } = step;
    const before = actor.getSnapshot();
    if (event.type === REVIEW_DONE) reviews.at(-1)?.resolve(event.output as AccessAnswer);
    else if (event.type === REVIEW_ERROR) reviews.at(-1)?.reject(event.error);
    else actor.send(event as never);
    await flush();

    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toEqual(step.state.value);
    expect(snapshot.context).toEqual(step.state.context);
    if (snapshot.value === 'checking' && before.value !== 'checking') asked += 1;
    expect(reviews).toHaveLength(asked);
    // The review is asked the question as it stood, with the preset resource.
    for (const review of reviews) {
      expect(review.input.resource).toBe(PLAYBOOK);
      expect(questionComplete(review.input)).toBe(true);
    }
    if (snapshot.value === 'answered') expect(snapshot.context.error).toBeUndefined();
    if (snapshot.value === 'failed') {
      expect(snapshot.context.answer).toBeUndefined();
      expect(snapshot.context.error).toBe(message(event.error));
    }
    if (snapshot.value === 'choosing') {
      expect(snapshot.context.answer).toBeUndefined();
      expect(snapshot.context.error).toBeUndefined();
    }
  }
  actor.stop();
}

const { statePaths, transitionPaths } = generatePaths(accessCheckMachine, traversal);

function describeEvent(event: AnyEventObject): string {
  if (event.type === REVIEW_DONE)
    return (event.output as AccessAnswer).allowed ? 'allowed' : 'denied';
  if (event.type === REVIEW_ERROR) return `failed:${message(event.error)}`;
  if (event.type === 'question.change') {
    return `subject=${String((event.changes as Partial<AccessQuestion>).subject ?? '-')}`;
  }
  return event.type;
}

const describePath = (path: Path) =>
  describeSteps(path, (snapshot) => String(snapshot.value), describeEvent);

describe('accessCheck: generated paths', () => {
  itCoversEveryStateAndTransition(
    accessCheckMachine,
    inertMachine(accessCheckMachine, ['reviewAccess']),
    {
      states: [{ input: INPUT, paths: statePaths }],
      transitions: [{ input: INPUT, paths: transitionPaths }],
    },
    {
      stateIds: [
        'accessCheck',
        'accessCheck.answered',
        'accessCheck.checking',
        'accessCheck.choosing',
        'accessCheck.failed',
      ],
      transitions: 8,
    },
  );

  it('include a retry after a failure and a new question after an answer', () => {
    const descriptions = transitionPaths.map(describePath);
    expect(
      descriptions.some((path) => /failed:forbidden→failed check\.retry→checking/.test(path)),
    ).toBe(true);
    expect(descriptions.some((path) => /→answered subject=viewer→choosing/.test(path))).toBe(true);
  });

  itReplaysStateAndTransitionPaths({ statePaths, transitionPaths }, describePath, replay);
});

describe('accessCheck: behaviour', () => {
  it('does not ask an incomplete question', async () => {
    const { actor, reviews } = start();
    actor.send({ type: 'check.submit' });
    await flush();
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(reviews).toHaveLength(0);
    actor.stop();
  });

  it('clears the answer when the question changes', async () => {
    const { actor, reviews } = start();
    actor.send({ type: 'question.change', changes: { subject: 'editor' } });
    actor.send({ type: 'check.submit' });
    reviews[0]?.resolve(ALLOWED);
    await flush();
    expect(actor.getSnapshot().context.answer).toEqual(ALLOWED);
    actor.send({ type: 'question.change', changes: { action: 'playbook:approve' } });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.answer).toBeUndefined();
    expect(actor.getSnapshot().context.question.action).toBe('playbook:approve');
    actor.stop();
  });

  it('fails clearly when the console forgot to provide the actor', async () => {
    const actor = createActor(accessCheckMachine, { input: INPUT });
    actor.start();
    actor.send({ type: 'question.change', changes: { subject: 'editor' } });
    actor.send({ type: 'check.submit' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe('accessCheck: provide the reviewAccess actor');
    actor.stop();
  });

  it.each([
    [{ ...QUESTION, subject: 'editor' }, true],
    [QUESTION, false],
    [{ ...QUESTION, subject: 'editor', resource: undefined }, false],
    [{ ...QUESTION, subject: 'editor', targetKind: 'config' as const }, false],
    [{ ...QUESTION, subject: 'editor', targetKind: 'config' as const, target: 'c1' }, true],
    [{ ...QUESTION, subject: 'editor', resourceKind: 'connection' as const }, false],
    [{ ...QUESTION, subject: 'editor', resourceKind: 'connection' as const, action: 'read' }, true],
  ])('a question %j can be asked: %s', (question, complete) => {
    expect(questionComplete(question)).toBe(complete);
  });
});
