import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { NotificationDispatcher } from '../../../server/demo/notifications/dispatch';
import { silencePreview, silenceWindows } from '../../../server/demo/notifications/preview';
import { postJson, signInAll, startDemo } from './support';

jest.setTimeout(120_000);

let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const NANOS_PER_MINUTE = 60_000_000_000;

/** The dispatcher's clock, moved by the tests. A Monday, 10:00 UTC. */
let clock = new Date('2030-01-07T10:00:00Z');
const at = (iso: string) => {
  clock = new Date(iso);
};
let dispatcher: NotificationDispatcher;

async function insertConfig(
  name: string,
  fields: { type: string; namespace: string; health?: string },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO config_items (name, type, config_class, status, health, tags)
     VALUES ($1, $2, 'Test', 'Failing', $3, $4) RETURNING id`,
    [
      name,
      fields.type,
      fields.health ?? 'unhealthy',
      JSON.stringify({ namespace: fields.namespace }),
    ],
  );
  return rows[0]!.id;
}

async function relate(from: string, to: string, relation: string): Promise<void> {
  await db.query(
    `INSERT INTO config_relationships (config_id, related_id, relation) VALUES ($1, $2, $3)`,
    [from, to, relation],
  );
}

async function insertRule(
  name: string,
  fields: Record<string, unknown>,
  services: unknown = null,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO notifications
       (name, namespace, events, filter, person_id, source, title, template, repeat_interval,
        inhibitions, wait_for, group_by, custom_services)
     VALUES ($1, 'default', ARRAY['config.unhealthy'], $2, $3, 'UI', $4, $5, $6, $7, $8, $9, $10)
     RETURNING id`,
    [
      name,
      fields.filter,
      services ? null : ids.admin,
      fields.title ?? null,
      fields.template ?? null,
      fields.repeat_interval ?? null,
      fields.inhibitions ? JSON.stringify(fields.inhibitions) : null,
      fields.wait_for ?? null,
      fields.group_by ?? null,
      services ? JSON.stringify(services) : null,
    ],
  );
  return rows[0]!.id;
}

/** Dispatches the resource's `config.unhealthy` at the clock; answers the rule's sends. */
async function unhealthy(resourceId: string, ruleId: string) {
  const sends = await dispatcher.dispatch({ name: 'config.unhealthy', kind: 'config', resourceId });
  return sends.filter((send) => send.notificationId === ruleId);
}

function get(url: string, role: string | null = 'viewer') {
  return app.inject({
    method: 'GET',
    url,
    headers: role ? { cookie: cookies[role] as string } : {},
  });
}

beforeAll(async () => {
  ({ app, db } = await startDemo({ playbookExecutor: false }));
  await signInAll(app, ['admin', 'viewer'], cookies);
  const admin = await db.query<{ id: string }>(
    `SELECT id FROM people WHERE email = 'admin@demo.local'`,
  );
  ids.admin = admin.rows[0]!.id;
  dispatcher = new NotificationDispatcher(db, { now: () => clock });
});
afterAll(async () => {
  await dispatcher.stop();
  await app.close();
  await db.close();
});

