import type { FastifyPluginAsync } from 'fastify';
import { optional, record, string, type, unknown } from 'superstruct';
import { FINAL_RUN_STATUSES } from '../../../contracts/playbooks';
import type { SqlClient } from '../db/types';
import { callerAllows } from '../auth/access';
import { resourceOfRelation } from '../auth/rbac';
import {
  OUTSIDE_SCOPES,
  impersonationOf,
  selectedIds,
  selects,
  selectsRun,
} from '../auth/impersonation';
import { contentDisposition } from './contentDisposition';
import { answerJsonErrors, requireAccess, requireBody, requireCaller, sendError } from './guard';
import { enqueueRun } from '../playbooks/executor';
import { configsProblem } from '../playbooks/params';
import {
  type PlaybookResource,
  type ResourceKind,
  appliesTo,
  needsApproval,
  renderDeep,
  resolveParams,
  specApprovers,
  specParameters,
  specTimeoutMs,
  targetKind,
  templateContext,
} from '../playbooks/spec';
import {
  type PlaybookRow,
  allPlaybooks,
  findPlaybook,
  findResource,
  isUuid,
  mayApprove,
  mayRun,
} from '../playbooks/store';

const KEYS = [
  ['config_id', 'config'],
  ['component_id', 'component'],
  ['check_id', 'check'],
] as const;

const RELATION: Record<ResourceKind, string> = {
  config: 'config_items',
  component: 'components',
  check: 'checks',
};

/** The run a retry copies. */
interface RetriedRun {
  id: string;
  playbook_id: string;
  status: string;
  spec: Record<string, unknown>;
  parameters: Record<string, unknown> | null;
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  timeout: string;
  agent_id: string | null;
}

type ResourceRef = { kind: ResourceKind; id: string } | null;

/** The one resource named by `config_id` / `component_id` / `check_id`, or the problem. */
function resourceOf(source: Record<string, unknown>): { ref: ResourceRef } | { error: string } {
  const given = KEYS.filter(([key]) => source[key] !== undefined && source[key] !== '');
  if (given.length > 1)
    return { error: 'only one of config_id, component_id, check_id is allowed' };
  const [entry] = given;
  if (!entry) return { ref: null };
  const [key, kind] = entry;
  const id = source[key];
  if (!isUuid(id)) return { error: `${key}: invalid id` };
  return { ref: { kind, id: id.toLowerCase() } };
}

/** The listing shape of PB-07. */
function listed(playbook: PlaybookRow) {
  return {
    id: playbook.id,
    namespace: playbook.namespace,
    name: playbook.name,
    title: playbook.title,
    icon: playbook.icon ?? undefined,
    description: playbook.description ?? undefined,
    source: playbook.source,
    category: playbook.category,
    created_at: playbook.created_at,
    parameters: specParameters(playbook.spec),
    spec: playbook.spec,
  };
}

const RunBody = type({
  id: string(),
  config_id: optional(string()),
  component_id: optional(string()),
  check_id: optional(string()),
  agent_id: optional(string()),
  parent_id: optional(string()),
  notification_send_id: optional(string()),
  params: optional(record(string(), unknown())),
  request: optional(unknown()),
});

const RetryBody = type({ action_id: string() });

const ParamsBody = type({
  id: optional(string()),
  config_id: optional(string()),
  component_id: optional(string()),
  check_id: optional(string()),
});

/**
 * The native playbook endpoints of the demo backend (api.md §12): PB-07 list for a resource,
 * PB-08 resolved parameters, PB-09 run, PB-14 approve, PB-15 cancel, and MISC-04 artifact
 * download. Runs are carried through their states by the executor (`playbooks/executor.ts`).
 */
