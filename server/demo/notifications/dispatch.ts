/**
 * The demo backend's notification dispatcher: for an event about a resource, every rule that
 * listens to the event and whose filter holds records one send in `notification_send_history`,
 * to the rule's recipient (person, team, or the connection of its first custom service). When an
 * active silence covers the resource (time window; resource, recursive ancestor or canary;
 * filter; selectors: the same `termsCover` as the silence preview) the send is recorded as
 * `silenced` with `silenced_by`; otherwise as `sent`. Nothing leaves the machine.
 *
 * Simplifications: rules whose only recipient is a playbook are not dispatched (they would
 * start a run); `repeat_interval`, `wait_for`, grouping and inhibitions are not applied.
 *
 * Where events come from: `playbookRunNotifier` turns the end of a playbook run on a resource
 * into the resource's health event (`config.unhealthy`, `component.healthy`, `check.failed`, …),
 * as if the outcome of the remediation had been observed.
 */
import type { SqlClient } from '../db/types';
import { compileCel } from './cel';
import { filterEnv, loadResource, type NotifiedResource, type ResourceKind } from './resources';
import { activeSilences, silenceFor } from './silences';

/** An event about one resource, named as Mission Control names them (`config.unhealthy`). */
export interface ResourceEvent {
  name: string;
  kind: ResourceKind;
  resourceId: string;
  at: Date;
}

/** A send the dispatcher recorded. */
export interface RecordedSend {
  id: string;
  notificationId: string;
  status: 'sent' | 'silenced';
  silencedBy: string | null;
}

interface RuleRow {
  id: string;
  name: string;
  title: string | null;
  filter: string | null;
  person_id: string | null;
  team_id: string | null;
  playbook_id: string | null;
  custom_services: unknown;
}

const KIND_LABEL: Record<ResourceKind, string> = {
  config: 'Config',
  component: 'Component',
  check: 'Health check',
  canary: 'Canary',
};

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

function body(rule: RuleRow, event: ResourceEvent, resource: NotifiedResource): string {
  const title =
    rule.title?.trim() || `${KIND_LABEL[resource.kind]} ${resource.name ?? resource.id}`;
  const state = [resource.health, resource.status].filter(Boolean).join(' / ');
  return `**${title}**\n\n${event.name}${state ? `: ${state}` : ''}`;
}

/** Records the sends for one event; answers them (none when the resource does not exist). */
export async function dispatchEvent(db: SqlClient, event: ResourceEvent): Promise<RecordedSend[]> {
  const resource = await loadResource(db, event.kind, event.resourceId);
  if (!resource) return [];
  const { rows: rules } = await db.query<RuleRow>(
    `SELECT id, name, title, filter, person_id, team_id, playbook_id, custom_services
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
    const connection = firstConnection(rule.custom_services);
    const status = silence ? 'silenced' : 'sent';
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO notification_send_history
         (notification_id, status, source_event, resource_id, body, resource_health, resource_status,
          resource_health_description, person_id, team_id, connection_id, silenced_by,
          duration_millis, created_at, first_observed)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10,
               (SELECT id FROM connections WHERE namespace = $11 AND name = $12 AND deleted_at IS NULL
                 ORDER BY created_at LIMIT 1),
               $13, $14, $15, $15)
       RETURNING id`,
      [
        rule.id,
        status,
        event.name,
        resource.id,
        body(rule, event, resource),
        resource.health,
        resource.status,
        typeof resource.row.description === 'string' ? resource.row.description : null,
        rule.person_id,
        rule.team_id,
        connection?.namespace ?? null,
        connection?.name ?? null,
        silence?.id ?? null,
        silence ? null : 0,
        event.at.toISOString(),
      ],
    );
    sends.push({
      id: rows[0]?.id ?? '',
      notificationId: rule.id,
      status,
      silencedBy: silence?.id ?? null,
    });
  }
  return sends;
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
