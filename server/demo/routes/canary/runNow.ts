import type { SqlClient } from '../../db/types';
import { type PastRun, PROFILE_RUNS, drawRun, learnProfile, runRng } from './runModel';
import { intervalSeconds } from './schedule';

/** The status row written by a run (api.md HEALTH-05 row shape). */
export interface RunStatus {
  check_id: string;
  time: string;
  status: boolean;
  duration: number;
  message?: string;
  error?: string;
  details?: Record<string, unknown>;
}

/** The check's live columns after a run. */
export interface RunCheckState {
  id: string;
  canary_id: string;
  name: string;
  status: string;
  last_runtime: string;
  next_runtime: string;
  last_transition_time: string | null;
}

/** Answer of `POST /canary/run/check/{id}` (api.md HEALTH-08): the result of one run. */
export interface RunResult {
  total: 1;
  success: 0 | 1;
  failed: 0 | 1;
  errors: Array<{ check_id: string; name: string; error: string }>;
  status: RunStatus;
  check: RunCheckState;
}

interface Target {
  id: string;
  canary_id: string;
  type: string;
  name: string;
  labels: Record<string, unknown> | null;
  canary_name: string;
  spec: unknown;
  now: string;
}

/**
 * Runs a check now: draws the outcome from the check's learnt profile, appends the status row
 * and updates the check's status, last and next runtime in one transaction (the checks trigger
 * moves last_transition_time when the status flips). Null when the check or its canary is
 * missing or deleted.
 */
export async function runCheck(db: SqlClient, checkId: string): Promise<RunResult | null> {
  return db.transaction(async (tx) => {
    const { rows: targets } = await tx.query<Target>(
      `SELECT c.id, c.canary_id, c.type, c.name, c.labels, ca.name AS canary_name, ca.spec,
              to_json(now())#>>'{}' AS now
         FROM checks c
         JOIN canaries ca ON ca.id = c.canary_id
        WHERE c.id = $1::uuid AND c.deleted_at IS NULL AND ca.deleted_at IS NULL
          FOR UPDATE OF c`,
      [checkId],
    );
    const target = targets[0];
    if (!target) return null;
    const { rows: history } = await tx.query<PastRun>(
      `SELECT status, duration, message, error FROM check_statuses
        WHERE check_id = $1::uuid ORDER BY time DESC LIMIT ${PROFILE_RUNS}`,
      [checkId],
    );
    const app = target.labels?.app;
    const profile = learnProfile(
      target.type,
      typeof app === 'string' ? app : target.canary_name,
      history,
    );
    const run = drawRun(runRng(target.id, new Date(target.now)), profile);
    const details = target.type === 'http' ? { code: run.status ? 200 : 503 } : null;

    const { rows: inserted } = await tx.query<{ body: string }>(
      `INSERT INTO check_statuses (check_id, time, status, duration, message, error, details, created_at)
       VALUES ($1::uuid, now(), $2, $3, $4, $5, $6::jsonb, now())
       RETURNING json_strip_nulls(json_build_object(
         'check_id', check_id, 'time', time, 'status', status, 'duration', duration,
         'message', message, 'error', error, 'details', details))::text AS body`,
      [
        checkId,
        run.status,
        run.duration,
        run.message,
        run.error,
        details ? JSON.stringify(details) : null,
      ],
    );
    const { rows: updated } = await tx.query<{ body: string }>(
      `UPDATE checks
          SET status = $2, last_runtime = now(), next_runtime = now() + make_interval(secs => $3)
        WHERE id = $1::uuid
       RETURNING json_build_object(
         'id', id, 'canary_id', canary_id, 'name', name, 'status', status,
         'last_runtime', last_runtime, 'next_runtime', next_runtime,
         'last_transition_time', last_transition_time)::text AS body`,
      [checkId, run.status ? 'healthy' : 'unhealthy', intervalSeconds(target.spec)],
    );
    const status = JSON.parse(inserted[0]?.body ?? 'null') as RunStatus;
    const check = JSON.parse(updated[0]?.body ?? 'null') as RunCheckState;
    return {
      total: 1,
      success: run.status ? 1 : 0,
      failed: run.status ? 0 : 1,
      errors: run.error ? [{ check_id: target.id, name: target.name, error: run.error }] : [],
      status,
      check,
    };
  });
}
