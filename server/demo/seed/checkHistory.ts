import { DAY_MS, HOUR_MS, SECOND_MS, around, clamp } from './helpers';
import type { Rng } from './random';

/** How a check behaves over its history. */
export type CheckBehaviour = 'stable' | 'flapping' | 'failing' | 'degraded' | 'recovered' | 'slow';

export interface CheckProfile {
  behaviour: CheckBehaviour;
  /** Mean and deviation of a passing run's latency, in milliseconds. */
  latencyMean: number;
  latencyDeviation: number;
  /** Seconds between runs. */
  intervalSeconds: number;
  /** How many statuses to keep. */
  count: number;
  /** The newest run happens at or before this moment. */
  until: Date;
  /** Texts of a failing run for this kind of check. */
  errors: readonly string[];
  /** Message of a passing run. */
  message: string;
}

export interface StatusRow {
  time: Date;
  status: boolean;
  duration: number;
  message: string | null;
  error: string | null;
}

export interface CheckHistory {
  /** Newest first. */
  statuses: StatusRow[];
  status: 'healthy' | 'unhealthy';
  lastRuntime: Date;
  nextRuntime: Date;
  /** When the check last changed between passing and failing (the oldest status if never). */
  lastTransitionTime: Date;
}

/** Whether run `index` (0 = newest) passes, for a behaviour with its switch points. */
function passes(
  rng: Rng,
  behaviour: CheckBehaviour,
  index: number,
  count: number,
  switchAt: number,
  flapRun: number,
): boolean {
  switch (behaviour) {
    case 'stable':
    case 'slow':
      return !rng.chance(0.006);
    case 'flapping':
      return Math.floor(index / flapRun) % 2 === 0 ? !rng.chance(0.15) : rng.chance(0.15);
    case 'failing':
      return index >= count - Math.max(2, Math.floor(count / 6)) && rng.chance(0.7);
    case 'degraded':
      return index >= switchAt && !rng.chance(0.01);
    case 'recovered':
      return index < switchAt || index > switchAt * 2 + 3;
  }
}

/**
 * A history of `profile.count` runs, newest first: the last hour at the check's interval, then
 * sparser runs back over about three days.
 */
export function buildCheckHistory(rng: Rng, profile: CheckProfile): CheckHistory {
  const intervalMs = profile.intervalSeconds * SECOND_MS;
  const count = Math.max(2, profile.count);
  const denseCount = Math.min(Math.ceil(count / 2), Math.max(1, Math.floor(HOUR_MS / intervalMs)));
  const sparseCount = count - denseCount;
  const sparseSpan = 3 * DAY_MS - denseCount * intervalMs;
  const sparseGap = sparseCount > 0 ? Math.max(intervalMs, sparseSpan / sparseCount) : intervalMs;
  const switchAt = rng.int(2, Math.max(3, Math.floor(denseCount * 0.8)));
  const flapRun = rng.int(1, 3);

  const newest = profile.until.getTime() - rng.int(0, profile.intervalSeconds) * SECOND_MS;
  const statuses: StatusRow[] = [];
  let time = Math.floor(newest / SECOND_MS) * SECOND_MS;
  for (let index = 0; index < count; index++) {
    if (index > 0) {
      const gap = index < denseCount ? intervalMs : sparseGap * (0.6 + rng.next() * 0.8);
      time -= Math.max(SECOND_MS, Math.round(gap / SECOND_MS) * SECOND_MS);
    }
    const ok = passes(rng, profile.behaviour, index, count, switchAt, flapRun);
    const slow = profile.behaviour === 'slow' ? 4 : 1;
    let duration = around(
      rng,
      profile.latencyMean * slow,
      profile.latencyDeviation * slow,
      1,
      profile.latencyMean * slow * 6,
    );
    if (!ok) duration = rng.chance(0.5) ? rng.int(1, 15) : clamp(rng.int(5000, 30000), 1, 30000);
    statuses.push({
      time: new Date(time),
      status: ok,
      duration,
      message: ok ? profile.message : null,
      error: ok ? null : rng.pick(profile.errors),
    });
  }

  const latest = statuses[0] as StatusRow;
  let transition = statuses[statuses.length - 1] as StatusRow;
  for (let i = 0; i + 1 < statuses.length; i++) {
    const current = statuses[i] as StatusRow;
    if (current.status !== (statuses[i + 1] as StatusRow).status) {
      transition = current;
      break;
    }
  }
  return {
    statuses,
    status: latest.status ? 'healthy' : 'unhealthy',
    lastRuntime: latest.time,
    nextRuntime: new Date(latest.time.getTime() + intervalMs),
    lastTransitionTime: transition.time,
  };
}