describe('inhibitions', () => {
  beforeAll(async () => {
    ids.inhibitRule = await insertRule('nd-node-with-pods', {
      filter: "config.name.startsWith('nd-inh-')",
      title: '{{.config.type}} {{.config.name}} failed',
      template:
        '{{.config.name}} is {{.config.health}}{{if eq .health "unhealthy"}}, look at it{{else}}, fine{{end}}',
      repeat_interval: '4h',
      inhibitions: [
        {
          direction: 'outgoing',
          from: 'Kubernetes::Node',
          to: ['Kubernetes::Pod'],
          soft: true,
          depth: 1,
        },
      ],
    });
    ids.node = await insertConfig('nd-inh-node', { type: 'Kubernetes::Node', namespace: 'nd' });
    ids.pod1 = await insertConfig('nd-inh-pod-1', { type: 'Kubernetes::Pod', namespace: 'nd' });
    ids.pod2 = await insertConfig('nd-inh-pod-2', { type: 'Kubernetes::Pod', namespace: 'nd' });
    ids.loner = await insertConfig('nd-inh-pod-3', { type: 'Kubernetes::Pod', namespace: 'nd' });
    await relate(ids.node, ids.pod1, 'NodePod');
    await relate(ids.node, ids.pod2, 'NodePod');
  });

  it("records a node's pods' sends as inhibited by the node's send, and an unrelated pod's as sent", async () => {
    at('2030-01-07T10:00:00Z');
    const [node] = await unhealthy(ids.node!, ids.inhibitRule!);
    expect(node).toEqual(expect.objectContaining({ status: 'sent', parentId: null }));
    ids.nodeSend = node!.id;

    at('2030-01-07T10:05:00Z');
    expect(await unhealthy(ids.pod1!, ids.inhibitRule!)).toEqual([
      expect.objectContaining({ status: 'inhibited', parentId: node!.id }),
    ]);
    expect(await unhealthy(ids.loner!, ids.inhibitRule!)).toEqual([
      expect.objectContaining({ status: 'sent', parentId: null }),
    ]);

    // Outside the rule's repeat interval (4h) the node's send no longer inhibits.
    at('2030-01-07T14:30:00Z');
    expect(await unhealthy(ids.pod2!, ids.inhibitRule!)).toEqual([
      expect.objectContaining({ status: 'sent' }),
    ]);

    const { rows } = await db.query<{ status: string; parent_id: string | null }>(
      `SELECT status, parent_id FROM notification_send_history_summary
        WHERE resource_id = $1 AND notification_id = $2`,
      [ids.pod1, ids.inhibitRule],
    );
    expect(rows).toEqual([{ status: 'inhibited', parent_id: node!.id }]);
  });

  it('blocks a repeat within the repeat interval, linked to the first send', async () => {
    at('2030-01-07T11:00:00Z');
    expect(await unhealthy(ids.node!, ids.inhibitRule!)).toEqual([
      expect.objectContaining({ status: 'repeat-interval', parentId: ids.nodeSend }),
    ]);
  });

  it('needs the relationship to be hard unless the inhibition is soft', async () => {
    await db.query(`UPDATE notifications SET inhibitions = $2 WHERE id = $1`, [
      ids.inhibitRule,
      JSON.stringify([
        { direction: 'outgoing', from: 'Kubernetes::Node', to: ['Kubernetes::Pod'], depth: 1 },
      ]),
    ]);
    const pod = await insertConfig('nd-inh-pod-4', { type: 'Kubernetes::Pod', namespace: 'nd' });
    await relate(ids.node!, pod, 'NodePod');
    at('2030-01-07T10:10:00Z');
    expect(await unhealthy(pod, ids.inhibitRule!)).toEqual([
      expect.objectContaining({ status: 'sent' }),
    ]);
  });
});

