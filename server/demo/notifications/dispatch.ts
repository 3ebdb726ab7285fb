/**
 * The demo backend's notification dispatcher: for an event about a resource, every rule that
 * listens to the event and whose filter holds records one send in `notification_send_history`,
 * to the rule's recipient (person, team, or the connection of its first custom service). Nothing
 * leaves the machine. The clock is the event's `at` and, for the waiting sends, the `now` given
 * to `releaseDueSends` (the `NotificationDispatcher` ticks it on a timer; tests pass their own).
 *
 * What it applies, in Mission Control's order:
 * 1. `repeat_interval`: a send of the same rule, event and resource (or group) sent within the
 *    interval blocks it: status `repeat-interval`, `parent_id` = that send.
 * 2. Silences: an active silence covering the resource (time window, and for a recurring
 *    silence an open window of its schedule in its time zone; resource, recursive ancestor or
 *    canary; filter; selectors: the same `termsCover` as the silence preview) records it as
 *    `silenced` with `silenced_by`.
 * 3. Inhibitions (`notifications.inhibitions`, `{direction, from, to, depth, soft}`): a send for
 *    a resource whose type is in `to` is `inhibited`, `parent_id` = the inhibiting send, when the
 *    same rule sent for a related resource of type `from` within the window: the rule's
 *    `repeat_interval`, else its `wait_for`, else INHIBITION_WINDOW_DEFAULT_MS. Related means,
 *    looking from the inhibited resource (the direction inverted, as upstream): configs through
 *    `config_relationships` and the `path` of parents (`related_configs_recursive`; hard
 *    relationships only unless `soft`), components through their `path` (`outgoing`: `from` is
 *    an ancestor, `incoming`: a descendant, `all`: either), at most `depth` levels away
 *    (INHIBITION_DEPTH_DEFAULT when absent).
 * 4. `wait_for` and grouping: a rule with `wait_for` or `group_by` records the send as
 *    `evaluating-waitfor` with `not_before` = the event + `wait_for` + `wait_for_eval_period`
 *    (30 s when unset; a grouped rule waits at least that). A rule with `group_by` (keys `type`,
 *    `description`/`status_reason`, `label:<key>`, `tag:<key>`, as upstream) puts the resource
 *    into the rule's `notification_groups` row of the same key (reused while younger than
 *    `group_by_interval`, 24 h when unset) as a `notification_group_resources` member, and the
 *    send carries the group's id. When a waiting send is due it is `skipped` if the resource's
 *    health no longer gives the event; otherwise the first due send of a group is `sent` with its
 *    body listing the group's members and every other waiting send of the group is folded into
 *    it (`repeat-interval`, `parent_id` = the group's send), as later members are while the
 *    group's send is within the rule's `repeat_interval` (else `group_by_interval`).
 * Otherwise the send is `sent`, its body rendered from the rule's title and template (render.ts).
 *
 * Not applied: rules whose only recipient is a playbook are not dispatched (they would start a
 * run); fallbacks and watchdogs.
 *
 * Where events come from: `playbookRunNotifier` turns the end of a playbook run on a resource
 * into the resource's health event (`config.unhealthy`, `component.healthy`, `check.failed`, …),
 * as if the outcome of the remediation had been observed.
 */
import type { SqlClient } from '../db/types';
import { parseDuration } from '../routes/canary/timeRange';
import { compileCel } from './cel';
import { isSlackRule, renderBody } from './render';
import {
  filterEnv,
  kindOfEvent,
  loadResource,
  type NotifiedResource,
  type ResourceKind,
} from './resources';
import { activeSilences, silenceFor } from './silences';

/** An event about one resource, named as Mission Control names them (`config.unhealthy`). */
export interface ResourceEvent {
  name: string;
  kind: ResourceKind;
  resourceId: string;
  at: Date;
}

export type DispatchStatus =
  'sent' | 'silenced' | 'inhibited' | 'repeat-interval' | 'evaluating-waitfor' | 'skipped';

