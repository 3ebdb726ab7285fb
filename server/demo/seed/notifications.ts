import type { SeedContext, Seeder } from './context';
import { bulkInsert } from './bulk';
import { EVENT_QUEUE_COLUMNS } from './columns';
import { maybePick, peopleWithRole, requirePeople, teamNamespaces } from './estate';
import { QUEUE_EVENTS, RULES, SILENCES, type RuleTemplate } from './notificationCatalog';
import {
  SEND_HISTORY_TYPES,
  buildSendHistory,
  type Resource,
  type RunRef,
  type SeededRule,
  type SilenceRef,
} from './notificationHistory';
import { seedNotificationScenarios } from './notificationScenarios';
import { insertPermissions, type PermissionRow } from './permissionRows';
import { ensureConnections } from './prerequisites';
import {
  DAY,
  HOUR,
  MINUTE,
  SECOND,
  after,
  before,
  copiesFor,
  copyNamespace,
  recentAge,
  scaledCount,
  weighted,
} from './sampling';

const NANOS_PER_MINUTE = 60_000_000_000;

interface ConnectionRow {
  id: string;
  name: string;
  namespace: string;
}

function customServices(
  template: RuleTemplate,
  connection: ConnectionRow | null,
): Array<Record<string, unknown>> | null {
  if (!['slack', 'teams', 'email', 'opsgenie'].includes(template.target) || !connection)
    return null;
  const reference = `connection://${connection.namespace}/${connection.name}`;
  const properties: Record<string, string> =
    template.target === 'email'
      ? { to: 'sre-team@acme.io', subject: template.title }
      : template.target === 'opsgenie'
        ? { priority: 'P2', responders: 'team:sre' }
        : {};
  return [{ name: template.target, connection: reference, properties }];
}

async function insertRules(ctx: SeedContext): Promise<SeededRule[]> {
  const { rng, refs, db } = ctx;
  const namespaces = await teamNamespaces(db);
  const { rows: connections } = await db.query<ConnectionRow>(
    `SELECT id, name, namespace FROM connections WHERE deleted_at IS NULL ORDER BY namespace, name, id`,
  );
  const editors = peopleWithRole(refs, ['admin', 'editor']);
  const rules: SeededRule[] = [];
  const rows: Array<Record<string, unknown>> = [];
  const copies = copiesFor(ctx.scale);
  for (let copy = 0; copy < copies; copy++) {
    const namespace = copyNamespace('mission-control', copy, namespaces);
    for (const template of RULES) {
      const id = rng.uuid();
      const connection = template.connection
        ? (connections.find((c) => c.name === template.connection && c.namespace === namespace) ??
          connections.find((c) => c.name === template.connection) ??
          null)
        : null;
      const person = template.target === 'person' ? maybePick(rng, refs.people) : null;
      const team = template.target === 'team' ? maybePick(rng, refs.teams) : null;
      const playbooks = template.playbook
        ? refs.playbooks.filter((playbook) => playbook.name === template.playbook)
        : [];
      const playbook = playbooks[copy] ?? playbooks[0] ?? null;
      const services = customServices(template, connection);
      const created = before(ctx.now, rng.int(20, 180) * DAY);
      const fallback = template.target === 'opsgenie';
      rows.push({
        id,
        name: template.name,
        namespace,
        events: template.events,
        error: template.error ?? null,
        error_at: template.error ? before(ctx.now, rng.int(1, 12) * HOUR) : null,
        title: template.title,
        template: template.template,
        filter: template.filter ?? null,
        playbook_id: playbook?.id ?? null,
        person_id: person?.id ?? null,
        team_id: team?.id ?? null,
        repeat_interval: template.repeatInterval ?? null,
        inhibitions: template.inhibitions ?? null,
        wait_for: template.waitForMinutes ? template.waitForMinutes * NANOS_PER_MINUTE : null,
        wait_for_eval_period: template.waitForMinutes ? NANOS_PER_MINUTE / 2 : null,
        group_by: template.groupBy ?? null,
        group_by_interval: template.groupBy ? 15 * NANOS_PER_MINUTE : null,
        watchdog_schedule: template.watchdog ?? null,
        custom_services: services,
        fallback_delay: fallback ? 10 * NANOS_PER_MINUTE : null,
        fallback_custom_services: fallback
          ? [
              {
                name: 'email',
                connection: 'connection://mission-control/smtp-corporate',
                properties: { to: 'sre-oncall@acme.io' },
              },
            ]
          : null,
        created_by: template.source === 'UI' ? rng.pick(editors).id : null,
        created_at: created,
        source: template.source,
        updated_at: after(created, rng.int(0, 15) * DAY),
      });
      rules.push({
        id,
        name: template.name,
        namespace,
        template,
        personId: person?.id ?? null,
        teamId: team?.id ?? null,
        connectionId: services ? (connection?.id ?? null) : null,
        playbookId: playbook?.id ?? null,
      });
    }
  }
  await bulkInsert(
    db,
    'notifications',
    {
      id: 'uuid',
      name: 'text',
      namespace: 'text',
      events: 'text[]',
      error: 'text',
      error_at: 'timestamptz',
      title: 'text',
      template: 'text',
      filter: 'text',
      playbook_id: 'uuid',
      person_id: 'uuid',
      team_id: 'uuid',
      repeat_interval: 'text',
      inhibitions: 'jsonb',
      wait_for: 'int8',
      wait_for_eval_period: 'int8',
      group_by: 'text[]',
      group_by_interval: 'int8',
      watchdog_schedule: 'text',
      custom_services: 'jsonb',
      fallback_delay: 'int8',
      fallback_custom_services: 'jsonb',
      created_by: 'uuid',
      created_at: 'timestamptz',
      source: 'source',
      updated_at: 'timestamptz',
    },
    rows,
  );
  refs.notifications = rules.map((rule) => ({ id: rule.id, name: rule.name }));
  return rules;
}

