/**
 * The shared part of a model-based machine test: the tests that a machine's generated paths,
 * replayed, reach every state and take every transition (what they reached is written to the
 * coverage file the flows page shows), and one test per path.
 */
import type { AnyStateMachine } from 'xstate';
import type { MachineCoverage } from './machineCoverage';
import {
  coverageFile,
  emptyCoverage,
  expectAllStates,
  expectAllTransitions,
  recordRun,
  stateIds,
  transitionKeys,
} from './machineCoverage';
import type { MachinePath } from './machinePaths';
import { eventsOf } from './machinePaths';

/** Generated paths, and the input the machine starts with for them. */
export interface PathsFrom<S> {
  input?: unknown;
  paths: ReadonlyArray<MachinePath<S>>;
}

/**
 * The coverage of generated paths of `machine`: each call replays the paths given on `inert`
 * (the machine with never-settling actors, so only a path's events move it) and returns the
 * states entered and transitions taken. What every call reached is written to this test
 * file's coverage file after its tests. Call it outside a test (it registers an `afterAll`).
 */
function pathCoverage(
  machine: AnyStateMachine,
  inert: AnyStateMachine,
): <S>(...runs: Array<PathsFrom<S>>) => MachineCoverage {
  const recorded = coverageFile(machine);
  return (...runs) => {
    const coverage = emptyCoverage();
    for (const { input, paths } of runs) {
      for (const path of paths) recordRun(inert, eventsOf(path), coverage, input);
    }
    return recorded.add(coverage);
  };
}

/** One test per path, titled `title` with the path's `name` for its `%s`, that runs `run` on it. */
export function itRunsEachPath<S>(
  title: string,
  paths: ReadonlyArray<MachinePath<S>>,
  name: (path: MachinePath<S>) => string,
  run: (path: MachinePath<S>) => Promise<void>,
): void {
  it.each(paths.map((path) => [name(path), path] as const))(title, async (_name, path) => {
    await run(path);
  });
}

/**
 * The generated paths' tests: one per state path (`state path <name> runs on the real actor`,
 * the path that only starts the machine named `(start)`) and one per transition path
 * (`transition path <name> runs on the real actor`), each running `replay` on its path.
 */
export function itReplaysStateAndTransitionPaths<S>(
  paths: {
    statePaths: ReadonlyArray<MachinePath<S>>;
    transitionPaths: ReadonlyArray<MachinePath<S>>;
  },
  name: (path: MachinePath<S>) => string,
  replay: (path: MachinePath<S>) => Promise<void>,
): void {
  const named = (path: MachinePath<S>) => name(path) || '(start)';
  itRunsEachPath('state path %s runs on the real actor', paths.statePaths, named, replay);
  itRunsEachPath('transition path %s runs on the real actor', paths.transitionPaths, named, replay);
}

/**
 * The two coverage tests of a machine's generated paths, replayed on `inert`: `reach every
 * state of the machine` (the state paths enter every state node) and `take every transition the
 * machine defines` (the transition paths take every transition). With `expected`, they also
 * check the machine's state ids and its number of transitions, so that a new state or
 * transition is noticed here. What the paths reached goes to this file's coverage file.
 */
export function itCoversEveryStateAndTransition<S>(
  machine: AnyStateMachine,
  inert: AnyStateMachine,
  paths: { states: Array<PathsFrom<S>>; transitions: Array<PathsFrom<S>> },
  expected: { stateIds?: string[]; transitions?: number } = {},
): void {
  const coverageOf = pathCoverage(machine, inert);
  it('reach every state of the machine', () => {
    expectAllStates(machine, coverageOf(...paths.states));
    if (expected.stateIds) expect(stateIds(machine).sort()).toEqual(expected.stateIds);
  });
  it('take every transition the machine defines', () => {
    expectAllTransitions(machine, coverageOf(...paths.transitions));
    if (expected.transitions !== undefined) {
      expect(transitionKeys(machine)).toHaveLength(expected.transitions);
    }
  });
}