/** A send the dispatcher recorded. */
export interface RecordedSend {
  id: string;
  notificationId: string;
  status: DispatchStatus;
  silencedBy: string | null;
  parentId: string | null;
  groupId: string | null;
}

/** The inhibition window of a rule with neither `repeat_interval` nor `wait_for`. */
export const INHIBITION_WINDOW_DEFAULT_MS = 60 * 60_000;
/** How far an inhibition looks when it names no depth. */
export const INHIBITION_DEPTH_DEFAULT = 5;
/** Upstream's default `wait_for_eval_period`. */
export const WAIT_FOR_EVAL_DEFAULT_MS = 30_000;
/** Upstream's default `group_by_interval`. */
export const GROUP_BY_INTERVAL_DEFAULT_MS = 24 * 60 * 60_000;

const NANOS_PER_MS = 1_000_000;

interface RuleRow {
  id: string;
  name: string;
  title: string | null;
  template: string | null;
  filter: string | null;
  person_id: string | null;
  team_id: string | null;
  playbook_id: string | null;
  custom_services: unknown;
  repeat_interval: string | null;
  inhibitions: unknown;
  wait_for: string | number | null;
  wait_for_eval_period: string | number | null;
  group_by: string[] | null;
  group_by_interval: string | number | null;
}

const RULE_COLUMNS = `id, name, title, template, filter, person_id, team_id, playbook_id, custom_services,
  repeat_interval, inhibitions, wait_for, wait_for_eval_period, group_by, group_by_interval`;

/** One inhibition of a rule, as stored (upstream's `NotificationInihibition`). */
export interface Inhibition {
  direction: 'incoming' | 'outgoing' | 'all';
  from: string;
  to: string[];
  depth: number | null;
  soft: boolean;
}

/** The rule's inhibitions; entries that are not inhibitions are left out. */
export function parseInhibitions(value: unknown): Inhibition[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (!item || typeof item !== 'object') return [];
    const raw = item as Record<string, unknown>;
    const to = Array.isArray(raw.to)
      ? raw.to.filter((t): t is string => typeof t === 'string')
      : [];
    if (typeof raw.from !== 'string' || to.length === 0) return [];
    const direction =
      raw.direction === 'incoming' || raw.direction === 'outgoing' ? raw.direction : 'all';
    const depth = typeof raw.depth === 'number' && raw.depth > 0 ? Math.floor(raw.depth) : null;
    return [{ direction, from: raw.from, to, depth, soft: raw.soft === true }];
  });
}

function firstConnection(services: unknown): { namespace: string; name: string } | null {
  if (!Array.isArray(services)) return null;
  for (const service of services) {
    const reference =
      service && typeof service === 'object'
        ? (service as { connection?: unknown }).connection
        : null;
    const match =
      typeof reference === 'string' ? /^connection:\/\/([^/]+)\/(.+)$/.exec(reference) : null;
    if (match) return { namespace: match[1] ?? '', name: match[2] ?? '' };
  }
  return null;
}

function hasServices(services: unknown): boolean {
  return Array.isArray(services) && services.length > 0;
}

function nanosToMs(value: string | number | null): number {
  const n = value === null ? 0 : Number(value);
  return Number.isFinite(n) && n > 0 ? n / NANOS_PER_MS : 0;
}

function durationMs(text: string | null): number {
  if (!text) return 0;
  const ms = parseDuration(text);
  return ms !== null && ms > 0 ? ms : 0;
}

function groupKeys(rule: RuleRow): string[] {
  return (rule.group_by ?? []).filter((key) => key.trim() !== '');
}

/** How long a send of the rule waits before it is evaluated again, 0 when it does not. */
function waitMs(rule: RuleRow): number {
  const waitFor = nanosToMs(rule.wait_for);
  if (waitFor === 0 && groupKeys(rule).length === 0) return 0;
  const evaluation = nanosToMs(rule.wait_for_eval_period) || WAIT_FOR_EVAL_DEFAULT_MS;
  return waitFor + evaluation;
}

