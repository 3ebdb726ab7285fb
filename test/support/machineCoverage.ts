/**
 * Model-based coverage of XState machines: the states and transitions a machine defines, an
 * `inspect` callback that records the ones actors of it actually enter and take, and assertions
 * that a test reached all of them.
 */
import path from 'node:path';
import type {
  AnyEventObject,
  AnyStateMachine,
  AnyStateNode,
  InspectionEvent,
  SnapshotFrom,
} from 'xstate';
import { createActor } from 'xstate';
import { MACHINE_COVERAGE_DIR, writeMachineCoverage } from '../../server/machineCoverage';
import { transitionKey, transitionsOf } from '../../src/ui/Statechart/machineGraph';

export { transitionKey } from '../../src/ui/Statechart/machineGraph';

const ROOT = path.resolve(__dirname, '../..');

export interface MachineCoverage {
  /** Ids of the state nodes entered or left (`machine.state.child`). */
  states: Set<string>;
  /** Keys (`transitionKey`) of the transitions taken. */
  transitions: Set<string>;
}

export function emptyCoverage(): MachineCoverage {
  return { states: new Set(), transitions: new Set() };
}

/** The node and all its descendants, the node first. */
function descendants(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => descendants(child))];
}

/** Every state node of the machine, the root included. */
export function stateNodes(machine: AnyStateMachine): AnyStateNode[] {
  return descendants(machine.root);
}

/** The id of every state node of the machine, the root included. */
export function stateIds(machine: AnyStateMachine): string[] {
  return stateNodes(machine).map((node) => node.id);
}

/** The key of every transition the machine defines. */
export function transitionKeys(machine: AnyStateMachine): string[] {
  return stateNodes(machine).flatMap(transitionsOf).map(transitionKey);
}

/**
 * An `inspect` callback for `createActor` that adds to `coverage` every transition the actor
 * takes, its source, and every state node active after each step.
 */
export function coverageRecorder(coverage: MachineCoverage): (inspection: InspectionEvent) => void {
  return (inspection) => {
    if (inspection.type !== '@xstate.microstep') return;
    for (const transition of inspection._transitions) {
      coverage.transitions.add(transitionKey(transition));
      coverage.states.add(transition.source.id);
    }
    const snapshot = inspection.snapshot as { _nodes?: AnyStateNode[] };
    for (const node of snapshot._nodes ?? []) coverage.states.add(node.id);
  };
}

/**
 * Starts an actor of `machine` (with `input`, when given) recording into `coverage`, sends it
 * `events` in order, stops it, and returns its last snapshot. With never-settling actors in
 * `machine`, only the events given move it: actors' results and delays are sent as their
 * `xstate.done.actor.*`, `xstate.error.actor.*` and `xstate.after.*` events.
 */
export function recordRun(
  machine: AnyStateMachine,
  events: AnyEventObject[],
  coverage: MachineCoverage,
  input?: unknown,
): SnapshotFrom<AnyStateMachine> {
  const actor = createActor(machine, { input, inspect: coverageRecorder(coverage) });
  actor.start();
  for (const event of events) actor.send(event);
  const snapshot = actor.getSnapshot();
  actor.stop();
  return snapshot;
}

/** Every state node of the machine, and nothing else, was entered. */
export function expectAllStates(machine: AnyStateMachine, coverage: MachineCoverage): void {
  expect([...coverage.states].sort()).toEqual(stateIds(machine).sort());
}

/** Every transition the machine defines was taken (the list shows the ones that were not). */
export function expectAllTransitions(machine: AnyStateMachine, coverage: MachineCoverage): void {
  expect(transitionKeys(machine).filter((key) => !coverage.transitions.has(key))).toEqual([]);
}

/** Every state entered and every transition taken. */
export function expectFullCoverage(machine: AnyStateMachine, coverage: MachineCoverage): void {
  expectAllStates(machine, coverage);
  expectAllTransitions(machine, coverage);
}

/** Adds everything in `from` to `into`; returns `from`. */
export function mergeCoverage(into: MachineCoverage, from: MachineCoverage): MachineCoverage {
  for (const state of from.states) into.states.add(state);
  for (const transition of from.transitions) into.transitions.add(transition);
  return from;
}

/**
 * Writes what this test file reached of `machine` to
 * `test-results/machine-coverage/<machineId>.json` (the flows page shows it), next to what other
 * test files of the machine reached.
 */
export function writeCoverageFile(machine: AnyStateMachine, coverage: MachineCoverage): void {
  const testPath = expect.getState().testPath ?? 'unknown';
  writeMachineCoverage(
    path.join(ROOT, MACHINE_COVERAGE_DIR),
    machine.id,
    path.relative(ROOT, testPath).split(path.sep).join('/'),
    { states: [...coverage.states], transitions: [...coverage.transitions] },
  );
}

/**
 * The coverage of this test file's generated paths of `machine`, written to the coverage file
 * after its tests: pass each recorded coverage through `add`.
 */
export function coverageFile(machine: AnyStateMachine): {
  add: (coverage: MachineCoverage) => MachineCoverage;
} {
  const total = emptyCoverage();
  afterAll(() => {
    if (total.states.size > 0 || total.transitions.size > 0) writeCoverageFile(machine, total);
  });
  return { add: (coverage) => mergeCoverage(total, coverage) };
}
