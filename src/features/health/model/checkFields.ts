import type { HealthCheck } from './types';

/** The name a check is shown by: its name, else its description, else its id. */
export function checkName(check: HealthCheck): string {
  return check.name || check.description || check.id;
}

/** Whether the check passed its last run. */
export function isPassing(check: HealthCheck): boolean {
  return check.status === 'healthy';
}

/** A label's value as text (labels are a string map; anything else is stringified). */
export function labelText(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

/** The value of one label, or undefined when the check does not carry it. */
export function labelValue(check: HealthCheck, key: string): string | undefined {
  const labels = check.labels;
  if (!labels || !Object.prototype.hasOwnProperty.call(labels, key)) return undefined;
  const value = labels[key];
  return value === undefined || value === null ? undefined : labelText(value);
}

/** Runs passed and failed, missing counts as 0. */
export function uptimeOf(check: HealthCheck): { passed: number; failed: number } {
  return { passed: check.uptime?.passed ?? 0, failed: check.uptime?.failed ?? 0 };
}

/** Whether every recorded run passed (at least one run, none failed). */
export function isFullyPassing(check: HealthCheck): boolean {
  const { passed, failed } = uptimeOf(check);
  return passed > 0 && failed === 0;
}

const transitionTimes = new WeakMap<HealthCheck, number>();

/**
 * `last_transition_time` in epoch milliseconds, -1 when missing or unreadable. Parsed once per
 * check object: grouping and sorting ask again on every keystroke.
 */
export function transitionMs(check: HealthCheck): number {
  let ms = transitionTimes.get(check);
  if (ms === undefined) {
    const parsed = check.last_transition_time ? Date.parse(check.last_transition_time) : NaN;
    ms = Number.isNaN(parsed) ? -1 : parsed;
    transitionTimes.set(check, ms);
  }
  return ms;
}