export function playbookRoutes(db: SqlClient): FastifyPluginAsync {
  /** Loads the resource and checks the caller reads it; answers the failure otherwise. */
  const loadResource = async (
    ref: ResourceRef,
    canRead: (kind: ResourceKind) => boolean,
  ): Promise<{ resource: PlaybookResource | null } | { status: number; error: string }> => {
    if (!ref) return { resource: null };
    if (!canRead(ref.kind)) return { status: 403, error: `not allowed to read this ${ref.kind}` };
    const resource = await findResource(db, ref.kind, ref.id);
    if (!resource) return { status: 404, error: `${ref.kind} ${ref.id} not found` };
    return { resource };
  };

  return async (app) => {
    answerJsonErrors(app, 'application/json');

    app.get('/playbook/list', async (request, reply) => {
      const caller = await requireAccess(db, request, reply, 'playbooks', 'read');
      if (!caller) return reply;
      const found = resourceOf((request.query ?? {}) as Record<string, unknown>);
      if ('error' in found) return sendError(reply, 400, found.error);
      const loaded = await loadResource(found.ref, (kind) =>
        callerAllows(caller, resourceOfRelation(RELATION[kind]), 'read'),
      );
      if ('error' in loaded) return sendError(reply, loaded.status, loaded.error);
      const { resource } = loaded;
      // Impersonating: the playbooks of the scopes, none for a resource outside them.
      const impersonation = impersonationOf(request);
      if (resource && !(await selects(db, impersonation, resource.kind, resource.id))) {
        return reply.send([]);
      }
      const selected = await selectedIds(db, impersonation, 'playbook');
      const playbooks = await allPlaybooks(db);
      return reply.send(
        playbooks
          .filter((playbook) => !resource || appliesTo(playbook.spec, resource))
          .filter((playbook) => selected === null || selected.has(playbook.id))
          .map(listed),
      );
    });

    app.post<{ Params: { playbookId: string } }>(
      '/playbook/:playbookId/params',
      async (request, reply) => {
        const caller = await requireCaller(db, request, reply);
        if (!caller) return reply;
        const parsed = requireBody(reply, ParamsBody, request.body ?? {});
        if (!parsed) return reply;
        const { playbookId } = request.params;
        if (!isUuid(playbookId)) return sendError(reply, 400, 'invalid playbook id');
        if (parsed.id !== undefined && parsed.id !== playbookId) {
          return sendError(reply, 400, 'id does not match the playbook in the path');
        }
        const found = resourceOf(parsed);
        if ('error' in found) return sendError(reply, 400, found.error);
        const playbook = await findPlaybook(db, playbookId);
        if (!playbook) return sendError(reply, 404, `playbook ${playbookId} not found`);
        const loaded = await loadResource(found.ref, (kind) =>
          callerAllows(caller, resourceOfRelation(RELATION[kind]), 'read'),
        );
        if ('error' in loaded) return sendError(reply, loaded.status, loaded.error);
        if (!(await mayRun(db, caller, playbook.id, loaded.resource))) {
          return sendError(reply, 403, 'not allowed to run this playbook');
        }
        if (!(await selectsRun(db, impersonationOf(request), playbook.id, loaded.resource))) {
          return sendError(reply, 403, OUTSIDE_SCOPES);
        }
        const context = templateContext(loaded.resource, {});
        return reply.send({ params: renderDeep(specParameters(playbook.spec), context) });
      },
    );

    app.post('/playbook/run', async (request, reply) => {
      const caller = await requireCaller(db, request, reply);
      if (!caller) return reply;
      const body = requireBody(reply, RunBody, request.body);
      if (!body) return reply;
      if (!isUuid(body.id)) return sendError(reply, 400, 'id: invalid playbook id');
      for (const key of ['agent_id', 'parent_id', 'notification_send_id'] as const) {
        if (body[key] !== undefined && !isUuid(body[key])) {
          return sendError(reply, 400, `${key}: invalid id`);
        }
      }
      const found = resourceOf(body);
      if ('error' in found) return sendError(reply, 400, found.error);
      const playbook = await findPlaybook(db, body.id);
      if (!playbook) return sendError(reply, 404, `playbook ${body.id} not found`);
      const loaded = await loadResource(found.ref, () => true);
      if ('error' in loaded) return sendError(reply, loaded.status, loaded.error);
      const { resource } = loaded;
      if (!(await mayRun(db, caller, playbook.id, resource))) {
        return sendError(reply, 403, 'not allowed to run this playbook');
      }
      if (!(await selectsRun(db, impersonationOf(request), playbook.id, resource))) {
        return sendError(reply, 403, OUTSIDE_SCOPES);
      }
      const kind = targetKind(playbook.spec);
      if (kind && !resource) return sendError(reply, 400, `playbook requires a ${kind}`);
      if (resource && !appliesTo(playbook.spec, resource)) {
        return sendError(
          reply,
          400,
          `playbook ${playbook.name} cannot run on this ${resource.kind}`,
        );
      }
      // Defaults are templates on the resource, as PB-08 answers them.
      const parameters = renderDeep(specParameters(playbook.spec), templateContext(resource, {}));
      const params = resolveParams(parameters, body.params ?? {});
      if (!params.ok) return sendError(reply, 400, params.error);
      const missing = await configsProblem(db, parameters, params.params);
      if (missing) return sendError(reply, 400, missing);
      const status = needsApproval(playbook.spec) ? 'pending_approval' : 'scheduled';
      const { rows } = await db.query<{ id: string; scheduled_time: Date }>(
        `INSERT INTO playbook_runs
           (playbook_id, spec, status, created_by, config_id, component_id, check_id, parameters,
            request, timeout, parent_id, notification_send_id, agent_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
                 COALESCE($13::uuid, '00000000-0000-0000-0000-000000000000'))
         RETURNING id, scheduled_time`,
        [
          playbook.id,
          JSON.stringify(playbook.spec),
          status,
          caller.personId,
          resource?.kind === 'config' ? resource.id : null,
          resource?.kind === 'component' ? resource.id : null,
          resource?.kind === 'check' ? resource.id : null,
          JSON.stringify(params.params),
          body.request === undefined ? null : JSON.stringify(body.request),
          specTimeoutMs(playbook.spec) * 1e6,
          body.parent_id ?? null,
          body.notification_send_id ?? null,
          body.agent_id ?? null,
        ],
      );
      const run = rows[0];
      if (!run) return sendError(reply, 500, 'the run was not created');
      await enqueueRun(db, run.id);
      return reply
        .code(201)
        .send({ run_id: run.id, starts_at: new Date(run.scheduled_time).toISOString() });
    });

    app.post<{ Params: { runId: string } }>(
      '/playbook/run/approve/:runId',
      async (request, reply) => {
        const caller = await requireCaller(db, request, reply);
        if (!caller) return reply;
        const { runId } = request.params;
        if (!isUuid(runId)) {
          return reply.code(400).send({ error: 'invalid uuid', message: 'invalid run id' });
        }
        const { rows } = await db.query<{
          id: string;
          playbook_id: string;
          status: string;
          spec: Record<string, unknown>;
          config_id: string | null;
          component_id: string | null;
          check_id: string | null;
        }>(
          `SELECT id, playbook_id, status, spec, config_id, component_id, check_id
             FROM playbook_runs WHERE id = $1`,
          [runId],
        );
        const run = rows[0];
        if (!run) return sendError(reply, 404, `playbook run ${runId} not found`);
        const approval = await mayApprove(db, caller, run.playbook_id, run.spec);
        if (!approval.ok) return sendError(reply, 403, 'not an approver of this playbook');
        const target = run.config_id
          ? { kind: 'config' as const, id: run.config_id }
          : run.component_id
            ? { kind: 'component' as const, id: run.component_id }
            : run.check_id
              ? { kind: 'check' as const, id: run.check_id }
              : null;
        if (!(await selectsRun(db, impersonationOf(request), run.playbook_id, target))) {
          return sendError(reply, 403, OUTSIDE_SCOPES);
        }
        if (run.status !== 'pending_approval') {
          return sendError(reply, 400, `playbook run is ${run.status}, not pending approval`);
        }
        await db.query(
          `INSERT INTO playbook_approvals (run_id, person_id, team_id)
           SELECT $1, $2, $3 WHERE NOT EXISTS
             (SELECT 1 FROM playbook_approvals WHERE run_id = $1 AND person_id = $2)`,
          [run.id, caller.personId, approval.teamId],
        );
        if (await approvalsComplete(db, run.id, run.spec)) {
          await db.query(
            `UPDATE playbook_runs SET status = 'scheduled', scheduled_time = now()
              WHERE id = $1 AND status = 'pending_approval'`,
            [run.id],
          );
          await enqueueRun(db, run.id);
        }
        return reply.send({ message: 'playbook run approved' });
      },
    );

    app.post<{ Params: { runId: string } }>(
      '/playbook/run/cancel/:runId',
      async (request, reply) => {
        const caller = await requireCaller(db, request, reply);
        if (!caller) return reply;
        const { runId } = request.params;
        if (!isUuid(runId)) return sendError(reply, 400, 'invalid run id');
        const { rows } = await db.query<{ id: string; playbook_id: string; status: string }>(
          'SELECT id, playbook_id, status FROM playbook_runs WHERE id = $1',
          [runId],
        );
        const run = rows[0];
        if (!run) return sendError(reply, 404, `playbook run ${runId} not found`);
        if (!(await mayRun(db, caller, run.playbook_id))) {
          return sendError(reply, 403, 'not allowed to cancel runs of this playbook');
        }
        if (FINAL_RUN_STATUSES.has(run.status)) {
          return sendError(reply, 400, `playbook run is already ${run.status}`);
        }
        await db.transaction(async (tx) => {
          await tx.query(
            `UPDATE playbook_runs SET status = 'cancelled', end_time = now(), error = 'cancelled'
            WHERE id = $1 OR parent_id = $1`,
            [run.id],
          );
          await tx.query(
            `UPDATE playbook_run_actions SET status = 'skipped', end_time = now(), error = 'cancelled'
            WHERE status IN ('scheduled', 'running', 'sleeping', 'waiting_children')
              AND playbook_run_id IN (SELECT id FROM playbook_runs WHERE id = $1 OR parent_id = $1)`,
            [run.id],
          );
        });
        return reply.send({ message: 'playbook run cancelled' });
      },
    );

    // Retry from an action: a failed run's failed action and every action after it run again in
    // a new run (`retry_of` names the failed run). The actions before it are carried over with
    // their results and artifacts as skipped actions, so the executor starts at the failed one.
    // The demo backend's own endpoint; Mission Control has no retry of a run from an action.
    app.post<{ Params: { runId: string } }>(
      '/playbook/run/retry/:runId',
      async (request, reply) => {
        const caller = await requireCaller(db, request, reply);
        if (!caller) return reply;
        const body = requireBody(reply, RetryBody, request.body);
        if (!body) return reply;
        const { runId } = request.params;
        if (!isUuid(runId)) return sendError(reply, 400, 'invalid run id');
        if (!isUuid(body.action_id)) return sendError(reply, 400, 'action_id: invalid id');
        const { rows } = await db.query<RetriedRun>(
          `SELECT id, playbook_id, status, spec, parameters, config_id, component_id, check_id,
                timeout, agent_id
           FROM playbook_runs WHERE id = $1`,
          [runId],
        );
        const run = rows[0];
        if (!run) return sendError(reply, 404, `playbook run ${runId} not found`);
        if (!(await mayRun(db, caller, run.playbook_id))) {
          return sendError(reply, 403, 'not allowed to run this playbook');
        }
        if (run.status !== 'failed' && run.status !== 'timed_out') {
          return sendError(
            reply,
            400,
            `playbook run is ${run.status}; only a failed run is retried`,
          );
        }
        const { rows: actions } = await db.query<{ id: string; name: string; status: string }>(
          `SELECT id, name, status FROM playbook_run_actions WHERE playbook_run_id = $1
          ORDER BY scheduled_time, start_time NULLS LAST, id`,
          [run.id],
        );
        const from = actions.findIndex((action) => action.id === body.action_id.toLowerCase());
        if (from < 0) return sendError(reply, 404, `action ${body.action_id} is not in this run`);
        if (actions[from]?.status !== 'failed') {
          return sendError(reply, 400, 'only a failed action is retried from');
        }
        const status = needsApproval(run.spec) ? 'pending_approval' : 'scheduled';
        const created = await db.transaction(async (tx) => {
          const inserted = await tx.query<{ id: string; scheduled_time: Date }>(
            `INSERT INTO playbook_runs
             (playbook_id, spec, status, created_by, config_id, component_id, check_id,
              parameters, timeout, agent_id, retry_of)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
           RETURNING id, scheduled_time`,
            [
              run.playbook_id,
              JSON.stringify(run.spec),
              status,
              caller.personId,
              run.config_id,
              run.component_id,
              run.check_id,
              run.parameters === null ? null : JSON.stringify(run.parameters),
              run.timeout,
              run.agent_id,
              run.id,
            ],
          );
          const retry = inserted.rows[0];
          if (!retry) return null;
          // Each carried action a millisecond after the one before it, to keep their order.
          for (const [index, earlier] of actions.slice(0, from).entries()) {
            const copied = await tx.query<{ id: string }>(
              `INSERT INTO playbook_run_actions
               (name, status, playbook_run_id, scheduled_time, start_time, end_time, result,
                agent_id)
             SELECT name, 'skipped', $2, at, at, at, result, agent_id
               FROM playbook_run_actions, (SELECT now() + $3 * interval '1 millisecond' AS at) t
              WHERE id = $1
             RETURNING id`,
              [earlier.id, retry.id, index],
            );
            const copy = copied.rows[0];
            if (!copy) continue;
            await tx.query(
              `INSERT INTO artifacts (playbook_run_action_id, path, filename, content_type, size,
                                    checksum, content, compression_type, created_at, updated_at)
             SELECT $2, path, filename, content_type, size, checksum, content, compression_type,
                    now(), now()
               FROM artifacts WHERE playbook_run_action_id = $1 AND deleted_at IS NULL`,
              [earlier.id, copy.id],
            );
          }
          return retry;
        });
        if (!created) return sendError(reply, 500, 'the run was not created');
        if (status === 'scheduled') await enqueueRun(db, created.id);
        return reply
          .code(201)
          .send({ run_id: created.id, starts_at: new Date(created.scheduled_time).toISOString() });
      },
    );

    // MISC-04: the file as stored. With `?filename=` it is an attachment saved under that name
    // (as Mission Control answers); without, it is shown inline under its own name. A file is
    // never read as another type, and a document opened from here runs no script. Who may read
    // it depends on what it belongs to: a scrape run's artifact (its scraper, or a job of a
    // scraper) is read by whoever reads config_scrapers, the others by readers of playbook runs.
    app.get<{ Params: { artifactId: string }; Querystring: { filename?: string } }>(
      '/artifacts/download/:artifactId',
      async (request, reply) => {
        const caller = await requireCaller(db, request, reply);
        if (!caller) return reply;
        const { artifactId } = request.params;
        if (!isUuid(artifactId)) return sendError(reply, 400, 'invalid artifact id');
        const { rows } = await db.query<{
          content: Uint8Array | null;
          content_type: string | null;
          filename: string;
          of_scraper: boolean;
        }>(
          `SELECT a.content, a.content_type, a.filename,
                  (a.scraper_id IS NOT NULL OR j.resource_type = 'config_scraper') AS of_scraper
             FROM artifacts a LEFT JOIN job_history j ON j.id = a.job_history_id
            WHERE a.id = $1 AND a.deleted_at IS NULL`,
          [artifactId],
        );
        const artifact = rows[0];
        if (!artifact) return sendError(reply, 404, `artifact ${artifactId} not found`);
        const resource = artifact.of_scraper ? 'config_scrapers' : 'playbook_runs';
        if (!callerAllows(caller, resource, 'read')) {
          return sendError(reply, 403, `not allowed to read ${resource}`);
        }
        const { filename: saveAs } = request.query;
        return reply
          .type(artifact.content_type ?? 'application/octet-stream')
          .header(
            'content-disposition',
            typeof saveAs === 'string' && saveAs !== ''
              ? contentDisposition('attachment', saveAs)
              : contentDisposition('inline', artifact.filename),
          )
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-security-policy',
            "default-src 'none'; style-src 'unsafe-inline'; sandbox",
          )
          .send(Buffer.from(artifact.content ?? new Uint8Array()));
      },
    );
  };
}

/**
 * Whether a run has the approvals its spec asks for: `any` needs one; `all` needs every named
 * person and one member of every named team (or one approval when nobody is named).
 */
async function approvalsComplete(
  db: SqlClient,
  runId: string,
  spec: Record<string, unknown>,
): Promise<boolean> {
  const approvers = specApprovers(spec);
  const { rows } = await db.query<{ email: string | null; id: string; team: string | null }>(
    `SELECT p.id, p.email, t.name AS team FROM playbook_approvals a
       JOIN people p ON p.id = a.person_id
       LEFT JOIN teams t ON t.id = a.team_id
      WHERE a.run_id = $1`,
    [runId],
  );
  if (rows.length === 0) return false;
  if (approvers.type === 'any') return true;
  const people = approvers.people.every((person) =>
    rows.some((row) => row.id === person || row.email?.toLowerCase() === person.toLowerCase()),
  );
  const teams = approvers.teams.every((team) => rows.some((row) => row.team === team));
  return people && teams;
}
