import type { BulkRunOutcome } from '../../../../machines/health/bulkRun';
import type { RunCheckResult } from '../../../api/schemas/checks';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function words(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * Whether a run passed, read from HEALTH-08's answer. Mission Control answers the run's check
 * result (`pass`, `message`, `error`); older backends and the demo answer counts (`success`,
 * `failed`, `errors`) with the run's status row (`status.status`, `status.message`,
 * `status.error`). An answer that says neither is `passed: null` (the check ran).
 */
export function runOutcomeOf(result: RunCheckResult): BulkRunOutcome {
  const row = isRecord(result.status) ? result.status : {};
  let passed: boolean | null = null;
  if (typeof result.pass === 'boolean') passed = result.pass;
  else if (typeof row.status === 'boolean') passed = row.status;
  else if (typeof result.failed === 'number' && result.failed > 0) passed = false;
  else if (typeof result.success === 'number' && result.success > 0) passed = true;
  const firstError =
    Array.isArray(result.errors) && isRecord(result.errors[0]) ? result.errors[0] : {};
  const message =
    passed === false
      ? (words(result.error) ??
        words(row.error) ??
        words(firstError.error) ??
        words(result.message) ??
        words(row.message))
      : (words(result.message) ?? words(row.message));
  return message ? { passed, message } : { passed };
}
