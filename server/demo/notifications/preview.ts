/**
 * NOTIF-14: the sends of the last 15 days with status `sent` that a silence with the given terms
 * would have muted, newest first (or oldest first), each with its resource and its body as
 * markdown.
 *
 * Query: `id` (a resource id), `type` (its kind: config, component, check, canary),
 * `recursive=true`, `filter` (CEL), `selectors` (a JSON array of resource selectors), `limit`
 * (default 30), `sort` (`desc`, the default: newest first by `created_at`; `asc`: oldest first). Mission Control matches by id only when `type` is given too; the console sends
 * `id` alone, so here an id without a type matches a resource of any kind (and `recursive`
 * then follows config and component descendants). Terms combine like a silence's: a send
 * matches when any given term covers its resource.
 *
 * Maintenance windows: with `schedule` (cron) and `duration` (and optionally `timezone`) the
 * preview is what the recurring silence would have muted: only sends made inside one of its
 * windows, each with the window (`window_start`, `window_end`). `silenceWindows` answers the
 * last and the next window of such a silence and what the last one would have muted.
 */
import type { SqlClient } from '../db/types';
import { compileCel, CelError } from './cel';
import {
  kindOfEvent,
  loadResources,
  resourceJson,
  resourceKey,
  RESOURCE_KINDS,
  type ResourceKind,
} from './resources';
import { parseResourceSelectors, type ParseResult } from './selectors';
import {
  recurrenceWindows,
  termsCover,
  type Recurrence,
  type RecurrenceWindows,
  type SilenceTerms,
} from './silences';

export const PREVIEW_DAYS = 15;
export const PREVIEW_LIMIT_DEFAULT = 30;
const PREVIEW_LIMIT_MAX = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The preview's orders by `created_at`: newest first (the default) or oldest first. */
export const PREVIEW_SORTS = ['desc', 'asc'] as const;
export type PreviewSort = (typeof PREVIEW_SORTS)[number];

export interface PreviewRequest {
  terms: SilenceTerms;
  limit: number;
  /** The order of the sends by `created_at` (then id); `desc` when not given. */
  sort?: PreviewSort;
  /** A maintenance window: only sends inside its windows match. */
  recurrence: Recurrence | null;
}

function single(query: Record<string, unknown>, key: string): string {
  const value = query[key];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first.trim() : '';
}

/** Decodes the query string; the error names the offending parameter. */
export function decodePreviewQuery(query: Record<string, unknown>): ParseResult<PreviewRequest> {
  const id = single(query, 'id');
  const type = single(query, 'type');
  const filterText = single(query, 'filter');
  const selectorsText = single(query, 'selectors');
  const limitText = single(query, 'limit');
  const schedule = single(query, 'schedule');
  const duration = single(query, 'duration');
  const timezone = single(query, 'timezone');
  const sort = single(query, 'sort');
  if (sort !== '' && !(PREVIEW_SORTS as readonly string[]).includes(sort)) {
    return { ok: false, error: `invalid sort: ${sort} (expected asc or desc)` };
  }
  if ((schedule === '') !== (duration === '')) {
    return { ok: false, error: 'schedule and duration are given together' };
  }
  if (timezone !== '' && schedule === '') {
    return { ok: false, error: 'timezone needs a schedule' };
  }
  if (id !== '' && !UUID.test(id)) return { ok: false, error: `invalid id: ${id}` };
  if (type !== '' && !(RESOURCE_KINDS as readonly string[]).includes(type)) {
    return {
      ok: false,
      error: `invalid type: ${type} (expected one of ${RESOURCE_KINDS.join(', ')})`,
    };
  }
  let limit = PREVIEW_LIMIT_DEFAULT;
  if (limitText !== '') {
    if (!/^\d+$/.test(limitText) || Number(limitText) < 1) {
      return { ok: false, error: `invalid limit: ${limitText}` };
    }
    limit = Math.min(Number(limitText), PREVIEW_LIMIT_MAX);
  }
  let filter: SilenceTerms['filter'] = null;
  if (filterText !== '') {
    try {
      filter = compileCel(filterText);
    } catch (error) {
      return {
        ok: false,
        error: `invalid filter: ${error instanceof CelError ? error.message : 'cannot parse'}`,
      };
    }
  }
  let selectors: SilenceTerms['selectors'] = null;
  if (selectorsText !== '') {
    let raw: unknown;
    try {
      raw = JSON.parse(selectorsText);
    } catch {
      return { ok: false, error: 'invalid selectors: not valid JSON' };
    }
    const parsed = parseResourceSelectors(raw);
    if (!parsed.ok) return { ok: false, error: `invalid selectors: ${parsed.error}` };
    selectors = parsed.value.length > 0 ? parsed.value : null;
  }
  return {
    ok: true,
    value: {
      terms: {
        resource:
          id === ''
            ? null
            : { id: id.toLowerCase(), kind: type === '' ? null : (type as ResourceKind) },
        recursive: single(query, 'recursive') === 'true',
        filter,
        selectors,
      },
      limit,
      sort: sort === 'asc' ? 'asc' : 'desc',
      recurrence:
        schedule === ''
          ? null
          : { schedule, duration, timezone: timezone === '' ? null : timezone },
    },
  };
}

