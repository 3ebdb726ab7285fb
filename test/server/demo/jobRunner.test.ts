import type { SqlClient } from '../../../server/demo/db/types';
import { JobRunner, everyMs, jobSettings } from '../../../server/demo/jobs/runner';
import type { SystemJob } from '../../../server/demo/jobs/systemJobs';
import { EVENT_MAX_ATTEMPTS, SYSTEM_JOBS } from '../../../server/demo/jobs/systemJobs';
import { createTestDatabase } from '../../../server/demo/db/testing';

jest.setTimeout(120_000);

const MINUTE = 60_000;
let db: SqlClient;
/** The runner's clock, moved by the tests. */
let clock: Date;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

/** A job that counts its runs, logging at each level, with a retention of two and one. */
let counted = 0;
const COUNTER: SystemJob = {
  name: 'TestCounter',
  schedule: '@every 1h',
  retention: { success: 2, failed: 1 },
  description: 'Counts its runs',
  run: async (_db, _now, log) => {
    counted += 1;
    log('info', `run ${counted}`);
    log('debug', 'debug line');
    log('trace', 'trace line');
    return { success: 1, errors: [] };
  },
};

function runner(jobs: readonly SystemJob[] = [COUNTER]) {
  return new JobRunner(db, { now: () => clock, jobs, hostname: 'test-host' });
}

async function setProperty(name: string, value: string | null): Promise<void> {
  if (value === null) {
    await db.query(`DELETE FROM properties WHERE name = $1`, [name]);
    return;
  }
  await db.query(
    `INSERT INTO properties (name, value) VALUES ($1, $2)
     ON CONFLICT (name) DO UPDATE SET value = EXCLUDED.value, deleted_at = NULL`,
    [name, value],
  );
}

async function runsOf(name: string) {
  const { rows } = await db.query<{
    status: string;
    success_count: number;
    details: { logs?: Array<{ level: string; message: string }>; errors?: string[] } | null;
  }>(
    `SELECT status, success_count, details FROM job_history WHERE name = $1
      ORDER BY time_start DESC`,
    [name],
  );
  return rows;
}

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.close();
});

beforeEach(async () => {
  clock = new Date();
  counted = 0;
  await db.query(`DELETE FROM job_history WHERE name = $1`, [COUNTER.name]);
  await db.query(`DELETE FROM properties WHERE name LIKE 'jobs.%'`);
});

describe('the system job runner', () => {
  it('runs a job when due, records the run, and not again before its schedule', async () => {
    const jobs = runner();
    expect((await jobs.tick()).map((run) => run.status)).toEqual(['SUCCESS']);
    advance(30 * MINUTE);
    expect(await jobs.tick()).toEqual([]);
    advance(30 * MINUTE);
    expect(await jobs.tick()).toHaveLength(1);
    const runs = await runsOf(COUNTER.name);
    expect(runs).toHaveLength(2);
    expect(runs[0]).toMatchObject({ status: 'SUCCESS', success_count: 1 });
    // At the default log level the debug and trace lines are not kept.
    expect(runs[0]!.details?.logs).toEqual([{ level: 'info', message: 'run 2' }]);
  });

  it('stops running a disabled job, and runs it again once enabled, without a restart', async () => {
    const jobs = runner();
    await jobs.tick();
    await setProperty(`jobs.${COUNTER.name}.disable`, 'true');
    for (let hour = 0; hour < 3; hour += 1) {
      advance(60 * MINUTE);
      expect(await jobs.tick()).toEqual([]);
    }
    expect(counted).toBe(1);
    await setProperty(`jobs.${COUNTER.name}.disable`, 'false');
    expect(await jobs.tick()).toHaveLength(1);
    // `jobs.disable` stops every job that does not say otherwise itself.
    await setProperty(`jobs.${COUNTER.name}.disable`, null);
    await setProperty('jobs.disable', 'true');
    advance(60 * MINUTE);
    expect(await jobs.tick()).toEqual([]);
    await setProperty(`jobs.${COUNTER.name}.disable`, 'false');
    expect(await jobs.tick()).toHaveLength(1);
  });

  it('takes a changed schedule at the next tick: @every and five-field cron', async () => {
    const jobs = runner();
    await jobs.tick();
    advance(10 * MINUTE);
    expect(await jobs.tick()).toEqual([]);
    await setProperty(`jobs.${COUNTER.name}.schedule`, '@every 5m');
    expect(await jobs.tick()).toHaveLength(1);
    // Every minute of the hour by cron: due one minute later.
    await setProperty(`jobs.${COUNTER.name}.schedule`, '* * * * *');
    advance(MINUTE);
    expect(await jobs.tick()).toHaveLength(1);
    expect(await jobs.tick()).toEqual([]);
  });

  it('ignores a schedule it cannot read, keeping the default and saying why in the run', async () => {
    await setProperty(`jobs.${COUNTER.name}.schedule`, '61 * * * *');
    const settings = await jobSettings(db, COUNTER);
    expect(settings.schedule).toBe('@every 1h');
    expect(settings.scheduleProblem).toMatch(/61/);
    await runner().tick();
    const [run] = await runsOf(COUNTER.name);
    expect(run!.details?.logs?.[0]).toMatchObject({ level: 'warn' });
    expect(run!.details?.logs?.[0]!.message).toMatch(/schedule override ignored/);
  });

  it('keeps as many runs as its retention says, the default or the override', async () => {
    const jobs = runner();
    for (let run = 0; run < 4; run += 1) {
      await jobs.tick();
      advance(60 * MINUTE);
    }
    expect(await runsOf(COUNTER.name)).toHaveLength(COUNTER.retention.success);
    await setProperty(`jobs.${COUNTER.name}.retention.success`, '3');
    for (let run = 0; run < 3; run += 1) {
      await jobs.tick();
      advance(60 * MINUTE);
    }
    expect(await runsOf(COUNTER.name)).toHaveLength(3);
  });

  it('keeps debug and trace lines at those log levels', async () => {
    await setProperty(`jobs.${COUNTER.name}.trace`, 'true');
    await runner().tick();
    const [run] = await runsOf(COUNTER.name);
    expect(run!.details?.logs?.map((line) => line.level)).toEqual(['info', 'debug', 'trace']);
  });

  it('records a failing job as FAILED with its error', async () => {
    const failing: SystemJob = {
      ...COUNTER,
      name: 'TestFailing',
      run: async () => {
        throw new Error('disk full');
      },
    };
    await db.query(`DELETE FROM job_history WHERE name = 'TestFailing'`);
    expect((await runner([failing]).tick())[0]).toMatchObject({ status: 'FAILED' });
    const [run] = await runsOf('TestFailing');
    expect(run!.details?.errors).toEqual(['disk full']);
  });

  it('reads @every durations', () => {
    expect(everyMs('@every 1h30m')).toBe(90 * MINUTE);
    expect(everyMs('@every 45s')).toBe(45_000);
    expect(everyMs('@every')).toBeUndefined();
    expect(everyMs('@daily')).toBeUndefined();
  });

  it('reads the descriptors as the cron they stand for', async () => {
    const jobs = runner();
    await jobs.tick();
    await setProperty(`jobs.${COUNTER.name}.schedule`, '@hourly');
    expect((await jobSettings(db, COUNTER)).scheduleProblem).toBeUndefined();
    // Due at the next full hour after the last run.
    const next = new Date(clock);
    next.setUTCHours(next.getUTCHours() + 1, 0, 0, 0);
    clock = new Date(next.getTime() - 1000);
    expect(await jobs.tick()).toEqual([]);
    clock = next;
    expect(await jobs.tick()).toHaveLength(1);
    await setProperty(`jobs.${COUNTER.name}.schedule`, '@fortnightly');
    expect((await jobSettings(db, COUNTER)).scheduleProblem).toMatch(/@fortnightly/);
  });
});

