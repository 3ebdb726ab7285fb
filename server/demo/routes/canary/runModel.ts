import { CHECK_TYPES } from '../../seed/checkTypes';
import { around, clamp } from '../../seed/helpers';
import { type Rng, createRng } from '../../seed/random';

/**
 * How a check behaves when it is run on demand, learnt from its own recent history (the runs
 * the seed laid out, plus earlier on-demand runs), so a stable check keeps passing, a failing
 * one keeps failing and a flapping one keeps flipping:
 *
 * - pass or fail: a two-state Markov chain. The chance to pass after a pass and after a fail
 *   are the observed transition frequencies, smoothed towards a stable check's (0.994 after a
 *   pass, as the seed's stable checks) and towards an even chance after a fail;
 * - latency of a pass: normal around the mean and deviation of the recent passing runs (the
 *   check type's typical latency when none passed), capped at six times the mean like the seed;
 * - a failure either fails fast (connection refused, 1-15 ms) or times out (5-30 s), as the
 *   seed's failures do, with an error seen in the history or typical of the check type.
 */

/** A recent run, newest first. */
export interface PastRun {
  status: boolean | null;
  duration: number | null;
  message: string | null;
  error: string | null;
}

export interface RunProfile {
  passAfterPass: number;
  passAfterFail: number;
  /** Whether the newest run passed (null: never ran). */
  lastPassed: boolean | null;
  latencyMean: number;
  latencyDeviation: number;
  message: string;
  errors: string[];
}

export interface DrawnRun {
  status: boolean;
  duration: number;
  message: string | null;
  error: string | null;
}

/** Runs of the history the profile is learnt from. */
export const PROFILE_RUNS = 60;

const STABLE_PASS = 0.994;
const PASS_PRIOR_WEIGHT = 10;
const FAIL_PRIOR_WEIGHT = 2;

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

function deviation(values: number[], average: number): number {
  if (values.length < 2) return average * 0.3;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - average) ** 2, 0) / (values.length - 1));
}

/** The profile of a check of `type` (seed check types; unknown types get neutral defaults). */
export function learnProfile(
  type: string,
  target: string,
  history: readonly PastRun[],
): RunProfile {
  const kind = CHECK_TYPES.find((t) => t.type === type);
  const runs = history.filter((run) => run.status !== null).slice(0, PROFILE_RUNS);
  let passPass = 0;
  let passFail = 0;
  let failPass = 0;
  let failFail = 0;
  // Walk from the oldest run to the newest, counting what followed each state.
  for (let i = runs.length - 1; i > 0; i--) {
    const before = (runs[i] as PastRun).status;
    const after = (runs[i - 1] as PastRun).status;
    if (before && after) passPass++;
    else if (before) passFail++;
    else if (after) failPass++;
    else failFail++;
  }
  const passAfterPass =
    (passPass + STABLE_PASS * PASS_PRIOR_WEIGHT) / (passPass + passFail + PASS_PRIOR_WEIGHT);
  const passAfterFail =
    (failPass + 0.5 * FAIL_PRIOR_WEIGHT) / (failPass + failFail + FAIL_PRIOR_WEIGHT);

  const passing = runs.filter((run) => run.status && run.duration !== null);
  const durations = passing.map((run) => run.duration as number);
  const latencyMean = durations.length > 0 ? mean(durations) : (kind?.latencyMean ?? 100);
  const latencyDeviation = Math.max(
    1,
    durations.length > 0 ? deviation(durations, latencyMean) : latencyMean * 0.3,
  );
  const message =
    passing.find((run) => run.message)?.message ?? kind?.message ?? `${type} check passed`;
  const seenErrors = [...new Set(runs.map((run) => run.error).filter((e): e is string => !!e))];
  const typeErrors = (kind?.errors ?? [`${type} check failed`]).map((e) =>
    e.replace(/\{target\}/g, target),
  );
  return {
    passAfterPass: clamp(passAfterPass, 0, 1),
    passAfterFail: clamp(passAfterFail, 0, 1),
    lastPassed: runs[0]?.status ?? null,
    latencyMean,
    latencyDeviation,
    message,
    errors: seenErrors.length > 0 ? seenErrors : typeErrors,
  };
}

/** One run drawn from a profile. */
export function drawRun(rng: Rng, profile: RunProfile): DrawnRun {
  const passChance =
    profile.lastPassed === false
      ? profile.passAfterFail
      : profile.lastPassed === true
        ? profile.passAfterPass
        : STABLE_PASS;
  if (rng.chance(passChance)) {
    const latencyMean = Math.max(1, profile.latencyMean);
    return {
      status: true,
      duration: around(rng, latencyMean, profile.latencyDeviation, 1, latencyMean * 6),
      message: profile.message,
      error: null,
    };
  }
  const duration = rng.chance(0.5) ? rng.int(1, 15) : rng.int(5000, 30000);
  return { status: false, duration, message: null, error: rng.pick(profile.errors) };
}

/** A random source for one run of a check at a moment: the same inputs draw the same run. */
export function runRng(checkId: string, at: Date): Rng {
  let hash = 2166136261;
  for (const char of `${checkId}@${at.toISOString()}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619);
  }
  return createRng(hash >>> 0);
}