async function insertSilences(ctx: SeedContext): Promise<SilenceRef[]> {
  const { rng, refs } = ctx;
  const people = requirePeople(refs);
  const rows: Array<Record<string, unknown>> = [];
  const copies = copiesFor(ctx.scale);
  for (let copy = 0; copy < copies; copy++) {
    for (const template of SILENCES) {
      const config = template.kind === 'config' ? maybePick(rng, refs.configs) : null;
      const check = template.kind === 'check' ? maybePick(rng, refs.checks) : null;
      const component = template.kind === 'component' ? maybePick(rng, refs.components) : null;
      const canary = template.kind === 'canary' ? maybePick(rng, refs.canaries) : null;
      const resourceKinds = ['config', 'check', 'component', 'canary'];
      if (resourceKinds.includes(template.kind) && !config && !check && !component && !canary)
        continue;
      const from = after(ctx.now, template.fromHours * HOUR);
      const created = before(from < ctx.now ? from : ctx.now, rng.int(1, 120) * MINUTE);
      rows.push({
        id: rng.uuid(),
        namespace: template.source === 'KubernetesCRD' ? 'mission-control' : '',
        name: copy === 0 ? template.name : `${template.name}-${copy}`,
        description: template.description,
        filter: template.filter ?? null,
        selectors: template.selectors ?? null,
        from,
        until: template.untilHours === null ? null : after(ctx.now, template.untilHours * HOUR),
        recursive: template.recursive ?? false,
        config_id: config?.id ?? null,
        check_id: check?.id ?? null,
        component_id: component?.id ?? null,
        canary_id: canary?.id ?? null,
        source: template.source,
        created_by: template.source === 'UI' ? rng.pick(people).id : null,
        created_at: created,
        updated_at: created,
        deleted_at: template.deleted ? after(created, 2 * DAY) : null,
        kind: template.kind,
      });
    }
  }
  await bulkInsert(
    ctx.db,
    'notification_silences',
    {
      id: 'uuid',
      namespace: 'text',
      name: 'text',
      description: 'text',
      filter: 'text',
      selectors: 'jsonb',
      from: 'timestamptz',
      until: 'timestamptz',
      recursive: 'boolean',
      config_id: 'uuid',
      check_id: 'uuid',
      component_id: 'uuid',
      canary_id: 'uuid',
      source: 'source',
      created_by: 'uuid',
      created_at: 'timestamptz',
      updated_at: 'timestamptz',
      deleted_at: 'timestamptz',
    },
    rows,
  );
  return rows
    .filter((row) => row.deleted_at === null)
    .map((row) => ({ id: row.id as string, kind: row.kind as string }));
}