describe('inhibitions along the topology', () => {
  it("inhibits a component's children within the depth through their path", async () => {
    const rule = await db.query<{ id: string }>(
      `INSERT INTO notifications (name, namespace, events, filter, person_id, source, repeat_interval, inhibitions)
       VALUES ('nd-topology', 'default', ARRAY['component.unhealthy'],
               'component.name.startsWith(''nd-top-'')', $1, 'UI', '1h', $2) RETURNING id`,
      [
        ids.admin,
        JSON.stringify([
          { direction: 'outgoing', from: 'Cluster', to: ['Namespace', 'Service'], depth: 1 },
        ]),
      ],
    );
    const component = async (
      name: string,
      type: string,
      parent: { id: string; path: string } | null,
    ) => {
      const path = parent ? (parent.path ? `${parent.path}.${parent.id}` : parent.id) : '';
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO components (name, external_id, type, health, status, parent_id, path)
         VALUES ($1, $1, $2, 'unhealthy', 'unhealthy', $3, $4) RETURNING id`,
        [name, type, parent?.id ?? null, path],
      );
      return { id: rows[0]!.id, path };
    };
    const cluster = await component('nd-top-cluster', 'Cluster', null);
    const namespace = await component('nd-top-namespace', 'Namespace', cluster);
    const service = await component('nd-top-service', 'Service', namespace);
    const dispatch = async (resourceId: string) =>
      (
        await dispatcher.dispatch({ name: 'component.unhealthy', kind: 'component', resourceId })
      ).filter((send) => send.notificationId === rule.rows[0]!.id);
    at('2030-01-07T16:00:00Z');
    const [sent] = await dispatch(cluster.id);
    expect(sent!.status).toBe('sent');
    at('2030-01-07T16:01:00Z');
    expect(await dispatch(namespace.id)).toEqual([
      expect.objectContaining({ status: 'inhibited', parentId: sent!.id }),
    ]);
    // Two levels below the cluster: beyond the inhibition's depth.
    expect(await dispatch(service.id)).toEqual([expect.objectContaining({ status: 'sent' })]);
  });
});

describe('grouping', () => {
  const pods: string[] = [];

  beforeAll(async () => {
    ids.groupRule = await insertRule('nd-grouped-pods', {
      filter: "config.name.startsWith('nd-grp-')",
      title: 'Pods failing in {{.config.tags.namespace}}',
      template: '{{.config.name}} is {{.config.health}}',
      wait_for: 5 * NANOS_PER_MINUTE,
      group_by: ['tag:namespace'],
    });
    for (let i = 1; i <= 5; i++) {
      pods.push(
        await insertConfig(`nd-grp-pod-${i}`, { type: 'Kubernetes::Pod', namespace: 'nd-a' }),
      );
    }
    ids.otherGroup = await insertConfig('nd-grp-other', {
      type: 'Kubernetes::Pod',
      namespace: 'nd-b',
    });
    // The seeded waiting sends are due long before the test's clock: release them first.
    at('2030-01-07T11:00:00Z');
    await dispatcher.tick();
  });

  it('gathers five sends of one group within the wait into one send that lists the five members', async () => {
    const recorded = [];
    for (const [i, pod] of pods.entries()) {
      at(new Date(Date.parse('2030-01-07T12:00:00Z') + i * MINUTE).toISOString());
      recorded.push(...(await unhealthy(pod, ids.groupRule!)));
    }
    at('2030-01-07T12:02:30Z');
    const [other] = await unhealthy(ids.otherGroup!, ids.groupRule!);
    expect(recorded.map((send) => send.status)).toEqual(Array(5).fill('evaluating-waitfor'));
    const groupIds = new Set(recorded.map((send) => send.groupId));
    expect(groupIds.size).toBe(1);
    const groupId = recorded[0]!.groupId!;
    expect(other!.groupId).not.toBe(groupId);

    // Nothing is due before the wait (5 min + the 30 s evaluation period) is over.
    at('2030-01-07T12:05:00Z');
    const early = await dispatcher.tick();
    expect(early.filter((send) => send.groupId === groupId)).toEqual([]);

    at('2030-01-07T12:05:30Z');
    const released = await dispatcher.tick();
    const sent = released.filter((send) => send.status === 'sent' && send.groupId !== null);
    expect(sent).toEqual([expect.objectContaining({ id: recorded[0]!.id, groupId })]);
    expect(released.filter((send) => send.groupId === groupId)).toHaveLength(5);
    for (const folded of released.filter((s) => s.groupId === groupId && s.status !== 'sent')) {
      expect(folded).toEqual(
        expect.objectContaining({ status: 'repeat-interval', parentId: recorded[0]!.id }),
      );
    }

    const { rows: history } = await db.query<{ status: string; body: string | null }>(
      `SELECT status, body FROM notification_send_history_summary WHERE group_id = $1
        ORDER BY created_at`,
      [groupId],
    );
    expect(history.filter((row) => row.status === 'sent')).toHaveLength(1);
    const body = history.find((row) => row.status === 'sent')!.body!;
    expect(body).toContain('**Pods failing in nd-a**');
    for (let i = 1; i <= 5; i++) expect(body).toContain(`- nd-a/Kubernetes::Pod/nd-grp-pod-${i}`);
    expect(body).not.toContain('nd-grp-other');

    const { rows: groups } = await db.query<{
      send_id: string;
      member_count: number;
      members: Array<{ id: string; kind: string; name: string }>;
    }>(`SELECT send_id, member_count, members FROM notification_groups_summary WHERE id = $1`, [
      groupId,
    ]);
    expect(groups).toEqual([
      expect.objectContaining({ send_id: recorded[0]!.id, member_count: 5 }),
    ]);
    expect(groups[0]!.members.map((member) => member.name).sort()).toEqual(
      pods.map((_, i) => `nd-grp-pod-${i + 1}`),
    );
  });

  it('skips a waiting send whose resource recovered during the wait', async () => {
    const pod = await insertConfig('nd-grp-flap', { type: 'Kubernetes::Pod', namespace: 'nd-c' });
    at('2030-01-07T13:00:00Z');
    const [waiting] = await unhealthy(pod, ids.groupRule!);
    await db.query(`UPDATE config_items SET health = 'healthy' WHERE id = $1`, [pod]);
    at('2030-01-07T13:10:00Z');
    expect(await dispatcher.tick()).toContainEqual(
      expect.objectContaining({ id: waiting!.id, status: 'skipped' }),
    );
  });
});

describe('maintenance windows (recurring silences)', () => {
  beforeAll(async () => {
    ids.windowRule = await insertRule('nd-window', {
      filter: "config.name.startsWith('nd-win-')",
      title: '{{.config.name}} failed',
    });
    ids.windowed = await insertConfig('nd-win-a', { type: 'Kubernetes::Pod', namespace: 'nd' });
    ids.unwindowed = await insertConfig('nd-win-b', { type: 'Kubernetes::Pod', namespace: 'nd' });
    const created = await postJson(app, '/api/notification/silence', cookies.admin, {
      name: 'nd-weeknights',
      from: '2030-01-01T00:00:00Z',
      until: null,
      config_id: ids.windowed,
      schedule: '0 22 * * 1-5',
      timezone: 'Europe/Berlin',
      duration: '2h',
    });
    expect(created.statusCode).toBe(200);
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM notification_silences WHERE name = 'nd-weeknights'`,
    );
    ids.windowSilence = rows[0]!.id;
  });

  async function statusAt(iso: string, resource = ids.windowed!): Promise<string> {
    at(iso);
    const [send] = await unhealthy(resource, ids.windowRule!);
    return send!.status;
  }

  it('silences the sends inside a window, in the silence’s time zone, and not those outside', async () => {
    // Monday 22:00-24:00 in Berlin (UTC+1 in January) is 21:00-23:00 UTC.
    expect(await statusAt('2030-01-07T20:30:00Z')).toBe('sent'); // 21:30 Berlin
    expect(await statusAt('2030-01-07T21:30:00Z')).toBe('silenced'); // 22:30 Berlin; UTC would be outside
    expect(await statusAt('2030-01-07T22:59:00Z')).toBe('silenced');
    expect(await statusAt('2030-01-07T23:01:00Z')).toBe('sent'); // the window is over
    expect(await statusAt('2030-01-05T21:30:00Z')).toBe('sent'); // a Saturday
    // In July Berlin is UTC+2: the window is 20:00-22:00 UTC.
    expect(await statusAt('2030-07-01T20:30:00Z')).toBe('silenced');
    expect(await statusAt('2030-07-01T22:30:00Z')).toBe('sent');
    // The silence covers its resource only.
    expect(await statusAt('2030-01-07T21:30:00Z', ids.unwindowed)).toBe('sent');
    const { rows } = await db.query<{ silenced_by: string }>(
      `SELECT DISTINCT silenced_by FROM notification_send_history
        WHERE resource_id = $1 AND status = 'silenced'`,
      [ids.windowed],
    );
    expect(rows).toEqual([{ silenced_by: ids.windowSilence }]);
  });

  it('lists the next window of a recurring silence', async () => {
    const { rows } = await db.query<{
      next_window_start: Date;
      next_window_end: Date;
      in_window: boolean;
      schedule: string;
    }>(
      `SELECT next_window_start, next_window_end, in_window, schedule
         FROM notification_silences_summary WHERE id = $1`,
      [ids.windowSilence],
    );
    const row = rows[0]!;
    expect(row.schedule).toBe('0 22 * * 1-5');
    expect(row.next_window_end.getTime() - row.next_window_start.getTime()).toBe(2 * HOUR);
    const local = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Berlin',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(row.next_window_start);
    expect(local).toMatch(/^(Mon|Tue|Wed|Thu|Fri) 22:00$/);
    expect(row.next_window_start.getTime()).toBeGreaterThan(Date.now());
    expect(typeof row.in_window).toBe('boolean');
  });

  it('previews what the windows of a recurrence would have muted, with the last and next window', async () => {
    const recurrence = { schedule: '0 22 * * 1-5', timezone: 'Europe/Berlin', duration: '2h' };
    const terms = {
      resource: { id: ids.unwindowed!, kind: 'config' as const },
      recursive: false,
      filter: null,
      selectors: null,
    };
    const now = new Date('2030-01-08T12:00:00Z');
    const rows = (await silencePreview(db, { terms, limit: 30, recurrence }, now)).filter(
      (row) => row.notification_id === ids.windowRule,
    );
    expect(rows).toEqual([
      expect.objectContaining({
        resource_id: ids.unwindowed,
        created_at: '2030-01-07T21:30:00.000Z',
        window_start: '2030-01-07T21:00:00.000Z',
        window_end: '2030-01-07T23:00:00.000Z',
      }),
    ]);
    const windows = await silenceWindows(db, { terms, limit: 30, recurrence }, now);
    expect(windows.last).toEqual({
      start: '2030-01-07T21:00:00.000Z',
      end: '2030-01-07T23:00:00.000Z',
      muted: expect.arrayContaining([
        expect.objectContaining({ resource_id: ids.unwindowed, notification_id: ids.windowRule }),
      ]),
    });
    expect(windows.next).toEqual({
      start: '2030-01-08T21:00:00.000Z',
      end: '2030-01-08T23:00:00.000Z',
      muted: null,
    });
  });

  it('answers 400 for a schedule, time zone or duration it cannot read', async () => {
    const bad = async (fields: Record<string, unknown>) => {
      const response = await postJson(app, '/api/notification/silence', cookies.admin, {
        name: 'nd-bad',
        config_id: ids.windowed,
        ...fields,
      });
      expect(response.statusCode).toBe(400);
      return response.json<{ error: string }>().error;
    };
    expect(await bad({ schedule: '0 22 * *', duration: '2h' })).toMatch(/five fields/);
    expect(await bad({ schedule: '0 25 * * *', duration: '2h' })).toMatch(/outside 0-23/);
    expect(await bad({ schedule: '0 22 * * *', duration: 'two hours' })).toMatch(/duration/);
    expect(await bad({ schedule: '0 22 * * *', duration: '2h', timezone: 'Mars/Base' })).toBe(
      'invalid timezone: Mars/Base',
    );
    expect(await bad({ schedule: '0 22 * * *' })).toBe('schedule and duration are given together');
    const patched = await app.inject({
      method: 'PATCH',
      url: `/api/db/notification_silences?id=eq.${ids.windowSilence}`,
      headers: { cookie: cookies.admin as string, 'content-type': 'application/json' },
      payload: { schedule: '0 22 * * 8' },
    });
    expect(patched.statusCode).toBeGreaterThanOrEqual(400);
    expect(patched.statusCode).toBeLessThan(500);
    const windows = await get('/api/notification/silence_windows?schedule=0%2022%20*%20*%20*');
    expect(windows.statusCode).toBe(400);
    const ok = await get(
      '/api/notification/silence_windows?schedule=0%2022%20*%20*%201-5&timezone=Europe/Berlin&duration=2h',
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ next: { start: string } }>().next.start).toEqual(expect.any(String));
  });
});

