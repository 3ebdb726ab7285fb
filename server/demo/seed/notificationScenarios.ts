/**
 * Notification scenarios the console's history and silences pages show, each one behaviour of
 * the dispatcher (notifications/dispatch.ts): a node's failure that inhibits its pods' sends, a
 * group of crashlooping pods gathered into one send, and a recurring maintenance window. They
 * are added after the generated rules, silences and history, with ids derived from their names
 * and without drawing from the seed's random source, so the rest of the estate stays exactly
 * as it was. A scenario whose resources the estate lacks (a tiny scale) is left out.
 */
import type { SeedContext } from './context';
import { stableUuid } from './playbookScenarios';
import { MINUTE, DAY, before, after } from './sampling';
import { renderBody } from '../notifications/render';
import { loadResource } from '../notifications/resources';

/** The rule whose node sends inhibit the node's pods' sends. */
export const INHIBITION_RULE = 'node-failure-inhibits-pods';
/** The rule (generated, copy 0) whose crashlooping pods are gathered into a group. */
export const GROUPED_RULE = 'crashlooping-pods';
/** The recurring silence: weeknights 22:00-24:00 in Berlin. */
export const RECURRING_SILENCE = 'weeknight-maintenance';

const NAMESPACE = 'mission-control';

function scenarioId(kind: string, name: string, index = 0): string {
  return stableUuid(`notification-scenario/${kind}/${name}/${index}`);
}

interface SendRow {
  id: string;
  notificationId: string;
  status: string;
  resourceId: string;
  health: string | null;
  status_: string | null;
  body: string | null;
  connectionId: string | null;
  createdAt: Date;
  parentId: string | null;
  groupId: string | null;
}

async function insertSends(ctx: SeedContext, sends: readonly SendRow[]): Promise<void> {
  for (const send of sends) {
    await ctx.db.query(
      `INSERT INTO notification_send_history
         (id, notification_id, status, source_event, resource_id, resource_health, resource_status,
          body, connection_id, duration_millis, created_at, first_observed, parent_id, group_id)
       VALUES ($1, $2, $3, 'config.unhealthy', $4, $5, $6, $7, $8, $9, $10, $10, $11, $12)`,
      [
        send.id,
        send.notificationId,
        send.status,
        send.resourceId,
        send.health,
        send.status_,
        send.body,
        send.status === 'sent' ? send.connectionId : null,
        send.status === 'sent' ? 640 : 3,
        send.createdAt.toISOString(),
        send.parentId,
        send.groupId,
      ],
    );
  }
}

async function slackConnection(ctx: SeedContext): Promise<{ id: string; ref: string } | null> {
  const { rows } = await ctx.db.query<{ id: string; name: string; namespace: string }>(
    `SELECT id, name, namespace FROM connections
      WHERE deleted_at IS NULL AND name = 'slack-sre-alerts'
      ORDER BY namespace = $1 DESC, namespace, id LIMIT 1`,
    [NAMESPACE],
  );
  const row = rows[0];
  return row ? { id: row.id, ref: `connection://${row.namespace}/${row.name}` } : null;
}

/** A body as the dispatcher renders it for the rule and the resource. */
async function body(
  ctx: SeedContext,
  rule: { title: string; template: string; custom_services: unknown },
  resourceId: string,
  members: readonly string[] = [],
): Promise<string | null> {
  const resource = await loadResource(ctx.db, 'config', resourceId);
  if (!resource) return null;
  return renderBody(
    rule,
    resource,
    { health: 'unhealthy', status: resource.status, event: 'config.unhealthy' },
    { slack: true, members },
  ).markdown;
}

async function inhibitionScenario(ctx: SeedContext): Promise<number> {
  const { rows } = await ctx.db.query<{ node_id: string; pods: string[] }>(
    `SELECT r.config_id AS node_id, (array_agg(r.related_id ORDER BY p.name, p.id))[1:3] AS pods
       FROM config_relationships r
       JOIN config_items n ON n.id = r.config_id AND n.type = 'Kubernetes::Node' AND n.deleted_at IS NULL
       JOIN config_items p ON p.id = r.related_id AND p.type = 'Kubernetes::Pod' AND p.deleted_at IS NULL
      WHERE r.deleted_at IS NULL
      GROUP BY r.config_id, n.name
     HAVING count(*) >= 2
      ORDER BY count(*) DESC, n.name, r.config_id
      LIMIT 1`,
  );
  const scenario = rows[0];
  const connection = await slackConnection(ctx);
  if (!scenario || !connection) return 0;
  const ruleId = scenarioId('rule', INHIBITION_RULE);
  const rule = {
    title: '{{.config.type}} {{.config.name}} is {{.config.health}}',
    template:
      '{{.config.name}} is {{.config.health}}{{if .config.description}}: {{.config.description}}{{end}}',
    custom_services: [{ name: 'slack', connection: connection.ref, properties: {} }],
  };
  const created = before(ctx.now, 45 * DAY);
  await ctx.db.query(
    `INSERT INTO notifications
       (id, name, namespace, events, title, template, filter, repeat_interval, inhibitions,
        custom_services, source, created_at, updated_at)
     VALUES ($1, $2, $3, ARRAY['config.unhealthy'], $4, $5, $6, '4h', $7, $8, 'KubernetesCRD', $9, $9)`,
    [
      ruleId,
      INHIBITION_RULE,
      NAMESPACE,
      rule.title,
      rule.template,
      "config.type in ['Kubernetes::Node', 'Kubernetes::Pod']",
      JSON.stringify([
        {
          direction: 'outgoing',
          from: 'Kubernetes::Node',
          to: ['Kubernetes::Pod'],
          soft: true,
          depth: 1,
        },
      ]),
      JSON.stringify(rule.custom_services),
      created.toISOString(),
    ],
  );
  ctx.refs.notifications.push({ id: ruleId, name: INHIBITION_RULE });
  const nodeSend = scenarioId('send', INHIBITION_RULE);
  const sentAt = before(ctx.now, 90 * MINUTE);
  const sends: SendRow[] = [
    {
      id: nodeSend,
      notificationId: ruleId,
      status: 'sent',
      resourceId: scenario.node_id,
      health: 'unhealthy',
      status_: 'NotReady',
      body: await body(ctx, rule, scenario.node_id),
      connectionId: connection.id,
      createdAt: sentAt,
      parentId: null,
      groupId: null,
    },
    ...scenario.pods.map((pod, index) => ({
      id: scenarioId('send', INHIBITION_RULE, index + 1),
      notificationId: ruleId,
      status: 'inhibited',
      resourceId: pod,
      health: 'unhealthy',
      status_: 'Pending',
      body: null,
      connectionId: null,
      createdAt: after(sentAt, (index + 1) * MINUTE),
      parentId: nodeSend,
      groupId: null,
    })),
  ];
  await insertSends(ctx, sends);
  return sends.length;
}

