/**
 * Model-based tests of dialogs: a dialog driven along its machine's generated paths. For every
 * path the dialog is rendered afresh, each event of the path becomes the user's gesture (or the
 * server's answer, released by the test), and after each gesture the dialog must show what the
 * state the path reached says.
 */
import { waitFor } from '@testing-library/react';
import type { AnyEventObject, AnyStateMachine, AnyStateNode, SnapshotFrom } from 'xstate';
import { initialTransition } from 'xstate';
import type { MachinePath, Traversal } from './machinePaths';
import { generatePaths } from './machinePaths';
import { describePath, where } from './machineReplay';

type Snapshot<M extends AnyStateMachine> = SnapshotFrom<M>;
type Path<M extends AnyStateMachine> = MachinePath<Snapshot<M>>;

/** Releases what waits for the end of the test (requests a path leaves unanswered). */
const atTestEnd: Array<() => void> = [];
afterEach(() => {
  for (const release of atTestEnd.splice(0)) release();
});

/** Settles when the test ends: a request the path does not answer waits for it. */
export function untilTestEnds(): Promise<void> {
  return new Promise((resolve) => atTestEnd.push(resolve));
}

/**
 * The server's answers of a path, in turn: each call takes the next one; a call past the last
 * waits until the test ends (its state stays on screen) and gets `undefined`.
 */
export function answersInTurn<A>(answers: readonly A[]): () => Promise<A | undefined> {
  let next = 0;
  return async () => {
    const answer = answers[next++];
    if (answer === undefined) await untilTestEnds();
    return answer;
  };
}

/**
 * What the user (or the server, when the test holds its answer) does for an event, from the
 * state `before`, in the dialog as `render` returned it.
 */
export type Gesture<M extends AnyStateMachine, R> = (
  rendered: R,
  event: AnyEventObject,
  before: Snapshot<M>,
) => Promise<void>;

/**
 * Where a check of the view is: the state reached, the gesture and the event that led there
 * (the gesture, or the last answer that followed it), the path.
 */
export interface ViewStep<M extends AnyStateMachine> {
  state: Snapshot<M>;
  /** The event that led to the state; none for the dialog as it opens. */
  event: AnyEventObject | undefined;
  /** The gesture's event; none for the dialog as it opens. */
  gesture: AnyEventObject | undefined;
  path: Path<M>;
}

/** What the user must see in a state; it is checked again until it holds. */
export type ViewCheck<M extends AnyStateMachine, R> = (
  rendered: R,
  step: ViewStep<M>,
) => void | Promise<void>;

export interface DialogModel<M extends AnyStateMachine, R> extends Omit<
  Traversal<Snapshot<M>>,
  'input'
> {
  /** The machine's input, as the dialog starts it; none for a machine without one. */
  input?: unknown;
  /** The test titles' prefix, e.g. `resource chosen in the dialog`. */
  title?: string;
  /**
   * Which generated paths are driven: the shortest path to every vertex (the default), or
   * those and, for each transition they do not take (a state by `locate` and an event type)
   * and that `transitions` accepts, the first generated path that ends with it.
   */
  transitions?: boolean | ((event: AnyEventObject) => boolean);
  /**
   * A transition, for `transitions`: by default the state (by `locate`) and the event type; a
   * finer one (e.g. the vertex and the whole event) drives more paths.
   */
  edgeOf?: (before: Snapshot<M>, event: AnyEventObject) => string;
  /**
   * Picks the driven paths among all generated ones instead (e.g. a few named scenarios):
   * the shortest path to every vertex, and one path through every edge.
   */
  select?: (generated: {
    statePaths: Array<Path<M>>;
    transitionPaths: Array<Path<M>>;
  }) => Array<Path<M>>;
  /**
   * Renders the dialog afresh for a path. An actor's answer with no gesture is given by the
   * backend this sets up: its answers for the path are chosen here, before the dialog opens.
   */
  render: (path: Path<M>) => R | Promise<R>;
  /**
   * The gesture per event type. An event type without one follows the gesture before it on its
   * own (an actor's answer chosen in `render`), and the view is checked once it did.
   */
  gestures: Record<string, Gesture<M, R>>;
  /** What the user sees, per state (by `locate`); a state reached with no check fails. */
  expectState: Record<string, ViewCheck<M, R>>;
  /** After the path's last step: what the whole path did (requests sent, their bodies). */
  afterPath?: (rendered: R, path: Path<M>) => void | Promise<void>;
  /** The state as a string, e.g. `editing.ready`. Default: `where`. */
  locate?: (snapshot: Snapshot<M>) => string;
  /** A path's test title. Default: its steps, each as `<event>→<state>`. */
  name?: (path: Path<M>) => string;
  /** An event in a test title. Default: its type, an actor's answer as `done:<actor>`. */
  describeEvent?: (event: AnyEventObject) => string;
  /**
   * States no generated path reaches with this input (e.g. a resource to choose when one is
   * preset); every other stable state must be reached by the driven paths.
   */
  unreachable?: readonly string[];
}