describe('GET /api/notification/send_history/{id}', () => {
  it('answers the send with its body rendered from the rule template as markdown', async () => {
    const response = await get(`/api/notification/send_history/${ids.nodeSend}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<Record<string, unknown>>();
    expect(detail).toEqual(
      expect.objectContaining({
        id: ids.nodeSend,
        notification_id: ids.inhibitRule,
        status: 'sent',
        resource_id: ids.node,
        channel: 'person',
        title: 'Kubernetes::Node nd-inh-node failed',
        body_markdown:
          '**Kubernetes::Node nd-inh-node failed**\n\nnd-inh-node is unhealthy, look at it',
        body_slack: null,
      }),
    );
    expect(detail.resource).toEqual(expect.objectContaining({ name: 'nd-inh-node' }));
  });

  it('flattens a Slack rule’s blocks into text and fields', async () => {
    ids.slackRule = await insertRule(
      'nd-slack',
      {
        filter: "config.name == 'nd-slack-pod'",
        title: '{{.config.name}} failed',
        template: JSON.stringify({
          blocks: [
            { type: 'header', text: { type: 'plain_text', text: '{{.config.name}} failed' } },
            {
              type: 'section',
              text: { type: 'mrkdwn', text: '*{{.config.name}}* is {{.config.health}}' },
              fields: [
                { type: 'mrkdwn', text: '*Namespace*: {{.config.tags.namespace}}' },
                { type: 'mrkdwn', text: '*Type*: {{.config.type}}' },
              ],
            },
            { type: 'divider' },
            {
              type: 'actions',
              elements: [
                {
                  type: 'button',
                  text: { type: 'plain_text', text: 'Open' },
                  url: 'https://mc.example/catalog/1',
                },
              ],
            },
          ],
        }),
      },
      [{ name: 'slack', connection: 'connection://default/nd-slack' }],
    );
    const pod = await insertConfig('nd-slack-pod', { type: 'Kubernetes::Pod', namespace: 'nd' });
    at('2030-01-07T15:00:00Z');
    const [send] = await unhealthy(pod, ids.slackRule!);
    expect(send!.status).toBe('sent');
    const response = await get(`/api/notification/send_history/${send!.id}`);
    expect(response.statusCode).toBe(200);
    const detail = response.json<{
      channel: string;
      body_markdown: string;
      body_slack: { blocks: Array<{ type: string }> };
    }>();
    expect(detail.channel).toBe('slack');
    expect(detail.body_slack.blocks.map((block) => block.type)).toEqual([
      'header',
      'section',
      'divider',
      'actions',
    ]);
    expect(detail.body_markdown).toBe(
      [
        '### nd-slack-pod failed',
        '**nd-slack-pod** is unhealthy',
        '- **Namespace**: nd\n- **Type**: Kubernetes::Pod',
        '---',
        '[Open](https://mc.example/catalog/1)',
      ].join('\n\n'),
    );
  });

  it('gives a plain Slack rule the default blocks', async () => {
    await db.query(`UPDATE notifications SET template = $2 WHERE id = $1`, [
      ids.slackRule,
      '{{.config.name}} is {{.config.health}}',
    ]);
    const { rows } = await db.query<{ id: string }>(
      `SELECT id FROM notification_send_history WHERE notification_id = $1`,
      [ids.slackRule],
    );
    const response = await get(`/api/notification/send_history/${rows[0]!.id}`);
    const detail = response.json<{ body_markdown: string; body_slack: { blocks: unknown[] } }>();
    expect(detail.body_slack.blocks).toHaveLength(3);
    expect(detail.body_markdown).toBe(
      [
        '### nd-slack-pod failed',
        'nd-slack-pod is unhealthy',
        '- **Health**: unhealthy\n- **Status**: Failing\n- **Type**: Kubernetes::Pod',
      ].join('\n\n'),
    );
  });

  it('answers 404 for an unknown send, 400 for a bad id, 401 without a session', async () => {
    const unknown = await get(
      '/api/notification/send_history/00000000-0000-4000-8000-000000000000',
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<{ error: string }>().error).toMatch(/not found/);
    const bad = await get('/api/notification/send_history/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error: string }>().error).toBe('invalid id: not-an-id');
    const anonymous = await get(`/api/notification/send_history/${ids.nodeSend}`, null);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('seeded scenarios', () => {
  it('include a node send that inhibits its pods, linked as their parent', async () => {
    const { rows } = await db.query<{ node_type: string; pod_type: string; related: boolean }>(
      `SELECT parent.resource->>'type' AS node_type, child.resource->>'type' AS pod_type,
              EXISTS (SELECT 1 FROM config_relationships r
                       WHERE r.config_id = parent.resource_id AND r.related_id = child.resource_id)
                AS related
         FROM notification_send_history_summary child
         JOIN notification_send_history_summary parent ON parent.id = child.parent_id
         JOIN notifications n ON n.id = child.notification_id
        WHERE child.status = 'inhibited' AND parent.status = 'sent'
          AND n.name = 'node-failure-inhibits-pods'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const row of rows) {
      expect(row).toEqual({
        node_type: 'Kubernetes::Node',
        pod_type: 'Kubernetes::Pod',
        related: true,
      });
    }
  });

  it('include a group of five pods gathered into one send', async () => {
    const { rows } = await db.query<{ member_count: number; send_id: string | null; body: string }>(
      `SELECT g.member_count, g.send_id, h.body
         FROM notification_groups_summary g
         JOIN notification_send_history h ON h.id = g.send_id
        WHERE g.notification_name = 'crashlooping-pods'`,
    );
    expect(rows).toEqual([expect.objectContaining({ member_count: 5 })]);
    expect(rows[0]!.body.match(/^- .+\/Kubernetes::Pod\/.+$/gm)).toHaveLength(5);
    const { rows: sends } = await db.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM notification_send_history
        WHERE group_id = (SELECT group_id FROM notification_send_history WHERE id = $1)
        GROUP BY status ORDER BY status`,
      [rows[0]!.send_id],
    );
    expect(sends).toEqual([
      { status: 'repeat-interval', n: 4 },
      { status: 'sent', n: 1 },
    ]);
  });

  it('include a recurring silence with its next window', async () => {
    const { rows } = await db.query<{ next_window_start: Date | null; timezone: string }>(
      `SELECT next_window_start, timezone FROM notification_silences_summary
        WHERE name = 'weeknight-maintenance' AND schedule IS NOT NULL`,
    );
    expect(rows).toEqual([{ next_window_start: expect.anything(), timezone: 'Europe/Berlin' }]);
  });

  it('are readable through /api/db like the history and the silences', async () => {
    const silences = await get(
      '/api/db/notification_silences_summary?select=name,schedule,timezone,duration,in_window,next_window_start,next_window_end&name=eq.weeknight-maintenance',
    );
    expect(silences.statusCode).toBe(200);
    const [silence] = silences.json<Array<Record<string, unknown>>>();
    expect(silence).toEqual(
      expect.objectContaining({
        schedule: '0 22 * * 1-5',
        duration: '2h',
        next_window_start: expect.any(String),
        in_window: expect.any(Boolean),
      }),
    );
    const groups = await get(
      '/api/db/notification_groups_summary?select=id,send_id,member_count,members&notification_name=eq.crashlooping-pods',
    );
    expect(groups.statusCode).toBe(200);
    const [group] = groups.json<Array<{ member_count: number; members: unknown[] }>>();
    expect(group!.member_count).toBe(5);
    expect(group!.members).toHaveLength(5);
    expect((await get('/api/db/notification_groups_summary?select=id', null)).statusCode).toBe(401);
  });
});