describe('the system jobs', () => {
  const job = (name: string) => SYSTEM_JOBS.find((candidate) => candidate.name === name)!;

  it('CleanupStaleJobHistory marks long-running runs stale and removes month-old runs', async () => {
    const now = new Date();
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO job_history (name, status, time_start, created_at) VALUES
         ('TestStale', 'RUNNING', $1, $1), ('TestOld', 'SUCCESS', $2, $2), ('TestFresh', 'RUNNING', $3, $3)
       RETURNING id`,
      [
        new Date(now.getTime() - 5 * 60 * MINUTE).toISOString(),
        new Date(now.getTime() - 31 * 24 * 60 * MINUTE).toISOString(),
        new Date(now.getTime() - MINUTE).toISOString(),
      ],
    );
    const result = await job('CleanupStaleJobHistory').run(db, now, () => undefined);
    expect(result.errors).toEqual([]);
    const { rows: left } = await db.query<{ name: string; status: string }>(
      `SELECT name, status FROM job_history WHERE id = ANY($1::uuid[]) ORDER BY name`,
      [rows.map((row) => row.id)],
    );
    expect(left).toEqual([
      { name: 'TestFresh', status: 'RUNNING' },
      { name: 'TestStale', status: 'STALE' },
    ]);
  });

  it('CleanupEventQueue gives up on events that failed often and long ago', async () => {
    const now = new Date();
    const longAgo = new Date(now.getTime() - 8 * 24 * 60 * MINUTE).toISOString();
    await db.query(
      `INSERT INTO event_queue (name, attempts, last_attempt, created_at) VALUES
         ('test.given-up', $1, $2, $2), ('test.retrying', 1, $2, $2), ('test.recent', $1, $3, $3)`,
      [EVENT_MAX_ATTEMPTS, longAgo, now.toISOString()],
    );
    const result = await job('CleanupEventQueue').run(db, now, () => undefined);
    expect(result.success).toBeGreaterThanOrEqual(1);
    const { rows } = await db.query<{ name: string }>(
      `SELECT name FROM event_queue WHERE name LIKE 'test.%' ORDER BY name`,
    );
    expect(rows.map((row) => row.name)).toEqual(['test.recent', 'test.retrying']);
  });

  it('job_history_summary counts each job’s runs by status with its last run', async () => {
    await runner().tick();
    const { rows } = await db.query<Record<string, unknown>>(
      `SELECT * FROM job_history_summary WHERE name = $1`,
      [COUNTER.name],
    );
    expect(rows[0]).toMatchObject({ name: COUNTER.name, last_status: 'SUCCESS' });
    expect(Number(rows[0]!.total)).toBe(1);
    expect(Number(rows[0]!.success)).toBe(1);
    expect(Object.keys(rows[0]!).sort()).toEqual(
      [
        'name',
        'total',
        'running',
        'success',
        'warning',
        'failed',
        'stale',
        'skipped',
        'last_run_at',
        'average_duration',
        'last_status',
      ].sort(),
    );
  });
});