/** A description with the resource's own name replaced, so that siblings share it. */
function genericDescription(resource: NotifiedResource): string {
  const description =
    typeof resource.row.description === 'string'
      ? resource.row.description
      : typeof resource.row.status_reason === 'string'
        ? resource.row.status_reason
        : '';
  const named = resource.name ? description.split(resource.name).join('<name>') : description;
  return named.replace(/\b[0-9a-f]{5,}\b|\d+/gi, '<n>');
}

/** The group key of the resource under the rule's `group_by` keys (upstream's grammar). */
export function groupHash(keys: readonly string[], resource: NotifiedResource): string {
  return keys
    .map((key) => {
      if (key.startsWith('tag:')) return resource.tags[key.slice(4)] ?? '';
      if (key.startsWith('label:')) return resource.labels[key.slice(6)] ?? '';
      if (key === 'type') return resource.type ?? '';
      if (key === 'description' || key === 'status_reason') return genericDescription(resource);
      return '';
    })
    .join('|');
}

/** The name a group member is listed under: `namespace/type/name`. */
function memberName(resource: {
  namespace: string | null;
  type: string | null;
  name: string | null;
}) {
  return `${resource.namespace ?? ''}/${resource.type ?? ''}/${resource.name ?? ''}`;
}

async function blockingRepeat(
  db: SqlClient,
  rule: RuleRow,
  event: ResourceEvent,
  groupId: string | null,
  windowMs: number,
): Promise<string | null> {
  if (windowMs <= 0) return null;
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM notification_send_history
      WHERE notification_id = $1 AND status = 'sent' AND source_event = $2
        AND (resource_id = $3 OR ($4::uuid IS NOT NULL AND group_id = $4::uuid))
        AND created_at > $5 AND created_at <= $6
      ORDER BY created_at DESC, id DESC LIMIT 1`,
    [
      rule.id,
      event.name,
      event.resourceId,
      groupId,
      new Date(event.at.getTime() - windowMs).toISOString(),
      event.at.toISOString(),
    ],
  );
  return rows[0]?.id ?? null;
}

/** Ids of the resources of type `from` related to the resource as the inhibition says. */
async function relatedOfType(
  db: SqlClient,
  resource: NotifiedResource,
  inhibition: Inhibition,
): Promise<string[]> {
  const depth = inhibition.depth ?? INHIBITION_DEPTH_DEFAULT;
  // Looking from the inhibited resource, the direction is inverted.
  const lookup =
    inhibition.direction === 'outgoing'
      ? 'incoming'
      : inhibition.direction === 'incoming'
        ? 'outgoing'
        : 'all';
  if (resource.kind === 'config') {
    const relation = inhibition.soft ? 'both' : 'hard';
    const { rows } = await db.query<{ id: string; type: string | null }>(
      `SELECT id, type FROM related_configs_recursive($1::uuid, $2, false, $3, $4, $4)`,
      [resource.id, lookup, depth, relation],
    );
    return rows
      .filter((row) => row.type === inhibition.from && row.id !== resource.id)
      .map((row) => row.id);
  }
  if (resource.kind === 'component') {
    const ancestors = resource.path ? resource.path.split('.').filter(Boolean) : [];
    const ids: string[] = [];
    if (lookup !== 'outgoing') {
      // Ancestors within depth (the nearest last in the path).
      const near = ancestors.slice(Math.max(0, ancestors.length - depth));
      if (near.length > 0) {
        const { rows } = await db.query<{ id: string }>(
          `SELECT id FROM components WHERE id = ANY($1::uuid[]) AND type = $2 AND deleted_at IS NULL`,
          [near, inhibition.from],
        );
        ids.push(...rows.map((row) => row.id));
      }
    }
    if (lookup !== 'incoming') {
      const own = resource.path ? `${resource.path}.${resource.id}` : resource.id;
      const { rows } = await db.query<{ id: string; path: string }>(
        `SELECT id, path FROM components
          WHERE (path = $1 OR path LIKE $1 || '.%') AND type = $2 AND deleted_at IS NULL`,
        [own, inhibition.from],
      );
      const base = own.split('.').length;
      ids.push(
        ...rows.filter((row) => row.path.split('.').length - base < depth).map((row) => row.id),
      );
    }
    return ids.filter((id) => id !== resource.id);
  }
  return [];
}

async function inhibitingSend(
  db: SqlClient,
  rule: RuleRow,
  resource: NotifiedResource,
  at: Date,
): Promise<string | null> {
  const inhibitions = parseInhibitions(rule.inhibitions);
  if (inhibitions.length === 0) return null;
  const windowMs =
    durationMs(rule.repeat_interval) || nanosToMs(rule.wait_for) || INHIBITION_WINDOW_DEFAULT_MS;
  for (const inhibition of inhibitions) {
    if (!resource.type || !inhibition.to.includes(resource.type)) continue;
    const related = await relatedOfType(db, resource, inhibition);
    if (related.length === 0) continue;
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM notification_send_history
        WHERE notification_id = $1 AND status = 'sent' AND resource_id = ANY($2::uuid[])
          AND created_at > $3 AND created_at <= $4
        ORDER BY created_at DESC, id DESC LIMIT 1`,
      [rule.id, related, new Date(at.getTime() - windowMs).toISOString(), at.toISOString()],
    );
    if (rows[0]) return rows[0].id;
  }
  return null;
}

