/**
 * Replaying generated machine paths on real actors: the machine with never-settling actors (only
 * a path's events move it), the machine with controllable actors (a test answers each call), a
 * replay of a path that answers the actors as the path says and checks every step, and a
 * readable name for a path.
 */
import type { Actor, AnyEventObject, AnyStateMachine, EmittedFrom, SnapshotFrom } from 'xstate';
import { createActor, fromPromise } from 'xstate';
import type { MachinePath } from './machinePaths';

const INIT = 'xstate.init';
/** An actor's answer: `xstate.done.actor.<name>` or `xstate.error.actor.<name>`. */
const ACTOR_ANSWER = /^xstate\.(done|error)\.actor\.(\w+)$/;

/** The state as a path, e.g. `submitting.creatingIncident` (one level of nesting). */
export function where(snapshot: { value: unknown }): string {
  const value = snapshot.value as string | Record<string, string>;
  if (typeof value === 'string') return value;
  const [parent, child] = Object.entries(value)[0] as [string, string];
  return `${parent}.${child}`;
}

/** A vertex key for path generation: where the snapshot is, then what `parts` reads from its context. */
export function vertexKey<S extends { value: unknown; context: unknown }>(
  parts: (context: S['context']) => unknown[],
): (snapshot: S) => string {
  return (snapshot) => JSON.stringify([where(snapshot), ...parts(snapshot.context)]);
}

/** The events an actor's answer sends: `xstate.done.actor.<name>`, then `xstate.error.actor.<name>`. */
export function actorEvents(name: string): [done: string, error: string] {
  return [`xstate.done.actor.${name}`, `xstate.error.actor.${name}`];
}

/** Lets settled promises run their callbacks (and the actor take the resulting transitions). */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const never = () => new Promise<never>(() => undefined);

/** The machine with never-settling actors: replaying a path, only its events move it. */
export function inertMachine<M extends AnyStateMachine>(machine: M, actors: readonly string[]): M {
  return machine.provide({
    actors: Object.fromEntries(actors.map((name) => [name, fromPromise(never)])) as never,
  }) as M;
}

/** A call of a controllable actor, waiting for the test to answer it. */
export interface ActorCall<N extends string = string> {
  name: N;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A started actor of the machine with controllable actors, its calls and what it emitted. */
export interface ControllableRun<M extends AnyStateMachine, N extends string> {
  actor: Actor<M>;
  calls: Array<ActorCall<N>>;
  emitted: Array<EmittedFrom<M>>;
}

/**
 * Starts the machine (with `input`) with controllable actors named `actors`: each call is
 * recorded in `calls` to be answered by the test, and every event the actor emits in `emitted`.
 */
export function startControllable<M extends AnyStateMachine, N extends string>(
  machine: M,
  actors: readonly N[],
  input?: unknown,
): ControllableRun<M, N> {
  const calls: Array<ActorCall<N>> = [];
  const emitted: Array<EmittedFrom<M>> = [];
  const pending = (name: N) =>
    fromPromise<unknown, unknown>(
      ({ input: actorInput }) =>
        new Promise((resolve, reject) => calls.push({ name, input: actorInput, resolve, reject })),
    );
  const provided = machine.provide({
    actors: Object.fromEntries(actors.map((name) => [name, pending(name)])) as never,
  }) as M;
  const actor = createActor(provided, { input } as never) as Actor<M>;
  actor.on('*', (event) => emitted.push(event as EmittedFrom<M>));
  actor.start();
  return { actor, calls, emitted };
}

/**
 * Replays a generated path on a real actor with controllable actors, answering the latest call
 * of an actor when the path has its done or error event and sending every other event; after
 * each step the actor must be where the path says (by `locate`) with the same context.
 */
export async function replayPath<M extends AnyStateMachine>(
  machine: M,
  actors: readonly string[],
  input: unknown,
  path: MachinePath<SnapshotFrom<M>>,
  locate: (snapshot: SnapshotFrom<M>) => string = where,
): Promise<void> {
  const { actor, calls } = startControllable(machine, actors, input);
  for (const step of path.steps) {
    const { event } = step;
    const match = ACTOR_ANSWER.exec(event.type);
    if (match) {
      const call = [...calls].reverse().find((c) => c.name === match[2]);
      if (!call) throw new Error(`no call of ${match[2]} to answer`);
      const answer = event as unknown as { output?: unknown; error?: unknown };
      if (match[1] === 'done') call.resolve(answer.output);
      else call.reject(answer.error);
    } else {
      actor.send(event as never);
    }
    await flush();
    const snapshot = actor.getSnapshot() as SnapshotFrom<M>;
    expect(locate(snapshot)).toBe(locate(step.state));
    expect((snapshot as { context: unknown }).context).toEqual(
      (step.state as { context: unknown }).context,
    );
  }
  actor.stop();
}

/** An actor's answer as `done:<actor>` or `error:<actor>`, any other event by its type. */
export function describeActorEvent(event: AnyEventObject): string {
  return event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:');
}

/**
 * A path's name: each step as `<event>→<state>`, e.g. `submit→submitting
 * error:createIncident→editing.ready`; empty for the path that only starts the machine.
 */
export function describePath<S>(
  path: MachinePath<S>,
  locate: (snapshot: S) => string,
  describeEvent: (event: AnyEventObject) => string = describeActorEvent,
): string {
  return path.steps
    .filter((s) => s.event.type !== INIT)
    .map((s) => `${describeEvent(s.event)}→${locate(s.state)}`)
    .join(' ');
}

/**
 * The machine with its actors named `actors` answered by the test: `inert`, never settling
 * (only a path's events move it); `start`, an actor with controllable ones; `replay`, a generated
 * path replayed on a real actor, answering them as the path says.
 */
export function withTestActors<M extends AnyStateMachine, N extends string>(
  machine: M,
  actors: readonly N[],
): {
  inert: M;
  start: (input?: unknown) => ControllableRun<M, N>;
  replay: (input: unknown, path: MachinePath<SnapshotFrom<M>>) => Promise<void>;
} {
  return {
    inert: inertMachine(machine, actors),
    start: (input) => startControllable(machine, actors, input),
    replay: (input, path) => replayPath(machine, actors, input, path),
  };
}
