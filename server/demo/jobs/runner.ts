/**
 * The demo backend's system jobs, run on their schedules as Mission Control runs its own: each
 * run is a `job_history` row (RUNNING, then SUCCESS, WARNING or FAILED with its counts, errors
 * and log lines), and after a run the job keeps only its newest runs (its retention).
 *
 * Each job reads its overrides from the properties, as upstream's jobs do (duty job/job.go):
 * `jobs.<name>.schedule` (five-field cron, `@hourly`-style descriptor or `@every <duration>`), `jobs.<name>.disable` (or
 * `disabled`; `jobs.disable` stops every job), `jobs.<name>.retention.success` and
 * `.retention.failed` (runs kept), `jobs.<name>.debug` and `.trace` (log level: the run records
 * its debug lines). Properties are read at every tick, so a change applies without a restart.
 * A started runner ticks on a timer; tests call `tick()` with their own clock.
 */
import os from 'node:os';
import type { SqlClient } from '../db/types';
import type { JobLog, SystemJob } from './systemJobs';
import { SYSTEM_JOBS } from './systemJobs';
import { TickLoop } from '../tickLoop';

export interface JobRunnerOptions {
  /** Time between ticks of a started runner (default 30 seconds). */
  tickMs?: number;
  now?: () => Date;
  hostname?: string;
  /** The jobs run (default `SYSTEM_JOBS`). */
  jobs?: readonly SystemJob[];
  log?: (line: string) => void;
}

/** A job's settings after its overrides. */
export interface JobSettings {
  schedule: string;
  /** Why the schedule override was not used; none when it was, or when there is none. */
  scheduleProblem?: string;
  disabled: boolean;
  retention: { success: number; failed: number };
  logLevel: 'info' | 'debug' | 'trace';
}

const TRUE = new Set(['true', '1', 'yes', 'on']);

/** The cron descriptors, as the five fields they stand for. */
const DESCRIPTORS: Record<string, string> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** A schedule with its descriptor (`@daily`) read as the five cron fields it stands for. */
export function cronOf(schedule: string): string {
  return DESCRIPTORS[schedule.trim()] ?? schedule;
}

/** `@every 90s`, `@every 1h30m`: the period in milliseconds, or undefined when it is not one. */
export function everyMs(schedule: string): number | undefined {
  const match = /^@every\s+((?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h|d))+)$/.exec(schedule.trim());
  if (!match) return undefined;
  const units: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1e3,
    m: 6e4,
    h: 36e5,
    d: 864e5,
  };
  let total = 0;
  for (const [, amount = '0', unit = 's'] of (match[1] ?? '').matchAll(
    /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h|d)/g,
  )) {
    total += Number(amount) * (units[unit] ?? 0);
  }
  return total > 0 ? total : undefined;
}

/**
 * Why a schedule is not one the runner reads, or null: `@every` and a duration, a descriptor
 * (`@hourly`, `@daily`, …) or a five-field cron.
 */