/** Puts the resource into the rule's current group of its key; answers the group's id. */
async function joinGroup(
  db: SqlClient,
  rule: RuleRow,
  resource: NotifiedResource,
  at: Date,
): Promise<string> {
  const hash = groupHash(groupKeys(rule), resource);
  const intervalMs = nanosToMs(rule.group_by_interval) || GROUP_BY_INTERVAL_DEFAULT_MS;
  const { rows: found } = await db.query<{ id: string }>(
    `SELECT id FROM notification_groups
      WHERE notification_id = $1 AND hash = $2 AND created_at > $3 AND created_at <= $4
      ORDER BY created_at DESC LIMIT 1`,
    [rule.id, hash, new Date(at.getTime() - intervalMs).toISOString(), at.toISOString()],
  );
  let groupId = found[0]?.id;
  if (!groupId) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO notification_groups (notification_id, hash, created_at) VALUES ($1, $2, $3)
       RETURNING id`,
      [rule.id, hash, at.toISOString()],
    );
    groupId = rows[0]?.id ?? '';
  }
  const column = `${resource.kind}_id`;
  if (['config_id', 'component_id', 'check_id'].includes(column)) {
    await db.query(
      `INSERT INTO notification_group_resources (group_id, ${column}, created_at)
       SELECT $1, $2, $3
        WHERE NOT EXISTS (SELECT 1 FROM notification_group_resources
                           WHERE group_id = $1 AND ${column} = $2 AND resolved_at IS NULL)`,
      [groupId, resource.id, at.toISOString()],
    );
  }
  return groupId;
}

/** The names of a group's current members (`namespace/type/name`), in the order they joined. */
export async function groupMembers(db: SqlClient, groupId: string): Promise<string[]> {
  const { rows } = await db.query<{
    namespace: string | null;
    type: string | null;
    name: string | null;
  }>(
    `SELECT COALESCE(ci.tags->>'namespace', co.namespace, ck.namespace) AS namespace,
            COALESCE(ci.type, co.type, ck.type) AS type,
            COALESCE(ci.name, co.name, ck.name) AS name
       FROM notification_group_resources r
       LEFT JOIN config_items ci ON ci.id = r.config_id
       LEFT JOIN components co ON co.id = r.component_id
       LEFT JOIN checks ck ON ck.id = r.check_id
      WHERE r.group_id = $1 AND r.resolved_at IS NULL
      ORDER BY r.created_at, 3`,
    [groupId],
  );
  return rows.map(memberName);
}

async function connectionType(db: SqlClient, rule: RuleRow): Promise<string | null> {
  const connection = firstConnection(rule.custom_services);
  if (!connection) return null;
  const { rows } = await db.query<{ type: string }>(
    `SELECT type FROM connections WHERE namespace = $1 AND name = $2 AND deleted_at IS NULL
      ORDER BY created_at LIMIT 1`,
    [connection.namespace, connection.name],
  );
  return rows[0]?.type ?? null;
}

async function renderedBody(
  db: SqlClient,
  rule: RuleRow,
  resource: NotifiedResource,
  event: string,
  members: readonly string[] = [],
): Promise<string> {
  const slack = isSlackRule(rule, await connectionType(db, rule));
  return renderBody(
    rule,
    resource,
    { health: resource.health, status: resource.status, event },
    { slack, members },
  ).markdown;
}

interface NewSend {
  status: DispatchStatus;
  body: string | null;
  silencedBy: string | null;
  parentId: string | null;
  groupId: string | null;
  notBefore: Date | null;
}

async function insertSend(
  db: SqlClient,
  rule: RuleRow,
  event: ResourceEvent,
  resource: NotifiedResource,
  send: NewSend,
): Promise<RecordedSend> {
  const connection = firstConnection(rule.custom_services);
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO notification_send_history
       (notification_id, status, source_event, resource_id, body, resource_health, resource_status,
        resource_health_description, person_id, team_id, connection_id, silenced_by,
        duration_millis, created_at, first_observed, parent_id, group_id, not_before)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
             (SELECT id FROM connections WHERE namespace = $11 AND name = $12 AND deleted_at IS NULL
               ORDER BY created_at LIMIT 1),
             $13, $14, $15, $15, $16, $17, $18)
     RETURNING id`,
    [
      rule.id,
      send.status,
      event.name,
      resource.id,
      send.body,
      resource.health,
      resource.status,
      typeof resource.row.description === 'string' ? resource.row.description : null,
      rule.person_id,
      rule.team_id,
      connection?.namespace ?? null,
      connection?.name ?? null,
      send.silencedBy,
      send.status === 'sent' ? 0 : null,
      event.at.toISOString(),
      send.parentId,
      send.groupId,
      send.notBefore?.toISOString() ?? null,
    ],
  );
  return {
    id: rows[0]?.id ?? '',
    notificationId: rule.id,
    status: send.status,
    silencedBy: send.silencedBy,
    parentId: send.parentId,
    groupId: send.groupId,
  };
}

