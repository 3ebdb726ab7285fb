/**
 * Silences: what one matches (its terms), whether it is in force, and the decoding of a silence
 * created through NOTIF-11 the way Mission Control decodes `SilenceSaveRequest`.
 *
 * Terms: a resource id (config, component, check or canary; `recursive` extends a config or
 * component to every descendant, through the `path` of ancestor ids; a canary covers its checks),
 * a CEL filter over the resource's variables, or resource selectors. The preview (NOTIF-14) and
 * the dispatcher use the same `termsCover`, so what the preview lists is what the silence mutes.
 */
import { compileCel, CelError, type CelProgram } from './cel';
import { filterEnv, type NotifiedResource, type ResourceKind } from './resources';
import {
  matchesAnySelector,
  parseResourceSelectors,
  type ParseResult,
  type ResourceSelector,
} from './selectors';
import type { SqlClient } from '../db/types';
import { evaluateDateMath, DateMathError } from '../postgrest/datemath';

/** What a silence matches. At most one resource; filter and selectors as given. */
export interface SilenceTerms {
  resource: { id: string; kind: ResourceKind | null } | null;
  recursive: boolean;
  filter: CelProgram | null;
  selectors: ResourceSelector[] | null;
}

/** True when the terms cover the resource: any given term that matches is enough. */
export function termsCover(terms: SilenceTerms, resource: NotifiedResource): boolean {
  const target = terms.resource;
  if (target) {
    const id = target.id.toLowerCase();
    const sameKind = target.kind === null || target.kind === resource.kind;
    if (sameKind && resource.id.toLowerCase() === id) return true;
    if (
      target.kind === 'canary' &&
      resource.kind === 'check' &&
      resource.canaryId?.toLowerCase() === id
    ) {
      return true;
    }
    const descends =
      terms.recursive &&
      (target.kind === null || target.kind === resource.kind) &&
      (resource.kind === 'config' || resource.kind === 'component') &&
      resource.path.toLowerCase().split('.').includes(id);
    if (descends) return true;
  }
  if (terms.filter && terms.filter.test(filterEnv(resource))) return true;
  if (terms.selectors && matchesAnySelector(terms.selectors, resource)) return true;
  return false;
}

/** A stored silence, as the dispatcher needs it. */
export interface ActiveSilence {
  id: string;
  terms: SilenceTerms;
}

interface SilenceRow {
  id: string;
  filter: string | null;
  selectors: unknown;
  recursive: boolean | null;
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  canary_id: string | null;
}

/** The stored silence's terms; a filter or selectors that do not parse are left out. */
export function termsOfRow(row: SilenceRow): SilenceTerms {
  const resource: SilenceTerms['resource'] = row.config_id
    ? { id: row.config_id, kind: 'config' }
    : row.component_id
      ? { id: row.component_id, kind: 'component' }
      : row.check_id
        ? { id: row.check_id, kind: 'check' }
        : row.canary_id
          ? { id: row.canary_id, kind: 'canary' }
          : null;
  let filter: CelProgram | null = null;
  if (row.filter) {
    try {
      filter = compileCel(row.filter);
    } catch {
      filter = null;
    }
  }
  const parsed = row.selectors === null ? null : parseResourceSelectors(row.selectors);
  return {
    resource,
    recursive: row.recursive === true,
    filter,
    selectors: parsed?.ok ? parsed.value : null,
  };
}

/**
 * Silences in force at `now`: not deleted, started, and not yet over (null until = indefinitely);
 * a recurring one only while one of its windows is open (`schedule_window_open`, migration 320).
 */
export async function activeSilences(db: SqlClient, now: Date): Promise<ActiveSilence[]> {
  const { rows } = await db.query<SilenceRow>(
    `SELECT id, filter, selectors, recursive, config_id, component_id, check_id, canary_id
       FROM notification_silences
      WHERE deleted_at IS NULL
        AND ("from" IS NULL OR "from" <= $1)
        AND (until IS NULL OR until > $1)
        AND (schedule IS NULL OR schedule_window_open(schedule, timezone, duration, $1))
      ORDER BY created_at, id`,
    [now.toISOString()],
  );
  return rows.map((row) => ({ id: row.id, terms: termsOfRow(row) }));
}

