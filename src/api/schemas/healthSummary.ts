import { array, define, string, type, unknown, validate } from 'superstruct';
import type { Infer } from 'superstruct';
import {
  optionalNumber as num,
  optionalText as text,
  maybe,
  optionalStringMap,
  rowTimes,
  namespacedName,
} from './fields';

/** `latency` of a check summary, in milliseconds. */
export const CheckSummaryLatencyStruct = type({
  p95: num(),
  p97: num(),
  p99: num(),
  rolling1h: num(),
});

/** `uptime` of a check summary: runs passed and failed in the backend's window. */
export const CheckSummaryUptimeStruct = type({
  passed: num(),
  failed: num(),
  last_pass: text(),
  last_fail: text(),
});

/** One recent run, when the backend includes them (older canary-checker answers). */
export const CheckSummaryStatusStruct = type({
  time: text(),
  status: maybe(unknown()),
  duration: num(),
});

/**
 * One entry of `checks_summary` (HEALTH-01). Only `id` is required; every other field may be
 * missing or null and is read defensively. Extra fields are allowed.
 */
export const CheckSummaryStruct = type({
  id: string(),
  canary_id: text(),
  canary_name: text(),
  canary_namespace: text(),
  agent_id: text(),
  ...namespacedName,
  type: text(),
  description: text(),
  endpoint: text(),
  icon: text(),
  labels: optionalStringMap(),
  owner: text(),
  severity: text(),
  status: text(),
  last_transition_time: text(),
  last_runtime: text(),
  next_runtime: text(),
  silenced_at: text(),
  latency: maybe(CheckSummaryLatencyStruct),
  uptime: maybe(CheckSummaryUptimeStruct),
  ...rowTimes,
  checkStatuses: maybe(array(CheckSummaryStatusStruct)),
});
export type CheckSummary = Infer<typeof CheckSummaryStruct>;

const TEXT_FIELDS = [
  'canary_id',
  'canary_name',
  'canary_namespace',
  'agent_id',
  'name',
  'namespace',
  'type',
  'description',
  'endpoint',
  'icon',
  'owner',
  'severity',
  'status',
  'last_transition_time',
  'last_runtime',
  'next_runtime',
  'silenced_at',
  'created_at',
  'updated_at',
  'deleted_at',
] as const;

type Fields = Record<string, unknown>;

const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown) =>
  value === undefined || value === null || typeof value === 'string';
const isNum = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'number' && !Number.isNaN(value));
const isAbsentOr = (value: unknown, check: (value: Fields) => boolean) =>
  value === undefined || value === null || (isRecord(value) && check(value));

function isRunList(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (!Array.isArray(value)) return false;
  return value.every((run) => isRecord(run) && isText(run.time) && isNum(run.duration));
}

/**
 * Whether a value matches `CheckSummaryStruct`, decided without superstruct's per-field
 * machinery (a summary holds thousands of checks). It accepts exactly what the struct
 * accepts; the unit tests hold the two together.
 */
export function isCheckSummary(value: unknown): value is CheckSummary {
  if (!isRecord(value) || typeof value.id !== 'string') return false;
  for (const field of TEXT_FIELDS) if (!isText(value[field])) return false;
  return (
    isAbsentOr(value.labels, () => true) &&
    isAbsentOr(
      value.latency,
      (l) => isNum(l.p95) && isNum(l.p97) && isNum(l.p99) && isNum(l.rolling1h),
    ) &&
    isAbsentOr(
      value.uptime,
      (u) => isNum(u.passed) && isNum(u.failed) && isText(u.last_pass) && isText(u.last_fail),
    ) &&
    isRunList(value.checkStatuses)
  );
}

/**
 * `CheckSummaryStruct` with a fast path: a matching check is accepted by `isCheckSummary`; only
 * a mismatch runs the full struct, whose failures (with their paths below the check) are
 * reported.
 */
export const FastCheckSummaryStruct = define<CheckSummary>('CheckSummary', (value, context) => {
  if (isCheckSummary(value)) return true;
  const [error] = validate(value, CheckSummaryStruct);
  if (!error) return true;
  return error.failures().map((failure) => ({
    ...failure,
    path: [...context.path, ...failure.path],
    branch: [...context.branch, ...failure.branch.slice(1)],
  }));
});

/** HEALTH-01 as sent: `{ duration?, runnerName?, checks_summary }`. */
export const HealthSummaryResponseStruct = type({
  duration: num(),
  runnerName: text(),
  checks_summary: maybe(array(FastCheckSummaryStruct)),
});
export type HealthSummaryResponse = Infer<typeof HealthSummaryResponseStruct>;

/** A summary as the console keeps it: the checks, and when they arrived. */
export interface HealthSummary {
  checks: CheckSummary[];
  /** `Date.now()` when the answer arrived: the "now" of the ages shown with it. */
  receivedAt: number;
}

/** The checks of a summary answer (an absent or null list is an empty one), stamped. */
export function unwrapHealthSummary(
  response: HealthSummaryResponse,
  receivedAt: number = Date.now(),
): HealthSummary {
  return { checks: response.checks_summary ?? [], receivedAt };
}

/** The agent id that stands for "no agent" (checks run by the local instance). */
export const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';