/** A gesture and the state the dialog shows once it and the answers that follow it are done. */
interface Group<M extends AnyStateMachine> {
  event: AnyEventObject | undefined;
  gesture: Gesture<M, unknown> | undefined;
  /** The last event of the group: the gesture's, or the last answer after it. */
  last: AnyEventObject | undefined;
  before: Snapshot<M>;
  state: Snapshot<M>;
}

/** Every state a snapshot can rest in, by `locate`'s form: leaf states without `always`. */
function restingStates(machine: AnyStateMachine): string[] {
  const walk = (node: AnyStateNode): string[] => {
    const children = Object.values(node.states);
    if (children.length === 0) {
      return (node.always?.length ?? 0) > 0 ? [] : [node.path.join('.')];
    }
    return children.flatMap(walk);
  };
  return walk(machine.root);
}

/**
 * The shortest paths to every vertex, then, for each transition they do not take whose event
 * `takes` accepts, the first generated path that ends with it.
 */
export function coveringPaths<M extends AnyStateMachine>(
  machine: M,
  traversal: Traversal<Snapshot<M>>,
  takes: (event: AnyEventObject) => boolean,
  edgeOf: (before: Snapshot<M>, event: AnyEventObject) => string = (before, event) =>
    `${where(before)} ${event.type}`,
): Array<Path<M>> {
  const { statePaths, transitionPaths } = generatePaths(machine, traversal);
  const edgesOf = (path: Path<M>) => {
    let [before] = initialTransition(machine, traversal.input as never);
    return path.steps.map((step) => {
      const edge = edgeOf(before as Snapshot<M>, step.event);
      before = step.state;
      return edge;
    });
  };
  const taken = new Set(statePaths.flatMap(edgesOf));
  const extra: Array<Path<M>> = [];
  for (const path of transitionPaths) {
    const last = path.steps[path.steps.length - 1];
    const edge = edgesOf(path).pop();
    if (!last || !edge || taken.has(edge) || !takes(last.event)) continue;
    taken.add(edge);
    extra.push(path);
  }
  return [...statePaths, ...extra];
}

/**
 * Drives the rendered dialog along every path generated from `machine` (see `DialogModel`):
 * one test per path, named by its steps, plus one that the paths reach every state the
 * machine can rest in. Returns the paths driven.
 */
export function driveDialogAlongPaths<M extends AnyStateMachine, R>(
  machine: M,
  model: DialogModel<M, R>,
): Array<Path<M>> {
  const locate = model.locate ?? where;
  const traversal: Traversal<Snapshot<M>> = {
    input: model.input,
    events: model.events,
    serializeState: model.serializeState,
    ...(model.serializeEvent ? { serializeEvent: model.serializeEvent } : {}),
  };
  const takes = model.transitions ?? false;
  const paths = model.select
    ? model.select(generatePaths(machine, traversal))
    : takes === false
      ? generatePaths(machine, traversal).statePaths
      : coveringPaths(
          machine,
          traversal,
          takes === true ? () => true : takes,
          model.edgeOf ?? ((before, event) => `${locate(before)} ${event.type}`),
        );
  const [initial] = initialTransition(machine, model.input as never);
  const prefix = model.title ? `${model.title}: ` : '';

  const groupsOf = (path: Path<M>): Array<Group<M>> => {
    const groups: Array<Group<M>> = [
      { event: undefined, gesture: undefined, last: undefined, before: initial, state: initial },
    ];
    let before = initial as Snapshot<M>;
    for (const step of path.steps) {
      if (step.event.type === 'xstate.init') continue;
      const gesture = model.gestures[step.event.type] as Gesture<M, unknown> | undefined;
      if (gesture) {
        groups.push({ event: step.event, gesture, last: step.event, before, state: step.state });
      } else {
        groups[groups.length - 1]!.state = step.state;
        groups[groups.length - 1]!.last = step.event;
      }
      before = step.state;
    }
    return groups;
  };

  const check = async (rendered: R, path: Path<M>, group: Group<M>) => {
    const name = locate(group.state);
    const expectView = model.expectState[name];
    if (!expectView) throw new Error(`no view check for the state ${name}`);
    const step = { state: group.state, event: group.last, gesture: group.event, path };
    await waitFor(() => expectView(rendered, step));
  };

  it(`${prefix}the paths reach every state the machine can rest in`, () => {
    const reached = new Set([
      locate(initial),
      ...paths.flatMap((path) => path.steps.map((step) => locate(step.state))),
    ]);
    const expected = restingStates(machine).filter((state) => !model.unreachable?.includes(state));
    expect([...reached].sort()).toEqual(expected.sort());
  });

  const title = (path: Path<M>) =>
    model.name?.(path) ?? (describePath(path, locate, model.describeEvent) || '(as it opens)');
  it.each(paths.map((path) => [title(path), path] as const))(`${prefix}%s`, async (_name, path) => {
    const rendered = await model.render(path);
    for (const group of groupsOf(path)) {
      if (group.gesture) await group.gesture(rendered, group.event!, group.before);
      await check(rendered, path, group);
    }
    await model.afterPath?.(rendered, path);
  });
  return paths;
}