/** The first silence covering the resource, or null. */
export function silenceFor(
  silences: readonly ActiveSilence[],
  resource: NotifiedResource,
): ActiveSilence | null {
  return silences.find((silence) => termsCover(silence.terms, resource)) ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const RESOURCE_KEYS = [
  ['config_id', 'config'],
  ['component_id', 'component'],
  ['check_id', 'check'],
  ['canary_id', 'canary'],
] as const;

/** A silence to insert, decoded and checked. */
export interface NewSilence {
  name: string;
  description: string | null;
  from: Date | null;
  until: Date | null;
  recursive: boolean;
  filter: string | null;
  selectors: unknown[] | null;
  config_id: string | null;
  component_id: string | null;
  check_id: string | null;
  canary_id: string | null;
  /** The recurrence (maintenance window): cron schedule, time zone and window length. */
  schedule: string | null;
  timezone: string | null;
  duration: string | null;
}

/** A recurrence as given, before the database has checked it. */
export interface Recurrence {
  schedule: string;
  timezone: string | null;
  duration: string;
}

/**
 * Checks a recurrence with the functions that apply it (migration 320): the five-field cron
 * schedule, the IANA time zone and the duration. Answers the problem, or null when it is valid.
 */
export async function recurrenceProblem(
  db: SqlClient,
  recurrence: Recurrence,
): Promise<string | null> {
  try {
    await db.query(`SELECT schedule_is_valid($1, $2, $3)`, [
      recurrence.schedule,
      recurrence.timezone,
      recurrence.duration,
    ]);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return /time zone/i.test(message) ? `invalid timezone: ${recurrence.timezone ?? ''}` : message;
  }
}

/** The last window of a recurrence at or before `at` (maybe still open) and the next after it. */
export interface RecurrenceWindows {
  last: { start: string; end: string } | null;
  next: { start: string; end: string } | null;
}

function iso(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  // A Date of the driver's realm too: `new Date` reads its time value.
  return new Date(value as string | number | Date).toISOString();
}

/** The windows of a (valid) recurrence around `at`, looking a year each way. */
export async function recurrenceWindows(
  db: SqlClient,
  recurrence: Recurrence,
  at: Date,
): Promise<RecurrenceWindows> {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT * FROM schedule_windows($1, $2, $3, $4)`,
    [recurrence.schedule, recurrence.timezone, recurrence.duration, at.toISOString()],
  );
  const row = rows[0] ?? {};
  const window = (start: unknown, end: unknown) => {
    const from = iso(start);
    const to = iso(end);
    return from && to ? { start: from, end: to } : null;
  };
  return {
    last: window(row.last_start, row.last_end),
    next: window(row.next_start, row.next_end),
  };
}

function optionalString(body: Record<string, unknown>, key: string): ParseResult<string | null> {
  const value = body[key];
  if (value === undefined || value === null) return { ok: true, value: null };
  if (typeof value !== 'string') {
    return {
      ok: false,
      error: `invalid post body: ${key}: expected a string, got ${describe(value)}`,
    };
  }
  return { ok: true, value };
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function time(text: string | null, key: string, now: Date): ParseResult<Date | null> {
  if (text === null || text === '') return { ok: true, value: null };
  try {
    return { ok: true, value: evaluateDateMath(text, now) };
  } catch (error) {
    const reason = error instanceof DateMathError ? error.message : 'not a time';
    return { ok: false, error: `${key}: ${reason}` };
  }
}

/**
 * Decodes a NOTIF-11 body. Like the backend's JSON decoder: fields of the wrong type fail
 * ("invalid post body: …"; `selectors` must be an array, a JSON string fails), unknown fields are
 * ignored. Then: exactly one target (a resource id, a filter or selectors), ids are UUIDs, the
 * filter compiles, `from` and `until` are ISO times or date math (absent `from` stays null as the
 * backend leaves it; `until` null or absent = indefinitely), and `from` is before `until`.
 * A maintenance window adds `schedule` (cron) and `duration` together, and optionally
 * `timezone`; their values are checked by `recurrenceProblem` against the database.
 */
export function decodeNewSilence(body: unknown, now: Date): ParseResult<NewSilence> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    return { ok: false, error: 'invalid post body: expected a JSON object' };
  }
  const source = body as Record<string, unknown>;
  const strings: Record<string, string | null> = {};
  for (const key of [
    'name',
    'description',
    'from',
    'until',
    'filter',
    'schedule',
    'timezone',
    'duration',
    ...RESOURCE_KEYS.map(([k]) => k),
  ]) {
    const parsed = optionalString(source, key);
    if (!parsed.ok) return parsed;
    strings[key] = parsed.value === '' ? null : parsed.value;
  }
  if (
    source.recursive !== undefined &&
    source.recursive !== null &&
    typeof source.recursive !== 'boolean'
  ) {
    return {
      ok: false,
      error: `invalid post body: recursive: expected a boolean, got ${describe(source.recursive)}`,
    };
  }
  let selectors: unknown[] | null = null;
  if (source.selectors !== undefined && source.selectors !== null) {
    if (!Array.isArray(source.selectors)) {
      return {
        ok: false,
        error: `invalid post body: selectors: expected an array of resource selectors, got ${describe(source.selectors)}`,
      };
    }
    const parsed = parseResourceSelectors(source.selectors);
    if (!parsed.ok) return parsed;
    selectors = source.selectors.length > 0 ? source.selectors : null;
  }
  const ids = RESOURCE_KEYS.filter(([key]) => strings[key] !== null);
  for (const [key] of ids) {
    if (!UUID.test(strings[key] ?? '')) return { ok: false, error: `${key}: invalid id` };
  }
  const filter = strings.filter?.trim() ? (strings.filter ?? null) : null;
  const targets = [
    ...ids.map(([key]) => key),
    ...(filter ? ['filter'] : []),
    ...(selectors ? ['selectors'] : []),
  ];
  if (targets.length === 0) {
    return {
      ok: false,
      error: 'one of config_id, canary_id, check_id, component_id, filter or selectors is required',
    };
  }
  if (targets.length > 1) {
    return { ok: false, error: `only one of ${targets.join(', ')} may be given` };
  }
  if (filter) {
    try {
      compileCel(filter);
    } catch (error) {
      return {
        ok: false,
        error: `filter: ${error instanceof CelError ? error.message : 'invalid'}`,
      };
    }
  }
  const from = time(strings.from ?? null, 'from', now);
  if (!from.ok) return from;
  const until = time(strings.until ?? null, 'until', now);
  if (!until.ok) return until;
  if (from.value && until.value && from.value.getTime() >= until.value.getTime()) {
    return { ok: false, error: '`from` time must be before `until`' };
  }
  const schedule = strings.schedule?.trim() || null;
  const duration = strings.duration?.trim() || null;
  const timezone = strings.timezone?.trim() || null;
  if ((schedule === null) !== (duration === null)) {
    return { ok: false, error: 'schedule and duration are given together' };
  }
  if (timezone !== null && schedule === null) {
    return { ok: false, error: 'timezone needs a schedule' };
  }
  return {
    ok: true,
    value: {
      name: strings.name ?? '',
      description: strings.description ?? null,
      from: from.value,
      until: until.value,
      recursive: source.recursive === true,
      filter,
      selectors,
      config_id: strings.config_id?.toLowerCase() ?? null,
      component_id: strings.component_id?.toLowerCase() ?? null,
      check_id: strings.check_id?.toLowerCase() ?? null,
      canary_id: strings.canary_id?.toLowerCase() ?? null,
      schedule,
      timezone,
      duration,
    },
  };
}

/** Inserts the silence with `source = 'UI'` and its creator. Answers the new id. */
export async function insertSilence(
  db: SqlClient,
  silence: NewSilence,
  createdBy: string,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO notification_silences
       (name, namespace, description, "from", until, recursive, filter, selectors,
        config_id, component_id, check_id, canary_id, source, created_by, schedule, timezone, duration)
     VALUES (COALESCE(NULLIF($1, ''), gen_random_uuid()::text), '', $2, $3, $4, $5, $6, $7,
             $8, $9, $10, $11, 'UI', $12, $13, $14, $15)
     RETURNING id`,
    [
      silence.name,
      silence.description,
      silence.from?.toISOString() ?? null,
      silence.until?.toISOString() ?? null,
      silence.recursive,
      silence.filter,
      silence.selectors === null ? null : JSON.stringify(silence.selectors),
      silence.config_id,
      silence.component_id,
      silence.check_id,
      silence.canary_id,
      createdBy,
      silence.schedule,
      silence.timezone,
      silence.duration,
    ],
  );
  return rows[0]?.id ?? '';
}
