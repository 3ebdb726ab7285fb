import type { AnyEventObject, AnyStateMachine } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { CreateTokenContext } from '../../../machines/tokens/createToken';
import { createTokenMachine } from '../../../machines/tokens/createToken';
import type { TokenDraft } from '../../../src/features/tokens/model/tokenDraft';
import { emptyTokenDraft, submitsValidDraft } from '../../../src/features/tokens/model/tokenDraft';

/**
 * The model of the token dialog shared by the machine test and the dialog's component test:
 * what can happen in each state, and the event sequences that reach every state and take
 * every transition.
 */

export const VALID_DRAFT: TokenDraft = { ...emptyTokenDraft('token'), name: 'ci-bot' };
export const BLANK_DRAFT: TokenDraft = { ...emptyTokenDraft('token'), name: '   ' };
export const CREATED_TOKEN = 'mc_tok_5f2b7c9e1d3a4b6c8e0f';
export const SERVER_MESSAGE = 'a token named ci-bot already exists';

export const done = (output: unknown): AnyEventObject => ({
  type: 'xstate.done.actor.createToken',
  output,
  actorId: 'createToken',
});
export const failed = (error: unknown): AnyEventObject => ({
  type: 'xstate.error.actor.createToken',
  error,
  actorId: 'createToken',
});

/** A state of the machine as the graph hands it over. */
export interface ModelState {
  value: unknown;
  context: unknown;
}

/**
 * What can happen in each state: the user's actions and the request's outcomes. A shown token
 * can be hidden, a hidden one revealed.
 */
export function eventsFor(state: ModelState): AnyEventObject[] {
  switch (state.value) {
    case 'editing':
    case 'failed':
      return [
        { type: 'token.submit', draft: VALID_DRAFT },
        { type: 'token.submit', draft: BLANK_DRAFT },
        { type: 'token.close' },
      ];
    case 'creating':
      return [
        done(CREATED_TOKEN),
        // With the server's message, and without any.
        failed(new Error(SERVER_MESSAGE)),
        failed({}),
        { type: 'token.close' },
      ];
    case 'created':
      return [
        { type: (state.context as CreateTokenContext).revealed ? 'token.hide' : 'token.reveal' },
        { type: 'token.copy' },
        { type: 'token.close' },
      ];
    default:
      return [];
  }
}

/** A vertex: the state, and whether the token shows in clear. */
export function serializeState(snapshot: { value: unknown; context: unknown }): string {
  const context = snapshot.context as CreateTokenContext;
  return JSON.stringify([snapshot.value, context.revealed]);
}

export const INPUT = { draft: emptyTokenDraft('token') };

/** The production machine with never-settling actors: only the given events move it. */
export const inertTokenMachine: AnyStateMachine = createTokenMachine.provide({
  guards: { isValid: submitsValidDraft },
  actors: {
    createToken: fromPromise<string, object>(() => new Promise<string>(() => undefined)),
  },
});

export interface ModelPath {
  /** The events, from the start, that lead to the vertex. */
  events: AnyEventObject[];
  /** The vertex reached. */
  vertex: string;
  /** The state reached. */
  state: ModelState;
}

/** The shortest path to every vertex of the machine. */
export function shortestPaths(): ModelPath[] {
  return getShortestPaths(inertTokenMachine, {
    input: INPUT,
    events: (snapshot) => eventsFor(snapshot),
    serializeState: (snapshot) => serializeState(snapshot),
  }).map((path) => ({
    events: path.steps.map((step) => step.event).filter((event) => event.type !== 'xstate.init'),
    vertex: serializeState(path.state),
    state: { value: path.state.value, context: path.state.context },
  }));
}

/**
 * Every edge of the graph as a run from the start: the shortest path to the edge's source, then
 * the edge's event. Runs that are the start of a longer run are left out, so each run is
 * needed; together they take every transition.
 */
export function edgeRuns(): AnyEventObject[][] {
  const runs = shortestPaths().flatMap((path) =>
    eventsFor(path.state).map((event) => [...path.events, event]),
  );
  const key = (run: AnyEventObject[]) => run.map(eventKey).join('\n');
  return runs.filter(
    (run) =>
      !runs.some((other) => other.length > run.length && key(other).startsWith(`${key(run)}\n`)),
  );
}

/** An event as text; errors keep their message (JSON leaves it out). */
export function eventKey(event: AnyEventObject): string {
  return JSON.stringify(event, (_key, value: unknown) =>
    value instanceof Error ? { error: value.message } : value,
  );
}

/** The snapshots of the inert machine after each event of a run. */
export function expectedSnapshots(run: readonly AnyEventObject[]) {
  const actor = createActor(inertTokenMachine, { input: INPUT });
  actor.start();
  const snapshots = run.map((event) => {
    actor.send(event);
    const snapshot = actor.getSnapshot();
    return { value: snapshot.value as string, context: snapshot.context as CreateTokenContext };
  });
  actor.stop();
  return snapshots;
}

/** A readable name of a run, for test titles. */
export function describeRun(run: readonly AnyEventObject[]): string {
  return run
    .map((event) => {
      if (event.type === 'token.submit') {
        return (event as unknown as { draft: TokenDraft }).draft.name.trim()
          ? 'submit'
          : 'submit blank';
      }
      if (event.type.startsWith('xstate.done')) return 'created';
      if (event.type.startsWith('xstate.error')) {
        return (event as unknown as { error: unknown }).error instanceof Error
          ? 'fails with a message'
          : 'fails without one';
      }
      return event.type.replace('token.', '');
    })
    .join(' → ');
}
