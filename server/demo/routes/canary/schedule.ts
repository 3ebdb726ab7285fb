import { parseDuration } from './timeRange';

/** Seconds between runs when a canary states neither an interval nor a readable schedule. */
export const DEFAULT_INTERVAL_SECONDS = 300;

const MACROS: Record<string, number> = {
  '@hourly': 3600,
  '@daily': 86_400,
  '@midnight': 86_400,
  '@weekly': 7 * 86_400,
  '@monthly': 30 * 86_400,
  '@yearly': 365 * 86_400,
  '@annually': 365 * 86_400,
};

function positive(value: number | null): number | null {
  return value !== null && Number.isFinite(value) && value > 0 ? value : null;
}

/** Seconds between runs of a cron schedule, for the forms with a fixed period. */
function cronSeconds(schedule: string): number | null {
  const macro = MACROS[schedule.toLowerCase()];
  if (macro) return macro;
  const every = /^@every\s+(\S+)$/i.exec(schedule);
  if (every) {
    const ms = parseDuration(every[1] as string);
    return positive(ms === null ? null : ms / 1000);
  }
  const fields = schedule.split(/\s+/);
  if (fields.length !== 5) return null;
  const [minute, hour, ...rest] = fields as [string, string, string, string, string];
  if (rest.some((field) => field !== '*')) return null;
  const step = (field: string) => /^\*\/(\d+)$/.exec(field)?.[1];
  if (hour === '*') {
    if (minute === '*') return 60;
    const minutes = step(minute);
    return minutes ? positive(Number(minutes) * 60) : /^\d+$/.test(minute) ? 3600 : null;
  }
  const hours = step(hour);
  if (hours && /^\d+$/.test(minute)) return positive(Number(hours) * 3600);
  if (/^\d+$/.test(hour) && /^\d+$/.test(minute)) return 86_400;
  return null;
}

/**
 * Seconds between runs of a canary: its `interval` (seconds), else its `schedule` (`@every 5m`,
 * `@hourly`, `*\/10 * * * *`, ...), else DEFAULT_INTERVAL_SECONDS.
 */
export function intervalSeconds(spec: unknown): number {
  const record = spec && typeof spec === 'object' ? (spec as Record<string, unknown>) : {};
  const interval = record.interval;
  if (typeof interval === 'number' || typeof interval === 'string') {
    const seconds = positive(Number(interval));
    if (seconds) return seconds;
  }
  if (typeof record.schedule === 'string') {
    const seconds = cronSeconds(record.schedule.trim());
    if (seconds) return seconds;
  }
  return DEFAULT_INTERVAL_SECONDS;
}
