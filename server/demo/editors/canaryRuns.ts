/**
 * Scheduled runs of the health checks that are edited in the console: canaries whose `source` is
 * `UI` (or unset) on the local agent. A canary is due when one of its checks never ran or is past
 * its `next_runtime` (set by each run from the canary's `interval` or `schedule`). A run runs every
 * check of the canary with the run-now model and leaves one `Canary` job_history row.
 */
import type { SqlClient } from '../db/types';
import { type RunResult, runCheck } from '../routes/canary/runNow';

const LOCAL_AGENT_ID = '00000000-0000-0000-0000-000000000000';

/** The job_history row of one canary run. */
export interface CanaryJob {
  id: string;
  canaryId: string;
  status: 'SUCCESS' | 'FAILED';
  successCount: number;
  errorCount: number;
  errors: string[];
}

interface DueCanary {
  id: string;
  name: string;
}

/** The canaries due at `now`, never-run ones first, then the most overdue; at most `limit`. */
export async function dueCanaries(db: SqlClient, now: Date, limit: number): Promise<DueCanary[]> {
  const { rows } = await db.query<DueCanary>(
    `SELECT ca.id, ca.name
       FROM canaries ca
       JOIN checks c ON c.canary_id = ca.id AND c.deleted_at IS NULL
      WHERE ca.deleted_at IS NULL
        AND (ca.source IS NULL OR ca.source = 'UI')
        AND ca.agent_id = $3::uuid
      GROUP BY ca.id, ca.name
     HAVING bool_or(c.last_runtime IS NULL OR c.next_runtime IS NULL OR c.next_runtime <= $1)
      ORDER BY bool_or(c.last_runtime IS NULL) DESC, min(c.next_runtime) NULLS FIRST, ca.id
      LIMIT $2`,
    [now.toISOString(), limit, LOCAL_AGENT_ID],
  );
  return rows;
}

/**
 * Runs every check of a canary now and records the run in job_history (`started` is the
 * scheduler's clock). Null when the canary has no check left to run.
 */
export function runCanary(
  db: SqlClient,
  canaryId: string,
  started: Date,
  hostname: string,
): Promise<CanaryJob | null> {
  // One transaction for the whole run: readers see the canary's checks change once, not once
  // per check (each new version of the checks makes the health summary again).
  return db.transaction((tx) => runCanaryIn(tx, canaryId, started, hostname));
}

async function runCanaryIn(
  db: SqlClient,
  canaryId: string,
  started: Date,
  hostname: string,
): Promise<CanaryJob | null> {
  const { rows: checks } = await db.query<{ id: string }>(
    `SELECT id FROM checks WHERE canary_id = $1::uuid AND deleted_at IS NULL ORDER BY type, name`,
    [canaryId],
  );
  const results: RunResult[] = [];
  for (const check of checks) {
    const result = await runCheck(db, check.id);
    if (result) results.push(result);
  }
  if (results.length === 0) return null;
  const failed = results.filter((result) => result.failed > 0);
  const errors = failed.map((result) => {
    const reason = result.errors[0]?.error ?? result.status.message ?? 'check failed';
    return `check ${result.check.name}: ${reason}`;
  });
  const duration = Math.max(
    1,
    results.reduce((sum, result) => sum + (result.status.duration ?? 0), 0),
  );
  const status = failed.length > 0 ? 'FAILED' : 'SUCCESS';
  const ended = new Date(started.getTime() + duration);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO job_history (name, success_count, error_count, details, hostname, duration_millis,
                              resource_type, resource_id, status, time_start, time_end, created_at)
     VALUES ('Canary', $1, $2, $3::jsonb, $4, $5, 'canary', $6, $7, $8, $9, $8)
     RETURNING id`,
    [
      results.length - failed.length,
      failed.length,
      JSON.stringify(errors.length > 0 ? { errors } : {}),
      hostname,
      duration,
      canaryId,
      status,
      started.toISOString(),
      ended.toISOString(),
    ],
  );
  return {
    id: rows[0]?.id ?? '',
    canaryId,
    status,
    successCount: results.length - failed.length,
    errorCount: failed.length,
    errors,
  };
}