/** Records the sends for one event; answers them (none when the resource does not exist). */
export async function dispatchEvent(db: SqlClient, event: ResourceEvent): Promise<RecordedSend[]> {
  const resource = await loadResource(db, event.kind, event.resourceId);
  if (!resource) return [];
  const { rows: rules } = await db.query<RuleRow>(
    `SELECT ${RULE_COLUMNS}
       FROM notifications
      WHERE deleted_at IS NULL AND $1 = ANY(events)
      ORDER BY created_at, id`,
    [event.name],
  );
  const env = filterEnv(resource);
  const matching = rules.filter((rule) => {
    if (!rule.person_id && !rule.team_id && !hasServices(rule.custom_services)) return false;
    if (!rule.filter?.trim()) return true;
    try {
      return compileCel(rule.filter).test(env);
    } catch {
      return false;
    }
  });
  if (matching.length === 0) return [];
  const silence = silenceFor(await activeSilences(db, event.at), resource);
  const sends: RecordedSend[] = [];
  for (const rule of matching) {
    const grouped = groupKeys(rule).length > 0 && resource.kind !== 'canary';
    const groupId = grouped ? await joinGroup(db, rule, resource, event.at) : null;
    const base: NewSend = {
      status: 'sent',
      body: null,
      silencedBy: null,
      parentId: null,
      groupId,
      notBefore: null,
    };
    const repeated = await blockingRepeat(
      db,
      rule,
      event,
      groupId,
      durationMs(rule.repeat_interval),
    );
    if (repeated) {
      sends.push(
        await insertSend(db, rule, event, resource, {
          ...base,
          status: 'repeat-interval',
          parentId: repeated,
        }),
      );
      continue;
    }
    if (silence) {
      sends.push(
        await insertSend(db, rule, event, resource, {
          ...base,
          status: 'silenced',
          silencedBy: silence.id,
        }),
      );
      continue;
    }
    const inhibitor = await inhibitingSend(db, rule, resource, event.at);
    if (inhibitor) {
      sends.push(
        await insertSend(db, rule, event, resource, {
          ...base,
          status: 'inhibited',
          parentId: inhibitor,
        }),
      );
      continue;
    }
    const wait = waitMs(rule);
    if (wait > 0) {
      sends.push(
        await insertSend(db, rule, event, resource, {
          ...base,
          status: 'evaluating-waitfor',
          notBefore: new Date(event.at.getTime() + wait),
        }),
      );
      continue;
    }
    sends.push(
      await insertSend(db, rule, event, resource, {
        ...base,
        body: await renderedBody(db, rule, resource, event.name),
      }),
    );
  }
  return sends;
}

