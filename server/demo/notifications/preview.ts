/**
 * NOTIF-14: the sends of the last 15 days with status `sent` that a silence with the given terms
 * would have muted, newest first, each with its resource and its body as markdown.
 *
 * Query: `id` (a resource id), `type` (its kind: config, component, check, canary),
 * `recursive=true`, `filter` (CEL), `selectors` (a JSON array of resource selectors), `limit`
 * (default 30). Mission Control matches by id only when `type` is given too; the console sends
 * `id` alone, so here an id without a type matches a resource of any kind (and `recursive`
 * then follows config and component descendants). Terms combine like a silence's: a send
 * matches when any given term covers its resource.
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
import { termsCover, type SilenceTerms } from './silences';

export const PREVIEW_DAYS = 15;
export const PREVIEW_LIMIT_DEFAULT = 30;
const PREVIEW_LIMIT_MAX = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface PreviewRequest {
  terms: SilenceTerms;
  limit: number;
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
    },
  };
}

interface SendRow extends Record<string, unknown> {
  id: string;
  source_event: string;
  resource_id: string;
  body: string | null;
}

/** Sends are read in pages of this many, newest first, until `limit` matches are found. */
const BATCH = 500;

/** Runs NOTIF-14: at most `limit` matching rows (an empty array when no term is given). */
export async function silencePreview(
  db: SqlClient,
  request: PreviewRequest,
  now: Date,
): Promise<Array<Record<string, unknown>>> {
  const { terms, limit } = request;
  if (!terms.resource && !terms.filter && !terms.selectors) return [];
  const since = new Date(now.getTime() - PREVIEW_DAYS * 86_400_000).toISOString();
  const out: Array<Record<string, unknown>> = [];
  for (let offset = 0; out.length < limit; offset += BATCH) {
    const { rows } = await db.query<SendRow>(
      `SELECT id, notification_id, body, status, count, first_observed, source_event, resource_id,
              resource_health, resource_status, resource_health_description, person_id, team_id,
              connection_id, silenced_by, playbook_run_id, error, duration_millis, created_at,
              group_id, parent_id, not_before, retries
         FROM notification_send_history
        WHERE status = 'sent' AND created_at >= $1
        ORDER BY created_at DESC, id DESC
        LIMIT $2 OFFSET $3`,
      [since, BATCH, offset],
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
        send[key] = value instanceof Date ? value.toISOString() : value;
      }
      out.push({ ...send, resource: resourceJson(resource), body_markdown: row.body ?? '' });
      if (out.length >= limit) break;
    }
    if (rows.length < BATCH) break;
  }
  return out;
}
