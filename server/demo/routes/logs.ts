import type { FastifyPluginAsync } from 'fastify';
import { nullable, optional, record, string, type } from 'superstruct';
import type { SqlClient } from '../db/types';
import { isUuid } from './canary/ids';
import { answerJsonErrors, requireAccess, requireBody, sendError } from './guard';

/** The most lines one search answers (newest first); `total` still counts them all. */
export const MAX_LOG_LINES = 1000;

const LogSearchBody = type({
  name: optional(nullable(string())),
  id: optional(nullable(string())),
  query: optional(nullable(string())),
  labels: optional(nullable(record(string(), string()))),
  start: optional(nullable(string())),
  end: optional(nullable(string())),
});

const UNIT_MS: Record<string, number> = {
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
  w: 7 * 86_400_000,
};

const RELATIVE = /^now(?:([+-])(\d+)([smhdw]))?$/;

/**
 * An end of the time window: an ISO time, or `now` with an optional offset (`now-2h`). Empty
 * is no limit; anything else is an error message.
 */
export function readInstant(
  value: string | null | undefined,
  now: Date,
  field: string,
): { at: Date | null } | { error: string } {
  const text = value?.trim() ?? '';
  if (text === '') return { at: null };
  const relative = RELATIVE.exec(text);
  if (relative) {
    const [, sign, amount, unit] = relative;
    if (!sign || !amount || !unit) return { at: now };
    const offset = Number(amount) * (UNIT_MS[unit] ?? 0);
    return { at: new Date(now.getTime() + (sign === '-' ? -offset : offset)) };
  }
  // An ISO date with at least a day.
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    const at = new Date(text);
    if (!Number.isNaN(at.getTime())) return { at };
  }
  return { error: `${field} must be an ISO time or a relative time like now-2h, got "${text}"` };
}

interface SelectorRow {
  id: string;
  name: string;
  log_selectors: unknown;
}

function selectorNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const name = (item as { name?: unknown } | null)?.name;
    return typeof name === 'string' && name !== '' ? [name] : [];
  });
}

interface LineRow {
  message: string;
  timestamp: string;
  labels: Record<string, string> | null;
  count: number | null;
  first_observed: string | null;
  last_observed: string | null;
}

/** A result line as apm-hub writes it: grouped fields only on grouped lines. */
function resultOf(row: LineRow): Record<string, unknown> {
  return {
    message: row.message,
    timestamp: row.timestamp,
    ...(row.labels && Object.keys(row.labels).length > 0 ? { labels: row.labels } : {}),
    ...(row.count === null ? {} : { count: row.count }),
    ...(row.first_observed === null ? {} : { firstObserved: row.first_observed }),
    ...(row.last_observed === null ? {} : { lastObserved: row.last_observed }),
  };
}

/**
 * LOG-01 `POST /logs`: the lines of one log selector of one component, newest first, at most
 * 1000 (`total` counts every match). The body names the component (`id`, required: 400) and the
 * selector (`name`; a name the component does not have answers 404 with the names it has, as
 * does an unknown component). `labels` keep the lines whose labels hold every pair; `start` and
 * `end` (ISO or `now-2h`) bound the window, which a real backend ignores. `query` is ignored,
 * as Mission Control ignores it. Reading needs read access to topologies (the components).
 */
export function logRoutes(db: SqlClient): FastifyPluginAsync {
  return async (app) => {
    answerJsonErrors(app, 'application/json');
    app.post('/logs', async (request, reply) => {
      if (!(await requireAccess(db, request, reply, 'topologies', 'read'))) return reply;
      const body = requireBody(reply, LogSearchBody, request.body ?? {});
      if (!body) return reply;
      const id = body.id?.trim() ?? '';
      if (id === '') return sendError(reply, 400, 'component ID is required');
      const now = new Date();
      const start = readInstant(body.start, now, 'start');
      if ('error' in start) return sendError(reply, 400, start.error);
      const end = readInstant(body.end, now, 'end');
      if ('error' in end) return sendError(reply, 400, end.error);

      const { rows } = isUuid(id)
        ? await db.query<SelectorRow>(
            `SELECT id, name, log_selectors FROM components
              WHERE id = $1 AND deleted_at IS NULL`,
            [id.toLowerCase()],
          )
        : { rows: [] as SelectorRow[] };
      const component = rows[0];
      if (!component) return sendError(reply, 404, `component ${id} not found`);
      const names = selectorNames(component.log_selectors);
      const name = body.name?.trim() ?? '';
      if (!names.includes(name)) {
        const available = names.length > 0 ? names.join(', ') : 'none';
        return sendError(
          reply,
          404,
          `component ${component.name} has no log selector named "${name}"; available: ${available}`,
        );
      }

      const where = ['component_id = $1', 'selector = $2'];
      const params: unknown[] = [component.id, name];
      if (body.labels && Object.keys(body.labels).length > 0) {
        params.push(JSON.stringify(body.labels));
        where.push(`labels @> $${params.length}::jsonb`);
      }
      if (start.at) {
        params.push(start.at.toISOString());
        where.push(`"timestamp" >= $${params.length}::timestamptz`);
      }
      if (end.at) {
        params.push(end.at.toISOString());
        where.push(`"timestamp" <= $${params.length}::timestamptz`);
      }
      const condition = where.join(' AND ');
      const [counted, lines] = await Promise.all([
        db.query<{ total: number }>(
          `SELECT count(*)::int AS total FROM demo_log_lines WHERE ${condition}`,
          params,
        ),
        db.query<LineRow>(
          `SELECT message,
                  to_char("timestamp" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "timestamp",
                  labels, count,
                  to_char(first_observed AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS first_observed,
                  to_char(last_observed AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS last_observed
             FROM demo_log_lines WHERE ${condition}
            ORDER BY "timestamp" DESC, id DESC
            LIMIT ${MAX_LOG_LINES}`,
          params,
        ),
      ]);
      return reply.send({
        total: counted.rows[0]?.total ?? 0,
        results: lines.rows.map(resultOf),
      });
    });
  };
}
