/**
 * The demo backend's playbook executor. Every state lives in the database: the queued runs
 * (`demo_playbook_queue`) that are not final are advanced one step per run and tick:
 *
 *   run     scheduled → running → completed | failed | timed_out   (cancelled by the endpoint)
 *   action  scheduled → running → completed | failed               (or skipped by its `if`)
 *
 * A started executor ticks on a timer; tests call `tick()` and pass a clock to stay
 * deterministic. A new executor on the same database resumes where the last one stopped.
 */
import type { SqlClient } from '../db/types';
import { artifactRow, actionDurationMs, runAction } from './actions';
import {
  type ActionSpec,
  type PlaybookResource,
  type ResourceKind,
  conditionHolds,
  renderDeep,
  specActions,
  templateContext,
} from './spec';
import { findResource } from './store';
import { templateParams } from './params';

export interface ExecutorOptions {
  /** Time between ticks of a started executor (default one second). */
  stepMs?: number;
  /** The clock; tests pass their own. */
  now?: () => Date;
  log?: (line: string) => void;
  /**
   * Called once when a run reaches a final status here (completed, failed, timed_out), after
   * the status is stored; a failure is logged and does not stop the executor.
   */
  onRunFinished?: (run: FinishedRun) => Promise<void>;
}

/** A run the executor has just finished. */
export interface FinishedRun {
  id: string;
  status: string;
  at: Date;
}

interface RunRow {
  id: string;
  status: string;
  spec: Record<string, unknown>;
  parameters: Record<string, string> | null;
  start_time: Date | null;
  scheduled_time: Date;
  timeout: string | number;
  created_by: string | null;
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  retry_of: string | null;
  playbook_name: string;
}

interface ActionRow {
  id: string;
  name: string;
  status: string;
  start_time: Date | null;
  error: string | null;
}

/** The longest chain of retries whose attempts are counted. */
const MAX_RETRY_CHAIN = 100;

/** Queues a run for the executor (idempotent). */
export async function enqueueRun(db: SqlClient, runId: string): Promise<void> {
  await db.query(
    'INSERT INTO demo_playbook_queue (run_id) VALUES ($1) ON CONFLICT (run_id) DO NOTHING',
    [runId],
  );
}

function resourceRef(run: RunRow): { kind: ResourceKind; id: string } | null {
  if (run.config_id) return { kind: 'config', id: run.config_id };
  if (run.component_id) return { kind: 'component', id: run.component_id };
  if (run.check_id) return { kind: 'check', id: run.check_id };
  return null;
}