async function loadRuns(
  ctx: SeedContext,
  playbookIds: readonly string[],
): Promise<Map<string, RunRef[]>> {
  const runs = new Map<string, RunRef[]>();
  if (playbookIds.length === 0) return runs;
  const names = new Map<string, Resource>();
  for (const config of ctx.refs.configs) names.set(config.id, config);
  for (const component of ctx.refs.components) names.set(component.id, component);
  for (const check of ctx.refs.checks) names.set(check.id, check);
  const { rows } = await ctx.db.query<{
    id: string;
    playbook_id: string;
    status: string;
    created_at: string | Date;
    resource_id: string | null;
  }>(
    `SELECT id, playbook_id, status, created_at, COALESCE(config_id, component_id, check_id) AS resource_id
     FROM playbook_runs WHERE parent_id IS NULL AND playbook_id = ANY($1::uuid[]) ORDER BY created_at, id`,
    [[...new Set(playbookIds)]],
  );
  for (const row of rows) {
    const list = runs.get(row.playbook_id) ?? [];
    list.push({
      id: row.id,
      status: row.status,
      createdAt: new Date(row.created_at),
      resource: row.resource_id ? (names.get(row.resource_id) ?? null) : null,
    });
    runs.set(row.playbook_id, list);
  }
  return runs;
}

async function insertSendHistory(
  ctx: SeedContext,
  rules: readonly SeededRule[],
  silences: readonly SilenceRef[],
): Promise<number> {
  const { db, refs } = ctx;
  const { rows: incidents } = await db.query<{ id: string; name: string }>(
    `SELECT id, incident_id || ' ' || title AS name FROM incidents ORDER BY created_at DESC, id LIMIT 500`,
  );
  const runs = await loadRuns(
    ctx,
    rules.flatMap((rule) => (rule.playbookId ? [rule.playbookId] : [])),
  );
  const { rows, runLinks } = buildSendHistory(
    ctx.rng,
    ctx.now,
    rules,
    {
      configs: refs.configs,
      checks: refs.checks,
      components: refs.components,
      incidents: incidents.map((incident) => ({ ...incident, type: 'Incident' })),
    },
    silences,
    runs,
    scaledCount(1000, ctx.scale, 20),
  );
  await bulkInsert(db, 'notification_send_history', SEND_HISTORY_TYPES, rows);
  if (runLinks.length > 0) {
    // Runs started by a notification have no human creator.
    await db.query(
      `UPDATE playbook_runs r SET notification_send_id = u.send_id, created_by = NULL
       FROM unnest($1::uuid[], $2::uuid[]) AS u(run_id, send_id) WHERE r.id = u.run_id`,
      [runLinks.map((link) => link.runId), runLinks.map((link) => link.sendId)],
    );
  }
  return rows.length;
}