export async function scheduleProblem(db: SqlClient, schedule: string): Promise<string | null> {
  const trimmed = schedule.trim();
  if (trimmed.startsWith('@') && !(trimmed in DESCRIPTORS)) {
    return everyMs(schedule) === undefined
      ? `invalid schedule "${schedule}": expected @every and a duration such as 5m, or @hourly, @daily, @weekly, @monthly, @yearly`
      : null;
  }
  try {
    // The cron reader of the maintenance windows (migration 320) checks the five fields.
    await db.query(`SELECT count(*) FROM cron_starts($1, NULL, now(), now())`, [cronOf(schedule)]);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The `jobs.*` properties, by name. */
async function jobProperties(db: SqlClient): Promise<Map<string, string>> {
  const { rows } = await db.query<{ name: string; value: string }>(
    `SELECT name, value FROM properties WHERE name LIKE 'jobs.%' AND deleted_at IS NULL`,
  );
  return new Map(rows.map((row) => [row.name, row.value.trim()]));
}

/** A job's settings: its defaults with the properties' overrides. */
export async function jobSettings(
  db: SqlClient,
  job: SystemJob,
  properties?: Map<string, string>,
): Promise<JobSettings> {
  const props = properties ?? (await jobProperties(db));
  const own = (key: string) => props.get(`jobs.${job.name}.${key}`);
  const on = (key: string, global = false) =>
    TRUE.has((own(key) ?? (global ? props.get(`jobs.${key}`) : undefined) ?? '').toLowerCase());
  const count = (key: string, fallback: number) => {
    const value = Number(own(key));
    return Number.isInteger(value) && value >= 0 && own(key) !== '' ? value : fallback;
  };
  const settings: JobSettings = {
    schedule: job.schedule,
    disabled: on('disable', true) || on('disabled', true),
    retention: {
      success: count('retention.success', job.retention.success),
      failed: count('retention.failed', job.retention.failed),
    },
    logLevel: on('trace') ? 'trace' : on('debug') ? 'debug' : 'info',
  };
  const schedule = own('schedule');
  if (schedule) {
    const problem = await scheduleProblem(db, schedule);
    if (problem) settings.scheduleProblem = problem;
    else settings.schedule = schedule;
  }
  return settings;
}

/** When the job last started (its newest run), or null when it never ran. */
async function lastStart(db: SqlClient, name: string): Promise<Date | null> {
  const { rows } = await db.query<{ at: string | Date | null }>(
    `SELECT max(time_start) AS at FROM job_history WHERE name = $1`,
    [name],
  );
  const at = rows[0]?.at;
  return at ? new Date(at) : null;
}

/** Whether a job of this schedule that last started at `last` is due at `now`. */
export async function isDue(
  db: SqlClient,
  schedule: string,
  last: Date | null,
  now: Date,
): Promise<boolean> {
  if (!last) return true;
  const every = everyMs(schedule);
  if (every !== undefined) return now.getTime() - last.getTime() >= every;
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM cron_starts($1, NULL, $2, $3)`,
    [
      cronOf(schedule),
      new Date(last.getTime() + 1).toISOString(),
      new Date(now.getTime() + 1).toISOString(),
    ],
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** Keeps the job's newest successful and newest failed runs, as many as its retention says. */
async function applyRetention(
  db: SqlClient,
  name: string,
  retention: JobSettings['retention'],
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `WITH ranked AS (
       SELECT id, status,
              row_number() OVER (PARTITION BY status = 'FAILED' ORDER BY time_start DESC, id) AS n
         FROM job_history
        WHERE name = $1 AND status IN ('SUCCESS', 'WARNING', 'FAILED')
     )
     DELETE FROM job_history h USING ranked r
      WHERE h.id = r.id
        AND r.n > CASE WHEN r.status = 'FAILED' THEN $3::int ELSE $2::int END
     RETURNING h.id`,
    [name, retention.success, retention.failed],
  );
  return rows.length;
}

/** One run of a job: what it did. */
export interface JobRun {
  name: string;
  id: string;
  status: 'SUCCESS' | 'WARNING' | 'FAILED';
  /** Runs removed by the retention afterwards. */
  trimmed: number;
}

/** Runs one job now, recording the run; answers what it did. */
export async function runJob(
  db: SqlClient,
  job: SystemJob,
  settings: JobSettings,
  now: Date,
  hostname: string = os.hostname(),
): Promise<JobRun> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO job_history (name, status, hostname, time_start, created_at, success_count, error_count)
     VALUES ($1, 'RUNNING', $2, $3, $3, 0, 0) RETURNING id`,
    [job.name, hostname, now.toISOString()],
  );
  const id = rows[0]!.id;
  const lines: JobLog[] = [];
  const log: (level: JobLog['level'], message: string) => void = (level, message) => {
    const shown =
      level === 'info' ||
      level === 'warn' ||
      (level === 'debug' && settings.logLevel !== 'info') ||
      (level === 'trace' && settings.logLevel === 'trace');
    if (shown) lines.push({ level, message });
  };
  if (settings.scheduleProblem) {
    log('warn', `schedule override ignored: ${settings.scheduleProblem}`);
  }
  const started = Date.now();
  let status: JobRun['status'];
  let success = 0;
  let errors: string[] = [];
  try {
    const result = await job.run(db, now, log);
    success = result.success;
    errors = result.errors;
    status = errors.length > 0 ? (success > 0 ? 'WARNING' : 'FAILED') : 'SUCCESS';
  } catch (error) {
    errors = [error instanceof Error ? error.message : String(error)];
    status = 'FAILED';
  }
  const duration = Math.max(0, Date.now() - started);
  await db.query(
    `UPDATE job_history
        SET status = $2, success_count = $3, error_count = $4, duration_millis = $5,
            time_end = $6, details = $7::jsonb
      WHERE id = $1`,
    [
      id,
      status,
      success,
      errors.length,
      duration,
      new Date(now.getTime() + duration).toISOString(),
      JSON.stringify({
        ...(errors.length > 0 ? { errors } : {}),
        ...(lines.length > 0 ? { logs: lines } : {}),
        schedule: settings.schedule,
        log_level: settings.logLevel,
      }),
    ],
  );
  const trimmed = await applyRetention(db, job.name, settings.retention);
  return { name: job.name, id, status, trimmed };
}

export class JobRunner {
  private readonly now: () => Date;
  private readonly hostname: string;
  private readonly jobs: readonly SystemJob[];
  private readonly loop: TickLoop<JobRun[]>;

  constructor(
    private readonly db: SqlClient,
    options: JobRunnerOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.hostname = options.hostname ?? os.hostname();
    this.jobs = options.jobs ?? SYSTEM_JOBS;
    this.loop = new TickLoop(() => this.runDue(), {
      tickMs: options.tickMs ?? 30_000,
      name: 'jobs',
      log: options.log ?? (() => undefined),
    });
  }

  /** Ticks every `tickMs` until stopped; a tick still going is not overlapped. */
  start(): void {
    this.loop.start();
  }

  /** Stops ticking and waits for the tick in progress. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** Runs every job that is due and not disabled, with the properties as they are now. */
  tick(): Promise<JobRun[]> {
    return this.loop.tick();
  }

  private async runDue(): Promise<JobRun[]> {
    const now = this.now();
    const properties = await jobProperties(this.db);
    const runs: JobRun[] = [];
    for (const job of this.jobs) {
      const settings = await jobSettings(this.db, job, properties);
      if (settings.disabled) continue;
      if (!(await isDue(this.db, settings.schedule, await lastStart(this.db, job.name), now))) {
        continue;
      }
      runs.push(await runJob(this.db, job, settings, now, this.hostname));
    }
    return runs;
  }
}
