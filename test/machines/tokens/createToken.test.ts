import { createActor, fromPromise, waitFor } from 'xstate';
import {
  CREATE_TOKEN_FAILED,
  createTokenMachine,
  failureMessage,
} from '../../../machines/tokens/createToken';
import type { TokenDraft } from '../../../src/features/tokens/model/tokenDraft';
import { emptyTokenDraft, submitsValidDraft } from '../../../src/features/tokens/model/tokenDraft';
import {
  emptyCoverage,
  expectFullCoverage,
  recordRun,
  transitionKeys,
  writeCoverageFile,
} from '../../support/machineCoverage';
import {
  BLANK_DRAFT,
  CREATED_TOKEN,
  INPUT,
  SERVER_MESSAGE,
  VALID_DRAFT,
  edgeRuns,
  eventsFor,
  expectedSnapshots,
  inertTokenMachine,
  serializeState,
  shortestPaths,
} from './createTokenPaths';

// --- model-based coverage -----------------------------------------------------------------

describe('createToken: generated paths', () => {
  it('reach every vertex: editing, creating, created (hidden and shown), failed, closed', () => {
    expect(shortestPaths().map((path) => path.vertex)).toEqual(
      expect.arrayContaining([
        '["editing",false]',
        '["creating",false]',
        '["created",false]',
        '["created",true]',
        '["failed",false]',
        '["closed",false]',
      ]),
    );
    expect(shortestPaths()).toHaveLength(6);
  });

  it('the runs over every edge reach every state and take every transition', () => {
    const coverage = emptyCoverage();
    const vertices = new Set(shortestPaths().map((path) => path.vertex));
    const runs = edgeRuns();
    for (const run of runs) {
      expect(vertices).toContain(
        serializeState(recordRun(inertTokenMachine, run, coverage, INPUT)),
      );
    }

    expectFullCoverage(createTokenMachine, coverage);
    expect(transitionKeys(createTokenMachine)).toHaveLength(8);
    writeCoverageFile(createTokenMachine, coverage);
    // Every edge from every vertex is in some run.
    const edges = shortestPaths().reduce((sum, path) => sum + eventsFor(path.state).length, 0);
    expect(edges).toBe(16);
    expect(runs.length).toBeGreaterThan(5);
  });

  it('along every run: a failure keeps the draft, a close forgets the token', () => {
    for (const run of edgeRuns()) {
      const snapshots = expectedSnapshots(run);
      snapshots.forEach((snapshot, index) => {
        const event = run[index]!;
        if (snapshot.value === 'failed') {
          expect(snapshot.context.draft).toEqual(VALID_DRAFT);
          expect([SERVER_MESSAGE, CREATE_TOKEN_FAILED]).toContain(snapshot.context.error);
        }
        if (snapshot.value === 'closed') {
          expect(snapshot.context.token).toBeUndefined();
          expect(snapshot.context.revealed).toBe(false);
        }
        if (snapshot.value === 'created') expect(snapshot.context.token).toBe(CREATED_TOKEN);
        if (event.type === 'token.submit' && snapshot.value !== 'closed') {
          // A blank name never leaves the form.
          const blank = (event as unknown as { draft: TokenDraft }).draft === BLANK_DRAFT;
          if (blank) expect(snapshot.value).not.toBe('creating');
          else expect(snapshot.value).toBe('creating');
        }
      });
    }
  });
});

// --- runs with fake actors ------------------------------------------------------------------

const running: Array<{ stop: () => void }> = [];
afterEach(() => {
  for (const actor of running.splice(0)) actor.stop();
});

