/**
 * The topology snapshot (api.md TOPO-10): a zip of JSON files describing one component and what
 * is under it over a time window — the component, its descendants, the checks linked to them
 * with their runs in the window, and the changes of the config items linked to them (with
 * `related`, also of the config items related to those). Every file is capped at `SNAPSHOT_CAP`
 * rows; the README says when one was cut.
 */
import { strToU8, zipSync } from 'fflate';
import type { SqlClient } from '../../db/types';
import { parseMoment } from '../canary/timeRange';
import { type Scope, scopeWhere } from './load';
import { firstParam, parseBool } from './query';

/** Most rows one file of a snapshot holds. */
export const SNAPSHOT_CAP = 5000;

/** How far back a snapshot looks when `start` is not given. */
export const DEFAULT_SNAPSHOT_START = '15m';

export type LogFormat = 'log' | 'json';

export interface SnapshotRequest {
  start: Date;
  end: Date;
  related: boolean;
  logFormat: LogFormat;
}

export interface Snapshot {
  filename: string;
  zip: Uint8Array;
}

/**
 * Reads the query string of a snapshot: `start` and `end` are durations before now (`15m`, `6h`,
 * `1d`) or timestamps; `related` and `logFormat` (`log` or `json`) as the backend accepts them.
 */
export function readSnapshotQuery(
  query: Record<string, unknown>,
  now: Date,
): SnapshotRequest | { error: string } {
  const startText = firstParam(query, 'start') ?? DEFAULT_SNAPSHOT_START;
  const start = parseMoment(startText, now);
  if (!start) {
    return { error: `start must be a duration such as 15m or a timestamp, got "${startText}"` };
  }
  const endText = firstParam(query, 'end');
  const end = endText === undefined ? now : parseMoment(endText, now);
  if (!end) return { error: `end must be a duration such as 5m or a timestamp, got "${endText}"` };
  if (start.getTime() >= end.getTime()) return { error: 'start must be before end' };
  const relatedText = firstParam(query, 'related');
  const related = relatedText === undefined ? false : parseBool(relatedText);
  if (related === null) return { error: `related must be true or false, got "${relatedText}"` };
  const logFormat = firstParam(query, 'logFormat') ?? 'log';
  if (logFormat !== 'log' && logFormat !== 'json') {
    return { error: `logFormat must be log or json, got "${logFormat}"` };
  }
  return { start, end, related, logFormat };
}

/** `yyyymmddHHMM` in UTC. */
export function stampOf(date: Date): string {
  return date.toISOString().slice(0, 16).replace(/[-T:]/g, '');
}

/** The download name: the component's name reduced to safe characters, and the moment. */
export function snapshotFilename(name: string, now: Date): string {
  const safe = name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'component';
  return `snapshot-${safe}-${stampOf(now)}.zip`;
}

/** Rows of a JSON array text, and whether more than the cap were found. */
function capped(body: string | null | undefined): { rows: unknown[]; truncated: boolean } {
  const rows = body ? (JSON.parse(body) as unknown[]) : [];
  return { rows: rows.slice(0, SNAPSHOT_CAP), truncated: rows.length > SNAPSHOT_CAP };
}

async function jsonRows(
  db: SqlClient,
  sql: string,
  params: unknown[],
): Promise<{ rows: unknown[]; truncated: boolean }> {
  const { rows } = await db.query<{ body: string | null }>(
    `SELECT json_agg(t)::text AS body FROM (${sql} LIMIT ${SNAPSHOT_CAP + 1}) t`,
    params,
  );
  return capped(rows[0]?.body);
}

interface CheckRow {
  id: string;
  [key: string]: unknown;
}

interface StatusRow {
  check_id: string;
  [key: string]: unknown;
}

function pretty(value: unknown): Uint8Array {
  return strToU8(`${JSON.stringify(value, null, 2)}\n`);
}