async function groupScenario(ctx: SeedContext): Promise<number> {
  const { rows: rules } = await ctx.db.query<{
    id: string;
    title: string;
    template: string;
    custom_services: unknown;
    connection_id: string | null;
  }>(
    `SELECT n.id, n.title, n.template, n.custom_services,
            (SELECT c.id FROM connections c
              WHERE 'connection://' || c.namespace || '/' || c.name = n.custom_services->0->>'connection'
                AND c.deleted_at IS NULL ORDER BY c.id LIMIT 1) AS connection_id
       FROM notifications n
      WHERE n.name = $1 AND n.namespace = $2 AND n.deleted_at IS NULL`,
    [GROUPED_RULE, NAMESPACE],
  );
  const rule = rules[0];
  const { rows: namespaces } = await ctx.db.query<{ namespace: string; pods: string[] }>(
    `SELECT tags->>'namespace' AS namespace, (array_agg(id ORDER BY name, id))[1:5] AS pods
       FROM config_items
      WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL AND tags->>'namespace' IS NOT NULL
      GROUP BY tags->>'namespace'
     HAVING count(*) >= 5
      ORDER BY count(*) DESC, tags->>'namespace'
      LIMIT 1`,
  );
  const group = namespaces[0];
  if (!rule || !group) return 0;
  const groupId = scenarioId('group', GROUPED_RULE);
  const startedAt = before(ctx.now, 50 * MINUTE);
  await ctx.db.query(
    `INSERT INTO notification_groups (id, hash, notification_id, created_at) VALUES ($1, $2, $3, $4)`,
    [groupId, group.namespace, rule.id, startedAt.toISOString()],
  );
  for (const [index, pod] of group.pods.entries()) {
    await ctx.db.query(
      `INSERT INTO notification_group_resources (group_id, config_id, created_at) VALUES ($1, $2, $3)`,
      [groupId, pod, after(startedAt, index * MINUTE).toISOString()],
    );
  }
  const { rows: names } = await ctx.db.query<{ name: string }>(
    `SELECT $2 || '/' || type || '/' || name AS name FROM config_items
      WHERE id = ANY($1::uuid[]) ORDER BY array_position($1::uuid[], id)`,
    [group.pods, group.namespace],
  );
  const firstSend = scenarioId('send', GROUPED_RULE);
  const sends: SendRow[] = group.pods.map((pod, index) => ({
    id: index === 0 ? firstSend : scenarioId('send', GROUPED_RULE, index),
    notificationId: rule.id,
    status: index === 0 ? 'sent' : 'repeat-interval',
    resourceId: pod,
    health: 'unhealthy',
    status_: 'CrashLoopBackOff',
    body: null,
    connectionId: rule.connection_id,
    createdAt: after(startedAt, index * MINUTE),
    parentId: index === 0 ? null : firstSend,
    groupId,
  }));
  const first = sends[0];
  if (first) {
    first.body = await body(
      ctx,
      rule,
      first.resourceId,
      names.map((row) => row.name),
    );
  }
  await insertSends(ctx, sends);
  return sends.length;
}

async function recurringSilence(ctx: SeedContext): Promise<number> {
  const admin = ctx.refs.people.find((person) => person.email === 'admin@demo.local');
  const created = before(ctx.now, 14 * DAY);
  await ctx.db.query(
    `INSERT INTO notification_silences
       (id, namespace, name, description, filter, "from", until, recursive, source, created_by,
        created_at, updated_at, schedule, timezone, duration)
     VALUES ($1, '', $2, $3, $4, $5, NULL, false, 'UI', $6, $5, $5, '0 22 * * 1-5', 'Europe/Berlin', '2h')`,
    [
      scenarioId('silence', RECURRING_SILENCE),
      RECURRING_SILENCE,
      'Log index maintenance: the logging namespace restarts on weeknights',
      "config.tags.namespace == 'logging'",
      created.toISOString(),
      admin?.id ?? null,
    ],
  );
  return 1;
}

/** Adds the scenarios; answers the number of sends added. */
export async function seedNotificationScenarios(ctx: SeedContext): Promise<number> {
  const inhibited = await inhibitionScenario(ctx);
  const grouped = await groupScenario(ctx);
  await recurringSilence(ctx);
  return inhibited + grouped;
}