/** The event queue: pending notification sends, and events of other consumers, some failing. */
async function insertEvents(ctx: SeedContext, rules: readonly SeededRule[]): Promise<void> {
  const { rng, refs, db, now } = ctx;
  const { rows: incidents } = await db.query<{ id: string }>(
    `SELECT id FROM incidents ORDER BY created_at DESC, id LIMIT 200`,
  );
  const subjects: Record<string, ReadonlyArray<{ id: string }>> = {
    incident: incidents,
    config: refs.configs,
    check: refs.checks,
    playbook: refs.playbooks,
  };
  const seen = new Set<string>();
  const rows: Array<Record<string, unknown>> = [];
  const push = (row: Record<string, unknown> & { name: string; event_id: string }): void => {
    const key = `${row.name}/${row.event_id}`;
    if (seen.has(key)) return;
    seen.add(key);
    rows.push(row);
  };
  const sendRules = rules.filter((rule) => rule.template.target !== 'playbook');
  for (let i = 0; i < scaledCount(25, ctx.scale, 3) && sendRules.length > 0; i++) {
    const rule = rng.pick(sendRules);
    const attempts = weighted(rng, [
      [0, 6],
      [1, 2],
      [2, 1],
      [4, 1],
    ] as const);
    const created = before(now, rng.int(1, 90) * MINUTE);
    const resource = maybePick(rng, refs.configs);
    push({
      id: rng.uuid(),
      event_id: rng.uuid(),
      name: 'notification.send',
      properties: {
        notification_id: rule.id,
        resource_id: resource?.id ?? rule.id,
        event_name: rule.template.events[0],
      },
      error: attempts > 0 ? 'slack: rate_limited' : null,
      created_at: created,
      last_attempt: attempts > 0 ? after(created, attempts * 30 * SECOND) : null,
      attempts,
      priority: 100,
    });
  }
  const choices = QUEUE_EVENTS.map((event) => [event, event.weight] as const);
  for (let i = 0; i < scaledCount(60, ctx.scale, 5); i++) {
    const event = weighted(rng, choices);
    const subject = maybePick(rng, subjects[event.about] ?? []);
    if (!subject) continue;
    const failed = event.error !== null && rng.chance(event.errorRate);
    const created = before(now, MINUTE + recentAge(rng, 2 * DAY));
    const attempts = failed ? rng.int(1, 6) : rng.int(0, 1);
    push({
      id: rng.uuid(),
      event_id: subject.id,
      name: event.name,
      properties: { id: subject.id },
      error: failed ? event.error : null,
      created_at: created,
      last_attempt: attempts > 0 ? after(created, attempts * 2 * MINUTE) : null,
      attempts,
      priority: event.name.startsWith('incident.') ? 50 : 100,
    });
  }
  await bulkInsert(db, 'event_queue', EVENT_QUEUE_COLUMNS, rows);
}

async function insertNotificationPermissions(
  ctx: SeedContext,
  rules: readonly SeededRule[],
): Promise<void> {
  const rows: PermissionRow[] = [];
  for (const rule of rules) {
    const created = before(ctx.now, ctx.rng.int(10, 120) * DAY);
    const base = {
      id: ctx.rng.uuid(),
      name: `notification-${rule.name}`,
      namespace: rule.namespace,
      source: 'KubernetesCRD' as const,
      subject_type: 'notification' as const,
      subject: rule.id,
      deny: false,
      created_by: null,
      created_at: created,
      updated_at: created,
    };
    if (rule.playbookId) {
      rows.push({
        ...base,
        description: `${rule.name} may run its remediation playbook`,
        action: 'playbook:run',
        playbook_id: rule.playbookId,
      });
    } else if (rule.connectionId) {
      rows.push({
        ...base,
        description: `${rule.name} may use its delivery connection`,
        action: 'read',
        connection_id: rule.connectionId,
      });
    }
  }
  await insertPermissions(ctx.db, rows);
}

/**
 * Notification rules (refs.notifications), silences (some indefinite), send history with every
 * delivery status linked to resources and playbook runs, the event queue, and the permissions
 * that let rules run playbooks and use connections; then the dispatcher's scenarios (an
 * inhibition, a group, a recurring silence: notificationScenarios.ts), drawing nothing random.
 */
export const seedNotifications: Seeder = async (ctx) => {
  requirePeople(ctx.refs);
  await ensureConnections(ctx);
  const rules = await insertRules(ctx);
  const silences = await insertSilences(ctx);
  const sends = await insertSendHistory(ctx, rules, silences);
  await insertEvents(ctx, rules);
  await insertNotificationPermissions(ctx, rules);
  const scenarios = await seedNotificationScenarios(ctx);
  ctx.log(
    `notifications: ${rules.length} rules, ${silences.length} silences, ${sends + scenarios} sends`,
  );
};