interface WaitingRow {
  id: string;
  notification_id: string;
  source_event: string;
  resource_id: string;
  group_id: string | null;
  created_at: Date | string;
}

/** What became of a waiting send. */
export interface ReleasedSend {
  id: string;
  status: 'sent' | 'skipped' | 'repeat-interval';
  parentId: string | null;
  groupId: string | null;
}

/**
 * Evaluates the waiting sends (`evaluating-waitfor`) whose `not_before` is at or before `now`, in
 * the order they were recorded; answers what became of each.
 */
export async function releaseDueSends(db: SqlClient, now: Date): Promise<ReleasedSend[]> {
  const { rows: due } = await db.query<WaitingRow>(
    `SELECT id, notification_id, source_event, resource_id, group_id, created_at
       FROM notification_send_history
      WHERE status = 'evaluating-waitfor' AND not_before <= $1
      ORDER BY created_at, id`,
    [now.toISOString()],
  );
  const released: ReleasedSend[] = [];
  const done = new Set<string>();
  const rules = new Map<string, RuleRow | null>();
  const ruleOf = async (id: string): Promise<RuleRow | null> => {
    if (!rules.has(id)) {
      const { rows } = await db.query<RuleRow>(
        `SELECT ${RULE_COLUMNS} FROM notifications WHERE id = $1`,
        [id],
      );
      rules.set(id, rows[0] ?? null);
    }
    return rules.get(id) ?? null;
  };
  const finish = async (
    id: string,
    status: ReleasedSend['status'],
    fields: { body?: string | null; parentId?: string | null; groupId: string | null },
  ) => {
    await db.query(
      `UPDATE notification_send_history
          SET status = $2, body = COALESCE($3, body), parent_id = $4, not_before = NULL,
              duration_millis = CASE WHEN $2 = 'sent' THEN 0 ELSE duration_millis END
        WHERE id = $1 AND status = 'evaluating-waitfor'`,
      [id, status, fields.body ?? null, fields.parentId ?? null],
    );
    done.add(id);
    released.push({ id, status, parentId: fields.parentId ?? null, groupId: fields.groupId });
  };
  for (const send of due) {
    if (done.has(send.id)) continue;
    const rule = await ruleOf(send.notification_id);
    const kind = kindOfEvent(send.source_event);
    if (rule && !kind) {
      // Not about a resource (incident events): nothing to evaluate again.
      await finish(send.id, 'sent', { groupId: send.group_id });
      continue;
    }
    const resource = rule && kind ? await loadResource(db, kind, send.resource_id) : null;
    if (!rule || !resource || resource.deleted || healthEvent(resource) !== send.source_event) {
      await finish(send.id, 'skipped', { groupId: send.group_id });
      continue;
    }
    if (send.group_id) {
      const windowMs =
        durationMs(rule.repeat_interval) ||
        nanosToMs(rule.group_by_interval) ||
        GROUP_BY_INTERVAL_DEFAULT_MS;
      const { rows: sent } = await db.query<{ id: string }>(
        `SELECT id FROM notification_send_history
          WHERE group_id = $1 AND status = 'sent' AND created_at > $2
          ORDER BY created_at DESC LIMIT 1`,
        [send.group_id, new Date(now.getTime() - windowMs).toISOString()],
      );
      if (sent[0]) {
        await finish(send.id, 'repeat-interval', { parentId: sent[0].id, groupId: send.group_id });
        continue;
      }
      const members = await groupMembers(db, send.group_id);
      const body = await renderedBody(db, rule, resource, send.source_event, members);
      await finish(send.id, 'sent', { body, groupId: send.group_id });
      const { rows: waiting } = await db.query<{ id: string }>(
        `SELECT id FROM notification_send_history
          WHERE group_id = $1 AND status = 'evaluating-waitfor' AND id <> $2
          ORDER BY created_at, id`,
        [send.group_id, send.id],
      );
      for (const member of waiting) {
        await finish(member.id, 'repeat-interval', { parentId: send.id, groupId: send.group_id });
      }
      continue;
    }
    const body = await renderedBody(db, rule, resource, send.source_event);
    await finish(send.id, 'sent', { body, groupId: null });
  }
  return released;
}

