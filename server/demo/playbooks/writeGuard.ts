/**
 * The playbook write guard of Mission Control (api.md PB-04..06, §23 item 24) in front of
 * `/api/db/playbooks` POST, PATCH and DELETE:
 * - POST needs a `spec` that passes the playbook schema; `source` must be `UI` and is filled in
 *   when missing; `Prefer: resolution=merge-duplicates` upserts are refused;
 * - PATCH and DELETE need an exact `id=eq.{uuid}` filter; playbooks whose stored `source` is not
 *   `UI` answer 409; `source` cannot change; a `spec`, when given, is validated.
 * Failures answer JSON `{ error }` (§2.4). Callers without write access pass through untouched
 * so that the PostgREST handler answers their 401/403 as for any table.
 */
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { SqlClient } from '../db/types';
import { resolveCaller } from '../auth/caller';
import { callerAllows, operationOfMethod } from '../auth/access';
import { resourceOfRelation } from '../auth/rbac';
import { parseBody, rawQuery } from '../postgrest/plugin';
import { playbookSpecProblem } from '../schemas';

const GUARDED_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH', 'DELETE']);
const ID_FILTER = /^eq\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
const UI_SOURCE = 'UI';

/** The guard's answer: the body to pass on (undefined: unchanged), or the refusal. */
export type GuardDecision =
  { ok: true; body?: unknown } | { ok: false; status: number; error: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function refuse(status: number, error: string): GuardDecision {
  return { ok: false, status, error };
}

function specProblem(spec: unknown): string | null {
  const problem = playbookSpecProblem(spec);
  return problem === null ? null : `invalid playbook spec: ${problem}`;
}

/** The checks of a create (one row or several); the rows with `source` filled in. */
export function checkCreate(body: unknown, prefer: string | undefined): GuardDecision {
  if (/resolution\s*=\s*merge-duplicates/i.test(prefer ?? '')) {
    return refuse(
      400,
      'upserts (Prefer: resolution=merge-duplicates) are not allowed on playbooks',
    );
  }
  const rows = Array.isArray(body) ? body : [body];
  const filled: Record<string, unknown>[] = [];
  for (const row of rows) {
    if (!isRecord(row)) return refuse(400, 'invalid request body: expected a playbook object');
    if (row.spec === undefined || row.spec === null) return refuse(400, 'spec is required');
    const problem = specProblem(row.spec);
    if (problem) return refuse(400, problem);
    if (row.source !== undefined && row.source !== UI_SOURCE) {
      return refuse(400, `source must be ${UI_SOURCE}, not ${String(row.source)}`);
    }
    filled.push({ ...row, source: UI_SOURCE });
  }
  return { ok: true, body: Array.isArray(body) ? filled : filled[0] };
}

/** The playbook fields the guard reads before a change. */
export interface StoredPlaybook {
  namespace: string;
  name: string;
  source: string;
}

/** The id of the exact `id=eq.{uuid}` filter of a change, or null when there is none. */
export function exactIdFilter(query: URLSearchParams): string | null {
  const values = query.getAll('id');
  if (values.length !== 1) return null;
  const match = ID_FILTER.exec(values[0] ?? '');
  return match?.[1]?.toLowerCase() ?? null;
}

/** The checks of a PATCH (update or soft delete) or DELETE of one stored playbook. */
export function checkChange(
  method: 'PATCH' | 'DELETE',
  body: unknown,
  stored: StoredPlaybook | null,
): GuardDecision {
  if (stored && stored.source !== UI_SOURCE) {
    return refuse(
      409,
      `playbook ${stored.namespace}/${stored.name} was not created through the API and cannot be modified`,
    );
  }
  if (method === 'DELETE' || body === undefined) return { ok: true };
  if (!isRecord(body)) return refuse(400, 'invalid request body: expected a playbook object');
  if (body.source !== undefined && body.source !== (stored?.source ?? UI_SOURCE)) {
    return refuse(400, 'source cannot be changed');
  }
  if ('spec' in body) {
    const problem = specProblem(body.spec);
    if (problem) return refuse(400, problem);
  }
  return { ok: true };
}

async function loadPlaybook(db: SqlClient, id: string): Promise<StoredPlaybook | null> {
  const { rows } = await db.query<StoredPlaybook>(
    'SELECT namespace, name, source::text AS source FROM playbooks WHERE id = $1',
    [id],
  );
  return rows[0] ?? null;
}

function isPlaybooksWrite(request: FastifyRequest): boolean {
  if (!GUARDED_METHODS.has(request.method.toUpperCase())) return false;
  const relation = (request.params as { '*'?: string } | undefined)?.['*'];
  const path = (request.raw.url ?? request.url).split('?')[0] ?? '';
  return relation === 'playbooks' && /\/db\/playbooks\/?$/.test(path);
}

/**
 * A Fastify `preHandler` hook for the scope that mounts the PostgREST plugin; only writes to
 * `playbooks` by callers allowed to make them are looked at.
 */
export function playbookWriteGuard(db: SqlClient): preHandlerAsyncHookHandler {
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    if (!isPlaybooksWrite(request)) return;
    const method = request.method.toUpperCase() as 'POST' | 'PATCH' | 'DELETE';
    const caller = await resolveCaller(db, request);
    const operation = operationOfMethod(method);
    if (!caller || !callerAllows(caller, resourceOfRelation('playbooks'), operation)) return;
    const parsed = parseBody(request.body);
    if (!parsed.ok) return; // the PostgREST handler answers its own 400
    let decision: GuardDecision;
    if (method === 'POST') {
      const prefer = request.headers.prefer;
      decision = checkCreate(parsed.value, Array.isArray(prefer) ? prefer.join(',') : prefer);
    } else {
      const id = exactIdFilter(rawQuery(request.raw.url ?? request.url));
      decision =
        id === null
          ? refuse(400, 'an exact id=eq.{uuid} filter is required to change a playbook')
          : checkChange(method, parsed.value, await loadPlaybook(db, id));
    }
    if (!decision.ok) {
      await reply
        .code(decision.status)
        .header('content-type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ error: decision.error }));
      return reply;
    }
    if (decision.body !== undefined) request.body = Buffer.from(JSON.stringify(decision.body));
  };
}