export class PlaybookExecutor {
  private readonly stepMs: number;
  private readonly now: () => Date;
  private readonly log: (line: string) => void;
  private readonly onRunFinished: ((run: FinishedRun) => Promise<void>) | null;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly db: SqlClient,
    options: ExecutorOptions = {},
  ) {
    this.stepMs = options.stepMs ?? 1000;
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? (() => undefined);
    this.onRunFinished = options.onRunFinished ?? null;
  }

  /**
   * Ticks every `stepMs` until stopped, after taking over the runs left unfinished in the
   * database (seeded, or started before a crash that lost the queue).
   */
  start(): void {
    if (this.timer) return;
    const report = (error: unknown) =>
      this.log(`playbook executor: ${error instanceof Error ? error.message : String(error)}`);
    const resumed = this.resumeUnfinished().catch(report);
    this.timer = setInterval(() => {
      if (this.running) return;
      resumed.then(() => this.tick()).catch(report);
    }, this.stepMs);
    this.timer.unref();
  }

  /** Queues every run that is scheduled or running but not queued; answers how many. */
  async resumeUnfinished(): Promise<number> {
    const { rows } = await this.db.query<{ run_id: string }>(
      `INSERT INTO demo_playbook_queue (run_id)
       SELECT id FROM playbook_runs WHERE status IN ('scheduled', 'running')
       ON CONFLICT (run_id) DO NOTHING
       RETURNING run_id`,
    );
    return rows.length;
  }

  /** Stops ticking and waits for a tick in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** Advances every queued run that is not final by one step; answers how many it looked at. */
  tick(): Promise<number> {
    const work = (async () => {
      const { rows } = await this.db.query<RunRow>(
        `SELECT r.id, r.status, r.spec, r.parameters, r.start_time, r.scheduled_time, r.timeout,
                r.created_by, r.config_id, r.component_id, r.check_id, r.retry_of,
                p.name AS playbook_name
           FROM demo_playbook_queue q
           JOIN playbook_runs r ON r.id = q.run_id
           JOIN playbooks p ON p.id = r.playbook_id
          WHERE r.status IN ('scheduled', 'running')
          ORDER BY q.queued_at, r.id`,
      );
      for (const run of rows) await this.advance(run);
      return rows.length;
    })();
    this.running = work;
    return work.finally(() => {
      if (this.running === work) this.running = null;
    });
  }

  private async advance(run: RunRow): Promise<void> {
    const now = this.now();
    const at = now.toISOString();
    if (run.status === 'scheduled') {
      if (new Date(run.scheduled_time) > now) return;
      await this.db.query(
        `UPDATE playbook_runs SET status = 'running', start_time = $2
          WHERE id = $1 AND status = 'scheduled'`,
        [run.id, at],
      );
      return;
    }
    const startedMs = run.start_time ? new Date(run.start_time).getTime() : now.getTime();
    const timeoutMs = Number(run.timeout) / 1e6;
    if (timeoutMs > 0 && now.getTime() - startedMs > timeoutMs) {
      await this.finishActions(run.id, now, 'failed', 'playbook run timed out');
      await this.finishRun(run.id, 'timed_out', now, `timed out after ${timeoutMs / 1000}s`);
      return;
    }
    const specs = specActions(run.spec);
    const { rows: actions } = await this.db.query<ActionRow>(
      `SELECT id, name, status, start_time, error FROM playbook_run_actions
        WHERE playbook_run_id = $1`,
      [run.id],
    );
    const params = run.parameters ?? {};
    const ref = resourceRef(run);
    const resource = ref ? await findResource(this.db, ref.kind, ref.id) : null;
    const current = actions.find((action) => action.status === 'running');
    if (current) {
      await this.complete(run, current, specs, params, resource, now);
      return;
    }
    const waiting = actions.find((action) => action.status === 'scheduled');
    if (waiting) {
      await this.db.query(
        `UPDATE playbook_run_actions SET status = 'running', start_time = $2
          WHERE id = $1 AND status = 'scheduled'`,
        [waiting.id, at],
      );
      return;
    }
    const failed = actions.find((action) => action.status === 'failed');
    const next = specs.find((spec) => !actions.some((action) => action.name === spec.name));
    if (next) {
      const runs = conditionHolds(next.if, params, failed !== undefined);
      await this.db.query(
        `INSERT INTO playbook_run_actions (name, status, playbook_run_id, scheduled_time,
                                           start_time, end_time)
         VALUES ($1, $2, $3, $4, $5, $5)`,
        [next.name, runs ? 'scheduled' : 'skipped', run.id, at, runs ? null : at],
      );
      return;
    }
    if (failed) {
      await this.finishRun(run.id, 'failed', now, failed.error ?? `action ${failed.name} failed`);
    } else {
      await this.finishRun(run.id, 'completed', now, null);
    }
  }

  private async complete(
    run: RunRow,
    current: ActionRow,
    specs: readonly ActionSpec[],
    params: Record<string, string>,
    resource: PlaybookResource | null,
    now: Date,
  ): Promise<void> {
    const spec = specs.find((candidate) => candidate.name === current.name);
    if (!spec) {
      await this.endAction(current.id, 'failed', now, {}, 'action is not in the playbook spec');
      return;
    }
    const attempt = await this.attemptOf(run);
    const seen = await templateParams(this.db, run.spec, params);
    const action = renderDeep(spec, templateContext(resource, seen, { id: run.id, attempt }));
    const started = current.start_time ? new Date(current.start_time).getTime() : now.getTime();
    if (now.getTime() - started < actionDurationMs(action)) return;
    const outcome = await runAction(this.db, {
      action,
      runId: run.id,
      playbookName: run.playbook_name,
      resource,
      params,
      actorId: run.created_by,
      now,
    });
    const ended = await this.endAction(
      current.id,
      outcome.status,
      now,
      outcome.result,
      outcome.error,
    );
    if (!ended) return;
    for (const file of outcome.artifacts) {
      const row = artifactRow(file, current.id, run.id, current.name);
      await this.db.query(
        `INSERT INTO artifacts (playbook_run_action_id, path, filename, content_type, size,
                                checksum, content, compression_type, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'none', $8, $8)`,
        [
          row.playbook_run_action_id,
          row.path,
          row.filename,
          row.content_type,
          row.size,
          row.checksum,
          row.content,
          now.toISOString(),
        ],
      );
    }
  }

  /**
   * Which attempt a run is: 1 for a run started afresh, one more for each retry in the chain
   * of runs it retries (`retry_of`). Templates read it as `{{.run.attempt}}`.
   */
  private async attemptOf(run: RunRow): Promise<number> {
    let attempt = 1;
    let previous = run.retry_of;
    const seen = new Set([run.id]);
    while (previous && !seen.has(previous) && attempt < MAX_RETRY_CHAIN) {
      seen.add(previous);
      attempt += 1;
      const { rows } = await this.db.query<{ retry_of: string | null }>(
        'SELECT retry_of FROM playbook_runs WHERE id = $1',
        [previous],
      );
      previous = rows[0]?.retry_of ?? null;
    }
    return attempt;
  }

  private async endAction(
    id: string,
    status: string,
    now: Date,
    result: Record<string, unknown>,
    error: string | null,
  ): Promise<boolean> {
    const { rows } = await this.db.query(
      `UPDATE playbook_run_actions SET status = $2, end_time = $3, result = $4, error = $5
        WHERE id = $1 AND status = 'running' RETURNING id`,
      [id, status, now.toISOString(), JSON.stringify(result), error],
    );
    return rows.length > 0;
  }

  private async finishActions(runId: string, now: Date, status: string, error: string) {
    await this.db.query(
      `UPDATE playbook_run_actions SET status = $3, end_time = $2, error = $4
        WHERE playbook_run_id = $1 AND status IN ('scheduled', 'running')`,
      [runId, now.toISOString(), status, error],
    );
  }

  private async finishRun(id: string, status: string, now: Date, error: string | null) {
    const { rows } = await this.db.query<{ id: string }>(
      `UPDATE playbook_runs SET status = $2, end_time = $3, error = $4
        WHERE id = $1 AND status = 'running' RETURNING id`,
      [id, status, now.toISOString(), error],
    );
    this.log(`playbook run ${id} ${status}`);
    if (rows.length > 0 && this.onRunFinished) {
      await this.onRunFinished({ id, status, at: now }).catch((failure: unknown) =>
        this.log(
          `playbook run ${id} hook: ${failure instanceof Error ? failure.message : String(failure)}`,
        ),
      );
    }
  }
}
