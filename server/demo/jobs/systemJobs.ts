/**
 * The demo backend's system jobs (run by runner.ts): housekeeping that Mission Control also
 * runs under these names, each doing its work on the demo's database.
 */
import type { SqlClient } from '../db/types';

/** A line a run logs; `debug` and `trace` lines are kept only at those log levels. */
export interface JobLog {
  level: 'info' | 'warn' | 'debug' | 'trace';
  message: string;
}

/** What a run did: items handled and errors met (a run with errors and no items failed). */
export interface JobResult {
  success: number;
  errors: string[];
}

export interface SystemJob {
  name: string;
  /** The default schedule: `@every <duration>` or a five-field cron. */
  schedule: string;
  /** Runs kept after each run by default (successful ones and failed ones). */
  retention: { success: number; failed: number };
  /** What the job describes itself as (shown on its page). */
  description: string;
  run: (
    db: SqlClient,
    now: Date,
    log: (level: JobLog['level'], message: string) => void,
  ) => Promise<JobResult>;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** A RUNNING job older than this is STALE: its process is gone. */
export const STALE_AFTER_MS = 4 * HOUR;
/** Job runs older than this are removed. */
export const JOB_HISTORY_MAX_AGE_MS = 30 * DAY;
/** Events that failed this many times are given up after `EVENT_GIVE_UP_AFTER_MS`. */
export const EVENT_MAX_ATTEMPTS = 3;
export const EVENT_GIVE_UP_AFTER_MS = 7 * DAY;

const iso = (at: number) => new Date(at).toISOString();

export const SYSTEM_JOBS: readonly SystemJob[] = [
  {
    name: 'CleanupStaleJobHistory',
    schedule: '@every 1h',
    retention: { success: 30, failed: 30 },
    description: 'Marks runs left RUNNING for 4 hours as STALE and removes runs older than 30 days',
    run: async (db, now, log) => {
      const stale = await db.query<{ name: string }>(
        `UPDATE job_history SET status = 'STALE', time_end = $1
          WHERE status = 'RUNNING' AND time_start < $2
          RETURNING name`,
        [now.toISOString(), iso(now.getTime() - STALE_AFTER_MS)],
      );
      for (const row of stale.rows) log('debug', `marked a run of ${row.name} stale`);
      const old = await db.query<{ id: string }>(
        `DELETE FROM job_history WHERE created_at < $1 AND status <> 'RUNNING' RETURNING id`,
        [iso(now.getTime() - JOB_HISTORY_MAX_AGE_MS)],
      );
      log('info', `${stale.rows.length} stale, ${old.rows.length} removed`);
      return { success: stale.rows.length + old.rows.length, errors: [] };
    },
  },
  {
    name: 'CleanupEventQueue',
    schedule: '@every 1h',
    retention: { success: 30, failed: 30 },
    description: `Removes events that failed ${EVENT_MAX_ATTEMPTS} times and were last tried a week ago`,
    run: async (db, now, log) => {
      const { rows } = await db.query<{ name: string }>(
        `DELETE FROM event_queue
          WHERE attempts >= $1 AND COALESCE(last_attempt, created_at) < $2
          RETURNING name`,
        [EVENT_MAX_ATTEMPTS, iso(now.getTime() - EVENT_GIVE_UP_AFTER_MS)],
      );
      for (const row of rows) log('debug', `gave up on a ${row.name} event`);
      log('info', `${rows.length} events given up`);
      return { success: rows.length, errors: [] };
    },
  },
];
