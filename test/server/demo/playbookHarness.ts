/**
 * What the playbook server tests share: a playbook stored as the console stores one, a run's
 * status and actions, and an executor on a clock only the test moves, whose `drive` ticks it a
 * second apart until a run reaches one of the statuses asked for (bounded).
 */
import type { SqlClient } from '../../../server/demo/db/types';
import { PlaybookExecutor } from '../../../server/demo/playbooks/executor';

/** The statuses after which a run changes no more. */
export const FINAL_STATUSES = ['completed', 'failed', 'timed_out', 'cancelled'] as const;

/** Inserts a playbook made in the console, of the `Test` category; answers its id. */
export async function insertPlaybook(
  db: SqlClient,
  name: string,
  spec: Record<string, unknown>,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO playbooks (name, title, spec, source, category)
     VALUES ($1, $1, $2, 'UI', 'Test') RETURNING id`,
    [name, JSON.stringify(spec)],
  );
  return rows[0]!.id;
}

/** A run's status. */
export async function runStatus(db: SqlClient, runId: string): Promise<string> {
  const { rows } = await db.query<{ status: string }>(
    'SELECT status FROM playbook_runs WHERE id = $1',
    [runId],
  );
  return rows[0]!.status;
}

/** A run's actions in the order they were scheduled. */
export async function runActions(db: SqlClient, runId: string) {
  const { rows } = await db.query<{
    id: string;
    name: string;
    status: string;
    result: Record<string, unknown> | null;
    error: string | null;
  }>(
    `SELECT id, name, status, result, error FROM playbook_run_actions
      WHERE playbook_run_id = $1 ORDER BY scheduled_time, name`,
    [runId],
  );
  return rows;
}

/** An executor on a test's clock, and what moves them. */
export interface ClockedExecutor {
  /** The executor `drive` ticks; a test may put another in its place. */
  executor: PlaybookExecutor;
  now: () => Date;
  /** Moves the clock forward by `ms`. */
  advance(ms: number): void;
  /** Ticks `by` a second apart until the run's status is in `until`; answers the status. */
  drive(runId: string, until?: readonly string[], by?: PlaybookExecutor): Promise<string>;
}

/** An executor on the test's clock, which starts at `start` and moves only when told. */
export function clockedExecutor(db: SqlClient, start: string): ClockedExecutor {
  let clock = new Date(start);
  const now = () => clock;
  const clocked: ClockedExecutor = {
    executor: new PlaybookExecutor(db, { now }),
    now,
    advance(ms: number): void {
      clock = new Date(clock.getTime() + ms);
    },
    async drive(
      runId: string,
      until: readonly string[] = FINAL_STATUSES,
      by: PlaybookExecutor = clocked.executor,
    ): Promise<string> {
      for (let step = 0; step < 60; step++) {
        const status = await runStatus(db, runId);
        if (until.includes(status)) return status;
        clock = new Date(clock.getTime() + 1000);
        await by.tick();
      }
      return runStatus(db, runId);
    },
  };
  return clocked;
}