function run(createToken: (draft: TokenDraft, signal: AbortSignal) => Promise<string>) {
  const calls: TokenDraft[] = [];
  const copied: string[] = [];
  const logic = createTokenMachine.provide({
    guards: { isValid: submitsValidDraft },
    actors: {
      createToken: fromPromise<string, object>(({ input, signal }) => {
        calls.push(input as TokenDraft);
        return createToken(input as TokenDraft, signal);
      }),
    },
    actions: {
      copyToken: (_, { token }) => void copied.push(token),
    },
  });
  const actor = createActor(logic, { input: { draft: emptyTokenDraft('mcp') } });
  running.push(actor);
  actor.start();
  return { actor, calls, copied };
}

describe('createToken: behaviour', () => {
  it('starts editing the draft it is given', () => {
    const { actor } = run(async () => CREATED_TOKEN);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.draft).toEqual(emptyTokenDraft('mcp'));
  });

  it('creates the token with the submitted draft, hidden until revealed', async () => {
    const { actor, calls, copied } = run(async () => CREATED_TOKEN);
    actor.send({ type: 'token.submit', draft: VALID_DRAFT });
    await waitFor(actor, (snapshot) => snapshot.matches('created'));
    expect(calls).toEqual([VALID_DRAFT]);
    expect(actor.getSnapshot().context).toMatchObject({ token: CREATED_TOKEN, revealed: false });
    actor.send({ type: 'token.reveal' });
    expect(actor.getSnapshot().context.revealed).toBe(true);
    actor.send({ type: 'token.copy' });
    expect(copied).toEqual([CREATED_TOKEN]);
    actor.send({ type: 'token.hide' });
    expect(actor.getSnapshot().context.revealed).toBe(false);
  });

  it('does not send a blank name', () => {
    const { actor, calls } = run(async () => CREATED_TOKEN);
    actor.send({ type: 'token.submit', draft: BLANK_DRAFT });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls).toEqual([]);
  });

  it('keeps the draft and shows the server message when creation fails, then retries', async () => {
    let attempt = 0;
    const { actor, calls } = run(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error(SERVER_MESSAGE);
      return CREATED_TOKEN;
    });
    actor.send({ type: 'token.submit', draft: VALID_DRAFT });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context).toMatchObject({
      draft: VALID_DRAFT,
      error: SERVER_MESSAGE,
      token: undefined,
    });
    const renamed = { ...VALID_DRAFT, name: 'ci-bot-2' };
    actor.send({ type: 'token.submit', draft: renamed });
    await waitFor(actor, (snapshot) => snapshot.matches('created'));
    expect(calls).toEqual([VALID_DRAFT, renamed]);
  });

  it('says "Failed to create token" when the failure has no message', async () => {
    const { actor } = run(async () => {
      throw {};
    });
    actor.send({ type: 'token.submit', draft: VALID_DRAFT });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('Failed to create token');
  });

  it('closing forgets the token and ends the machine', async () => {
    const { actor } = run(async () => CREATED_TOKEN);
    actor.send({ type: 'token.submit', draft: VALID_DRAFT });
    await waitFor(actor, (snapshot) => snapshot.matches('created'));
    actor.send({ type: 'token.reveal' });
    actor.send({ type: 'token.close' });
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context).toMatchObject({ token: undefined, revealed: false });
  });

  it('closing while creating aborts the request', async () => {
    let aborted = false;
    const { actor } = run(
      (_draft, signal) =>
        new Promise<string>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    );
    actor.send({ type: 'token.submit', draft: VALID_DRAFT });
    expect(actor.getSnapshot().value).toBe('creating');
    actor.send({ type: 'token.close' });
    expect(aborted).toBe(true);
    expect(actor.getSnapshot().value).toBe('closed');
  });

  it.each([
    [new Error('  name taken  '), 'name taken'],
    ['plain text', 'plain text'],
    [new Error(''), CREATE_TOKEN_FAILED],
    [undefined, CREATE_TOKEN_FAILED],
    [{ message: 42 }, CREATE_TOKEN_FAILED],
  ])('failureMessage(%p) is %p', (error, message) => {
    expect(failureMessage(error)).toBe(message);
  });
});