export interface DispatcherOptions {
  /** Time between releases of due waiting sends of a started dispatcher (default 5 s). */
  stepMs?: number;
  /** The clock; tests pass their own. */
  now?: () => Date;
  log?: (line: string) => void;
}

/**
 * The dispatcher with a clock: `dispatch` records an event's sends at the event's time, `tick`
 * releases the waiting sends due by the clock; a started dispatcher ticks on a timer.
 */
export class NotificationDispatcher {
  private readonly stepMs: number;
  readonly now: () => Date;
  private readonly log: (line: string) => void;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<ReleasedSend[]> | null = null;

  constructor(
    private readonly db: SqlClient,
    options: DispatcherOptions = {},
  ) {
    this.stepMs = options.stepMs ?? 5000;
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? (() => undefined);
  }

  /** Records the sends of an event (at the clock's time when the event has none). */
  dispatch(event: Omit<ResourceEvent, 'at'> & { at?: Date }): Promise<RecordedSend[]> {
    return dispatchEvent(this.db, { ...event, at: event.at ?? this.now() });
  }

  /** Releases the waiting sends due by the clock. */
  tick(): Promise<ReleasedSend[]> {
    const work = releaseDueSends(this.db, this.now()).finally(() => {
      this.running = null;
    });
    this.running = work;
    return work;
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.running) return;
      this.tick().catch((error: unknown) =>
        this.log(
          `notification dispatcher: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
    }, this.stepMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }
}

/** The health event Mission Control emits for the resource's current health. */
export function healthEvent(resource: NotifiedResource): string {
  if (resource.kind === 'check')
    return resource.status === 'healthy' ? 'check.passed' : 'check.failed';
  const health = ['healthy', 'unhealthy', 'warning'].includes(resource.health ?? '')
    ? (resource.health as string)
    : 'unknown';
  return `${resource.kind}.${health}`;
}

/**
 * The playbook executor's `onRunFinished` hook: the end of a run on a config, component or check
 * dispatches that resource's health event.
 */
export function playbookRunNotifier(
  db: SqlClient,
): (run: { id: string; status: string; at: Date }) => Promise<void> {
  return async (run) => {
    const { rows } = await db.query<{
      config_id: string | null;
      component_id: string | null;
      check_id: string | null;
    }>('SELECT config_id, component_id, check_id FROM playbook_runs WHERE id = $1', [run.id]);
    const target = rows[0];
    if (!target) return;
    const ref: { kind: ResourceKind; id: string } | null = target.config_id
      ? { kind: 'config', id: target.config_id }
      : target.component_id
        ? { kind: 'component', id: target.component_id }
        : target.check_id
          ? { kind: 'check', id: target.check_id }
          : null;
    if (!ref) return;
    const resource = await loadResource(db, ref.kind, ref.id);
    if (!resource || resource.deleted) return;
    await dispatchEvent(db, {
      name: healthEvent(resource),
      kind: ref.kind,
      resourceId: ref.id,
      at: run.at,
    });
  };
}
