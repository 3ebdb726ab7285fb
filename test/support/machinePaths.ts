/**
 * Generated paths through a state machine for model-based tests: the shortest path to every
 * vertex of its graph, and one path through every edge, each taken again from the start so
 * every step's snapshot follows from the steps before it.
 */
import type { AnyActorLogic, AnyEventObject, AnyStateMachine, SnapshotFrom } from 'xstate';
import { initialTransition, transition } from 'xstate';
import type { AdjacencyMap } from 'xstate/graph';
import { getAdjacencyMap, getShortestPaths } from 'xstate/graph';

export interface PathStep<S> {
  event: AnyEventObject;
  state: S;
}

export interface MachinePath<S> {
  state: S;
  steps: Array<PathStep<S>>;
}

export interface Traversal<S> {
  input: unknown;
  /** What can happen in a state: the user's events and the actors' answers. */
  events: (snapshot: S) => AnyEventObject[];
  /** A vertex of the graph: what of the snapshot decides what happens next. */
  serializeState: (snapshot: S) => string;
  /** An event as a key, where JSON would make two events one (an `Error` is `{}`). */
  serializeEvent?: (event: AnyEventObject) => string;
}

const INIT = 'xstate.init';

/** A path's events, without the start. */
export function eventsOf<S>(path: MachinePath<S>): AnyEventObject[] {
  return path.steps.map((step) => step.event).filter((event) => event.type !== INIT);
}

/** The machine's snapshots along `events`, from its initial state with `input`. */
export function rederive<M extends AnyStateMachine>(
  machine: M,
  input: unknown,
  events: AnyEventObject[],
): MachinePath<SnapshotFrom<M>> {
  let [state] = initialTransition(machine, input as never);
  const steps: Array<PathStep<SnapshotFrom<M>>> = [];
  for (const event of events) {
    [state] = transition(machine, state, event as never);
    steps.push({ event, state: state as SnapshotFrom<M> });
  }
  return { state: state as SnapshotFrom<M>, steps };
}

/** Shortest path to every vertex, and one path through every edge of the graph. */
export function generatePaths<M extends AnyStateMachine>(
  machine: M,
  traversal: Traversal<SnapshotFrom<M>>,
): {
  statePaths: Array<MachinePath<SnapshotFrom<M>>>;
  transitionPaths: Array<MachinePath<SnapshotFrom<M>>>;
} {
  type S = SnapshotFrom<M>;
  const key = traversal.serializeState;
  const shortest = getShortestPaths(machine, traversal as never) as unknown as Array<
    MachinePath<S>
  >;
  const statePaths = shortest.map((path) => rederive(machine, traversal.input, eventsOf(path)));
  const toVertex = new Map(shortest.map((path) => [key(path.state), path]));
  const adjacency = getAdjacencyMap(
    machine as unknown as AnyActorLogic,
    traversal as never,
  ) as AdjacencyMap<S, AnyEventObject>;
  const transitionPaths: Array<MachinePath<S>> = [];
  for (const vertex of Object.values(adjacency)) {
    const head = toVertex.get(key(vertex.state));
    if (!head) throw new Error(`no path to ${key(vertex.state)}`);
    for (const { event } of Object.values(vertex.transitions) as Array<PathStep<S>>) {
      transitionPaths.push(rederive(machine, traversal.input, [...eventsOf(head), event]));
    }
  }
  return { statePaths, transitionPaths };
}
