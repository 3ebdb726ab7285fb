/**
 * A machine definition as a chart: its state nodes as a tree and its transitions (on events,
 * eventless, delayed, and actors' and states' done and error events), each transition named
 * by `transitionKey`, the key the generated-path tests record coverage under.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition, StateValue } from 'xstate';
import { and, not, or } from 'xstate';

export type ChartStateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartState {
  /** The state node's id, e.g. `runNow.idle`. */
  id: string;
  /** Its key in its parent, e.g. `idle`; the machine's id for the root. */
  label: string;
  kind: ChartStateKind;
  /** The initial child of a compound state. */
  initialId: string | undefined;
  children: ChartState[];
}

export interface ChartTransition {
  /** `transitionKey` of the transition. */
  key: string;
  sourceId: string;
  /** The target state ids; the source alone for a transition that stays where it is. */
  targetIds: string[];
  /** The event in a reader's words (`eventLabel`). */
  event: string;
  /** The guard as an expression of guard names (`a && !b`); none for an unguarded one. */
  guard: string | undefined;
  /** The event with the guard in brackets: `go [ready]`. */
  label: string;
}

export interface MachineChart {
  root: ChartState;
  /** Every state, the root first, parents before children. */
  states: ChartState[];
  transitions: ChartTransition[];
}

/** A state node's transitions: on events (delays and actors' results included) and eventless. */
export function transitionsOf(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...node.transitions.values()].flat().concat(node.always ?? []);
}

/**
 * A transition by its source, its event (`always` for an eventless one) and its place among the
 * source's transitions on that event, so guarded alternatives stay apart. The same on every
 * instance of a machine, one with `provide`d implementations included.
 */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const source = transition.source;
  const list =
    transition.eventType === ''
      ? (source.always ?? [])
      : (source.transitions.get(transition.eventType) ?? []);
  return `${source.id} | ${transition.eventType || 'always'} #${list.indexOf(transition)}`;
}

/** The event of a transition in a reader's words: `always`, `after 500ms`, `done: runCheck`. */
export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const after = /^xstate\.after\.(\d+)\./.exec(eventType);
  if (after) return `after ${after[1]}ms`;
  const delayed = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (delayed) return `after ${delayed[1]}`;
  const actor = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  if (actor) return `${actor[1]}: ${actor[2]}`;
  if (eventType.startsWith('xstate.done.state.')) return 'done';
  return eventType;
}

/** The checks of XState's guard combinators, by which a composed guard tells its kind. */
const combinators = new Map<unknown, 'and' | 'or' | 'not'>([
  [checkOf(and([])), 'and'],
  [checkOf(or([])), 'or'],
  [checkOf(not('')), 'not'],
]);

function checkOf(guard: unknown): unknown {
  return (guard as { check?: unknown }).check;
}

/**
 * The guard as an expression of guard names: `ready`, `a && b`, `a || !b`; parameters left out,
 * so `hasErrorId` checked for two ids reads once. None for an inline function.
 */
export function guardText(guard: unknown): string | undefined {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const kind = combinators.get(checkOf(guard));
    const { guards } = guard as { guards?: unknown[] };
    if (kind === undefined || !Array.isArray(guards)) return undefined;
    const parts = [...new Set(guards.map(guardText).filter((part) => part !== undefined))];
    if (kind === 'not') return parts[0] === undefined ? undefined : `!${wrap(parts[0])}`;
    return parts.map(wrap).join(kind === 'or' ? ' || ' : ' && ') || undefined;
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) {
    const { type } = guard as { type: unknown };
    return typeof type === 'string' ? type : undefined;
  }
  return undefined;
}

/** A composed expression in brackets where it joins a larger one. */
const wrap = (part: string) => (/ (&&|\|\|) /.test(part) ? `(${part})` : part);

function kindOf(node: AnyStateNode): ChartStateKind {
  return node.type;
}

function chartState(node: AnyStateNode, isRoot: boolean): ChartState {
  const children = Object.values(node.states).map((child) => chartState(child, false));
  const initial = node.type === 'compound' ? node.initial?.target[0]?.id : undefined;
  return {
    id: node.id,
    label: isRoot ? node.machine.id : node.key,
    kind: kindOf(node),
    initialId: initial,
    children,
  };
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}

function flatten(state: ChartState): ChartState[] {
  return [state, ...state.children.flatMap(flatten)];
}

/** The chart of a machine definition: no actor is created. */
export function machineChart(machine: AnyStateMachine): MachineChart {
  const root = chartState(machine.root, true);
  const transitions = allNodes(machine.root).flatMap((node) =>
    transitionsOf(node).map((transition): ChartTransition => {
      const guard = guardText(transition.guard);
      const event = eventLabel(transition.eventType);
      const targets = (transition.target ?? []).map((target) => target.id);
      return {
        key: transitionKey(transition),
        sourceId: node.id,
        targetIds: targets.length > 0 ? targets : [node.id],
        event,
        guard,
        label: guard ? `${event} [${guard}]` : event,
      };
    }),
  );
  return { root, states: flatten(root), transitions };
}

/** The ids of the states a state value is in, outermost first (the root not included). */
export function activeStateIds(machine: AnyStateMachine, value: StateValue | undefined): string[] {
  const ids: string[] = [];
  const walk = (node: AnyStateNode, current: StateValue) => {
    if (typeof current === 'string') {
      const child = node.states[current];
      if (child) ids.push(child.id);
      return;
    }
    for (const [key, sub] of Object.entries(current)) {
      const child = node.states[key];
      if (!child) continue;
      ids.push(child.id);
      if (sub !== undefined) walk(child, sub);
    }
  };
  if (value !== undefined) walk(machine.root, value);
  return ids;
}