/** The snapshot of a live component, or null when there is none with this id. */
export async function buildSnapshot(
  db: SqlClient,
  id: string,
  request: SnapshotRequest,
  now: Date,
): Promise<Snapshot | null> {
  const { rows: found } = await db.query<{ body: string }>(
    `SELECT (to_jsonb(c) - 'properties_values')::text AS body
       FROM components c WHERE c.id = $1 AND c.deleted_at IS NULL`,
    [id],
  );
  if (!found[0]) return null;
  const component = JSON.parse(found[0].body) as { name: string; path: string | null };
  const scope: Scope = { id, childPath: component.path ? `${component.path}.${id}` : id };
  const where = scopeWhere(scope);
  // Timestamps travel as ISO texts: a Date of another realm is not recognised by every driver.
  const window = [request.start.toISOString(), request.end.toISOString()];
  const after = where.params.length + 1;

  const children = await jsonRows(
    db,
    `SELECT to_jsonb(c) - 'properties_values' AS row FROM components c
      WHERE ${where.sql} AND c.id <> $1::uuid ORDER BY c.path, c.name`,
    where.params,
  );

  const checks = await jsonRows(
    db,
    `SELECT ch.id, ch.canary_id, ch.name, ch.type, ch.namespace, ch.status, ch.severity,
            ch.description, ch.icon, ch.labels, ch.last_runtime, ch.last_transition_time,
            array_agg(DISTINCT cr.component_id) AS component_ids
       FROM components c
       JOIN check_component_relationships cr ON cr.component_id = c.id AND cr.deleted_at IS NULL
       JOIN checks ch ON ch.id = cr.check_id AND ch.deleted_at IS NULL
      WHERE ${where.sql}
      GROUP BY ch.id
      ORDER BY ch.name, ch.id`,
    where.params,
  );
  const checkIds = (checks.rows as CheckRow[]).map((check) => check.id);
  const statuses = await jsonRows(
    db,
    `SELECT s.check_id, s.time, s.status, s.duration, s.message, s.error
       FROM check_statuses s
      WHERE s.check_id = ANY($1::uuid[]) AND s.time > $2::timestamptz AND s.time <= $3::timestamptz
      ORDER BY s.time DESC`,
    [checkIds, ...window],
  );
  const runsOf = new Map<string, unknown[]>();
  for (const status of statuses.rows as StatusRow[]) {
    const { check_id: checkId, ...run } = status;
    const runs = runsOf.get(checkId);
    if (runs) runs.push(run);
    else runsOf.set(checkId, [run]);
  }

  const relatedConfigs = request.related
    ? `UNION SELECT r.related_id, 'related' FROM config_relationships r
         JOIN linked l ON l.config_id = r.config_id WHERE r.deleted_at IS NULL
       UNION SELECT r.config_id, 'related' FROM config_relationships r
         JOIN linked l ON l.config_id = r.related_id WHERE r.deleted_at IS NULL`
    : '';
  const changes = await jsonRows(
    db,
    `WITH linked AS (
       SELECT DISTINCT ccr.config_id
         FROM components c
         JOIN config_component_relationships ccr
           ON ccr.component_id = c.id AND ccr.deleted_at IS NULL
        WHERE ${where.sql}
     ),
     configs AS (
       SELECT config_id, min(relation) AS relation
         FROM (SELECT config_id, 'linked' AS relation FROM linked ${relatedConfigs}) x
        GROUP BY config_id
     )
     SELECT cc.id, cc.config_id, ci.name AS config_name, ci.type AS config_type,
            cfg.relation, cc.change_type, cc.severity, cc.source, cc.summary,
            cc.external_created_by, cc.created_by, cc.created_at, cc.count, cc.details, cc.diff
       FROM configs cfg
       JOIN config_changes cc ON cc.config_id = cfg.config_id
       JOIN config_items ci ON ci.id = cc.config_id
      WHERE cc.created_at > $${after}::timestamptz AND cc.created_at <= $${after + 1}::timestamptz
      ORDER BY cc.created_at DESC, cc.id`,
    [...where.params, ...window],
  );

  const cut = [
    children.truncated ? 'children.json' : null,
    statuses.truncated ? 'checks.json (check runs)' : null,
    checks.truncated ? 'checks.json (checks)' : null,
    changes.truncated ? 'changes.json' : null,
  ].filter((name): name is string => name !== null);
  const readme = [
    `Snapshot of ${component.name} (${id})`,
    `Taken at ${now.toISOString()}`,
    `Window: ${request.start.toISOString()} to ${request.end.toISOString()}`,
    `Related config items: ${request.related ? 'included' : 'not included'}`,
    '',
    'component.json  the component',
    `children.json   its descendants (${children.rows.length})`,
    `checks.json     checks linked to it or its descendants (${checks.rows.length}), with their runs in the window (${statuses.rows.length})`,
    `changes.json    changes in the window of the config items linked to them${request.related ? ' and of the items related to those' : ''} (${changes.rows.length})`,
    '',
    `Each file holds at most ${SNAPSHOT_CAP} rows.${cut.length > 0 ? ` Cut short: ${cut.join(', ')}.` : ''}`,
    `Logs (format ${request.logFormat}) are not part of this snapshot: no logging backend is configured.`,
    '',
  ].join('\n');

  const zip = zipSync({
    'component.json': pretty(component),
    'children.json': pretty(children.rows.map((row) => (row as { row: unknown }).row)),
    'checks.json': pretty(
      (checks.rows as CheckRow[]).map((check) => ({
        ...check,
        statuses: runsOf.get(check.id) ?? [],
      })),
    ),
    'changes.json': pretty(changes.rows),
    'README.txt': strToU8(readme),
  });
  return { filename: snapshotFilename(component.name, now), zip };
}