interface SendRow extends Record<string, unknown> {
  id: string;
  source_event: string;
  resource_id: string;
  body: string | null;
}

const SEND_COLUMNS = `id, notification_id, body, status, count, first_observed, source_event,
  resource_id, resource_health, resource_status, resource_health_description, person_id, team_id,
  connection_id, silenced_by, playbook_run_id, error, duration_millis, created_at, group_id,
  parent_id, not_before, retries`;

/** Sends are read in pages of this many, in the asked order, until `limit` matches are found. */
const BATCH = 500;

/** Runs NOTIF-14: at most `limit` matching rows (an empty array when no term is given). */
export async function silencePreview(
  db: SqlClient,
  request: PreviewRequest,
  now: Date,
): Promise<Array<Record<string, unknown>>> {
  const { terms, limit } = request;
  if (!terms.resource && !terms.filter && !terms.selectors) return [];
  // Only ever one of two fixed texts: the order is not taken from the query as it is.
  const order = request.sort === 'asc' ? 'created_at ASC, id ASC' : 'created_at DESC, id DESC';
  const since = new Date(now.getTime() - PREVIEW_DAYS * 86_400_000).toISOString();
  const out: Array<Record<string, unknown>> = [];
  for (let offset = 0; out.length < limit; offset += BATCH) {
    const recurrence = request.recurrence;
    const { rows } = await db.query<SendRow>(
      recurrence
        ? `SELECT * FROM (
             SELECT ${SEND_COLUMNS},
                    (SELECT max(s) FROM cron_starts($4, $5, created_at - duration_interval($6),
                                                    created_at + interval '1 microsecond') s)
                      AS window_start
               FROM notification_send_history
              WHERE status = 'sent' AND created_at >= $1
           ) sends
           WHERE window_start IS NOT NULL
           ORDER BY ${order}
           LIMIT $2 OFFSET $3`
        : `SELECT ${SEND_COLUMNS}
             FROM notification_send_history
            WHERE status = 'sent' AND created_at >= $1
            ORDER BY ${order}
            LIMIT $2 OFFSET $3`,
      recurrence
        ? [since, BATCH, offset, recurrence.schedule, recurrence.timezone, recurrence.duration]
        : [since, BATCH, offset],
    );
    const refs = rows.flatMap((row) => {
      const kind = kindOfEvent(row.source_event);
      return kind ? [{ kind, id: row.resource_id }] : [];
    });
    const resources = await loadResources(db, refs);
    for (const row of rows) {
      const kind = kindOfEvent(row.source_event);
      const resource = kind ? resources.get(resourceKey(kind, row.resource_id)) : undefined;
      if (!resource || !termsCover(terms, resource)) continue;
      const send: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row)) {
        send[key] = isDate(value) ? value.toISOString() : value;
      }
      if (request.recurrence && typeof send.window_start === 'string') {
        send.window_end = new Date(
          new Date(send.window_start).getTime() + (await windowLengthMs(db, request.recurrence)),
        ).toISOString();
      }
      out.push({ ...send, resource: resourceJson(resource), body_markdown: row.body ?? '' });
      if (out.length >= limit) break;
    }
    if (rows.length < BATCH) break;
  }
  return out;
}

const lengths = new Map<string, number>();

/** The length of the recurrence's windows in milliseconds. */
async function windowLengthMs(db: SqlClient, recurrence: Recurrence): Promise<number> {
  const known = lengths.get(recurrence.duration);
  if (known !== undefined) return known;
  const { rows } = await db.query<{ ms: number }>(
    `SELECT (extract(epoch FROM duration_interval($1)) * 1000)::float8 AS ms`,
    [recurrence.duration],
  );
  const ms = Number(rows[0]?.ms ?? 0);
  lengths.set(recurrence.duration, ms);
  return ms;
}

/** A window and what a silence with the terms would mute in it. */
export interface PreviewWindow {
  start: string;
  end: string;
  /** The sends of the window the silence would have muted; null for a window still to come. */
  muted: Array<Record<string, unknown>> | null;
}

/**
 * The last window of the recurrence at or before `now` (it may still be open) with the sends the
 * silence would have muted in it (the preview rows of that window, at most `limit`; none when
 * no term is given), and the next window, whose sends are still to come.
 */
export async function silenceWindows(
  db: SqlClient,
  request: PreviewRequest & { recurrence: Recurrence },
  now: Date,
): Promise<{ last: PreviewWindow | null; next: PreviewWindow | null }> {
  const windows: RecurrenceWindows = await recurrenceWindows(db, request.recurrence, now);
  let last: PreviewWindow | null = null;
  if (windows.last) {
    const start = windows.last.start;
    const rows = await silencePreview(db, { ...request, limit: PREVIEW_LIMIT_MAX }, now);
    last = {
      ...windows.last,
      muted: rows.filter((row) => row.window_start === start).slice(0, request.limit),
    };
  }
  return { last, next: windows.next ? { ...windows.next, muted: null } : null };
}

/** A Date, also one made in another realm (the database driver's). */
function isDate(value: unknown): value is Date {
  return Object.prototype.toString.call(value) === '[object Date]';
}
