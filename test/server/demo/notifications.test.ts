import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { PlaybookExecutor } from '../../../server/demo/playbooks/executor';
import { playbookRunNotifier } from '../../../server/demo/notifications/dispatch';
import { compileCel } from '../../../server/demo/notifications/cel';
import { postJson, signInAll, startDemo } from './support';
import { expectAnswers } from '../../support/answers';

jest.setTimeout(120_000);

let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

/** A pod in `namespace`, with the parent or deletion `extra` names. */
function pod(namespace: string, extra: { parent?: string; deleted?: boolean } = {}) {
  return { type: 'Kubernetes::Pod', tags: { namespace }, ...extra };
}

async function insertConfig(
  name: string,
  fields: { type: string; tags: Record<string, string>; parent?: string; deleted?: boolean },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO config_items (name, type, config_class, status, health, tags, parent_id, path, deleted_at)
     VALUES ($1, $2, 'Test', 'Running', 'healthy', $3, $4, $5, $6) RETURNING id`,
    [
      name,
      fields.type,
      JSON.stringify(fields.tags),
      fields.parent ?? null,
      fields.parent ?? null,
      fields.deleted ? new Date().toISOString() : null,
    ],
  );
  return rows[0]!.id;
}

async function insertSend(resourceId: string, status: string, age: number, body = status) {
  await db.query(
    `INSERT INTO notification_send_history
       (notification_id, status, source_event, resource_id, body, created_at, first_observed)
     VALUES ($1, $2, 'config.unhealthy', $3, $4, $5, $5)`,
    [ids.rule, status, resourceId, body, ago(age)],
  );
}

beforeAll(async () => {
  ({ app, db } = await startDemo({ playbookExecutor: false }));
  await signInAll(app, ['admin', 'editor', 'viewer'], cookies);
  const admin = await db.query<{ id: string }>(
    `SELECT id FROM people WHERE email = 'admin@demo.local'`,
  );
  ids.admin = admin.rows[0]!.id;
  const rule = await db.query<{ id: string }>(
    `INSERT INTO notifications (name, namespace, events, filter, person_id, source)
     VALUES ('nt-rule', 'default', ARRAY['config.unhealthy', 'config.healthy', 'config.warning'],
             'config.name.startsWith(''nt-'')', $1, 'UI') RETURNING id`,
    [ids.admin],
  );
  ids.rule = rule.rows[0]!.id;
  ids.parent = await insertConfig('nt-parent', {
    type: 'Kubernetes::Namespace',
    tags: { namespace: 'nt-sandbox', env: 'dev' },
  });
  ids.child = await insertConfig('nt-child-pod', pod('nt-sandbox', { parent: ids.parent }));
  ids.other = await insertConfig('nt-other', pod('prod'));
  ids.deleted = await insertConfig('nt-deleted', pod('prod', { deleted: true }));
  await insertSend(ids.child, 'sent', 1 * HOUR);
  await insertSend(ids.child, 'sent', 3 * HOUR);
  await insertSend(ids.child, 'error', 2 * HOUR);
  await insertSend(ids.child, 'silenced', 4 * HOUR);
  await insertSend(ids.child, 'pending', HOUR / 2, 'child latest');
  await insertSend(ids.parent, 'sent', 5 * HOUR);
  await insertSend(ids.other, 'sent', HOUR / 6);
  await insertSend(ids.other, 'sent', 20 * 24 * HOUR);
  await insertSend(ids.deleted, 'sent', HOUR);
});
afterAll(async () => {
  await app.close();
  await db.close();
});

function post(url: string, role: string | null, payload?: unknown) {
  return postJson(app, url, role ? cookies[role] : undefined, payload);
}

function get(url: string, role: string | null = 'admin') {
  return app.inject({
    method: 'GET',
    url,
    headers: role ? { cookie: cookies[role] as string } : {},
  });
}

interface SummaryRow {
  resource: { id: string; name: string; type: string; tags: Record<string, string> };
  total: number;
  sent: number;
  error: number;
  suppressed: number;
  in_progress: number;
  last_message: string;
  last_seen: string;
  [key: string]: unknown;
}

async function summary(body: Record<string, unknown>) {
  const response = await post('/api/notification/summary', 'viewer', {
    pageIndex: 0,
    pageSize: 50,
    ...body,
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ total: number; results: SummaryRow[] }>();
}

describe('NOTIF-06 send-history summary', () => {
  it('groups the sends per resource, newest first, with the counts per status', async () => {
    const { total, results } = await summary({ search: 'nt-' });
    expect(total).toBe(3);
    expect(results.map((row) => row.resource.name)).toEqual([
      'nt-other',
      'nt-child-pod',
      'nt-parent',
    ]);
    const child = results[1]!;
    expect(child).toMatchObject({
      total: 5,
      sent: 2,
      error: 1,
      suppressed: 1,
      in_progress: 1,
      last_message: 'child latest',
      resource_type: 'Kubernetes::Pod',
      resource_kind: 'config',
    });
    expect(child.resource).toMatchObject({
      id: ids.child,
      name: 'nt-child-pod',
      type: 'Kubernetes::Pod',
      config_class: 'Test',
      tags: { namespace: 'nt-sandbox' },
    });
    expect(Object.keys(child).sort()).toEqual(
      [
        'resource',
        'resource_type',
        'resource_kind',
        'resource_tags',
        'resource_health',
        'resource_status',
        'resource_health_description',
        'first_observed',
        'last_seen',
        'total',
        'last_message',
        'sent',
        'error',
        'suppressed',
        'in_progress',
      ].sort(),
    );
    expect(new Date(child.first_observed as string).getTime()).toBeLessThan(
      new Date(child.last_seen).getTime(),
    );
  });

  it('pages the groups and reports the number of groups as total', async () => {
    const first = await summary({ search: 'nt-', pageSize: 2 });
    expect(first.total).toBe(3);
    expect(first.results.map((row) => row.resource.name)).toEqual(['nt-other', 'nt-child-pod']);
    const second = await summary({ search: 'nt-', pageSize: 2, pageIndex: 1 });
    expect(second.results.map((row) => row.resource.name)).toEqual(['nt-parent']);
  });

  it('caps the page size at 50', async () => {
    const { total, results } = await summary({ pageSize: 500 });
    expect(total).toBeGreaterThan(3);
    expect(results).toHaveLength(Math.min(total, 50));
  });

  it('filters by search prefix, wildcard, tri-state status and type, tags and deleted resources', async () => {
    const names = async (body: Record<string, unknown>) =>
      (await summary(body)).results.map((row) => row.resource.name).sort();
    expect(await names({ search: 'nt-child' })).toEqual(['nt-child-pod']);
    expect(await names({ search: 'child' })).toEqual([]);
    expect(await names({ search: '*child*' })).toEqual(['nt-child-pod']);
    expect(await names({ search: 'nt-', includeDeletedResources: true })).toEqual([
      'nt-child-pod',
      'nt-deleted',
      'nt-other',
      'nt-parent',
    ]);
    expect(await names({ search: 'nt-', status: 'error' })).toEqual(['nt-child-pod']);
    const notSent = await summary({ search: 'nt-', status: '!sent' });
    expect(notSent.results.map((row) => [row.resource.name, row.total])).toEqual([
      ['nt-child-pod', 3],
    ]);
    expect(await names({ search: 'nt-', resourceKind: 'config' })).toHaveLength(3);
    expect(await summary({ search: 'nt-', resourceKind: '!config' })).toEqual({
      total: 0,
      results: [],
    });
    expect(await names({ search: 'nt-', resourceType: 'Kubernetes::Pod' })).toEqual([
      'nt-child-pod',
      'nt-other',
    ]);
    expect(await names({ search: 'nt-', resourceType: '!Kubernetes__Pod' })).toEqual(['nt-parent']);
    expect(await names({ search: 'nt-', tags: 'namespace=nt-sandbox' })).toEqual([
      'nt-child-pod',
      'nt-parent',
    ]);
    expect(await names({ search: 'nt-', tags: 'namespace!=nt-sandbox' })).toEqual(['nt-other']);
    expect(await names({ search: 'nt-', from: 'now-2h' })).toEqual(['nt-child-pod', 'nt-other']);
  });

  it('answers 400 for bodies that do not decode, 401 without a session', async () => {
    const cases: unknown[] = [
      '{not json',
      [1, 2],
      '"text"',
      { pageIndex: '1', pageSize: 10 },
      { pageIndex: 0, pageSize: 1.5 },
      { pageIndex: 0, pageSize: 10, includeDeletedResources: 'yes' },
      { pageIndex: 0, pageSize: 10, status: ['sent'] },
      { pageIndex: 0, pageSize: 10, tags: 'a in (' },
      { pageIndex: 0, pageSize: 10, from: 'yesterday' },
    ];
    for (const body of cases) {
      const response = await post('/api/notification/summary', 'admin', body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toEqual(expect.any(String));
    }
    const field = await post('/api/notification/summary', 'admin', { pageIndex: 'x' });
    expect(field.json<{ error: string }>().error).toContain('pageIndex');
    expect((await post('/api/notification/summary', null, { pageIndex: 0 })).statusCode).toBe(401);
  });
});

interface PreviewRow {
  id: string;
  status: string;
  resource_id: string;
  source_event: string;
  created_at: string;
  body_markdown: string;
  resource: { id: string; name: string };
}

async function preview(query: Record<string, string>) {
  const response = await get(`/api/notification/silence_preview?${new URLSearchParams(query)}`);
  expect(response.statusCode).toBe(200);
  return response.json<PreviewRow[]>();
}

describe('NOTIF-14 silence preview', () => {
  it('lists the sent notifications of the last 15 days about the resource', async () => {
    const rows = await preview({ id: ids.child! });
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.status === 'sent' && row.resource_id === ids.child)).toBe(true);
    expect(rows[0]!.resource).toMatchObject({ id: ids.child, name: 'nt-child-pod' });
    expect(rows[0]!.body_markdown).toBe('sent');
    expect(new Date(rows[0]!.created_at) > new Date(rows[1]!.created_at)).toBe(true);
    expect(await preview({ id: ids.other! })).toHaveLength(1);
    expect(await preview({ id: ids.child!, type: 'component' })).toEqual([]);
  });

  it('follows children with recursive', async () => {
    expect((await preview({ id: ids.parent! })).map((row) => row.resource_id)).toEqual([
      ids.parent,
    ]);
    const recursive = await preview({ id: ids.parent!, type: 'config', recursive: 'true' });
    expect(recursive.map((row) => row.resource_id).sort()).toEqual(
      [ids.parent, ids.child, ids.child].sort(),
    );
  });

  it('matches a CEL filter over the resource', async () => {
    const sandbox = await preview({ filter: "config.tags.namespace == 'nt-sandbox'" });
    expect(sandbox.map((row) => row.resource.name).sort()).toEqual([
      'nt-child-pod',
      'nt-child-pod',
      'nt-parent',
    ]);
    const other = await preview({
      filter:
        "name.startsWith('nt-ot') && config.type in ['Kubernetes::Pod'] && !(health == 'unhealthy')",
    });
    expect(other.map((row) => row.resource_id)).toEqual([ids.other]);
    expect(
      await preview({ filter: "config.name.matches('^nt-child-[a-z]+$') && env == 'dev'" }),
    ).toEqual([]);
    expect(await preview({ filter: "env == 'dev'" })).toHaveLength(1);
  });

  it('matches resource selectors', async () => {
    const rows = await preview({
      selectors: JSON.stringify([
        { types: ['Kubernetes::Pod'], tagSelector: 'namespace=nt-sandbox' },
      ]),
    });
    expect(rows.map((row) => row.resource_id)).toEqual([ids.child, ids.child]);
    const byName = await preview({
      selectors: JSON.stringify([{ name: 'nt-p*' }, { name: 'nt-other' }]),
    });
    expect(byName.map((row) => row.resource.name).sort()).toEqual(['nt-other', 'nt-parent']);
  });

  it('honours limit and answers [] without terms', async () => {
    const one = await preview({ filter: "name.startsWith('nt-')", limit: '1' });
    expect(one.map((row) => row.resource_id)).toEqual([ids.other]);
    expect(await preview({})).toEqual([]);
  });

  it('sorts by created_at, newest first unless sort=asc', async () => {
    const newest = await preview({ filter: "name.startsWith('nt-')" });
    const oldest = await preview({ filter: "name.startsWith('nt-')", sort: 'asc' });
    expect(newest.length).toBeGreaterThan(1);
    expect(oldest.map((row) => row.id)).toEqual(newest.map((row) => row.id).reverse());
    expect(
      (await preview({ filter: "name.startsWith('nt-')", sort: 'desc' })).map((row) => row.id),
    ).toEqual(newest.map((row) => row.id));
    const first = await preview({ filter: "name.startsWith('nt-')", sort: 'asc', limit: '1' });
    expect(first.map((row) => row.id)).toEqual([oldest[0]!.id]);
  });

  it('answers 400 naming the problem for bad input', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ filter: 'config.name ==' }, 'invalid filter'],
      [{ filter: "config.name.explode('x')" }, 'unknown function'],
      [{ filter: "config.name.matches('(')" }, 'regular expression'],
      [{ selectors: '{not json' }, 'invalid selectors'],
      [{ selectors: '{"name":"x"}' }, 'array'],
      [{ selectors: '[{"types":"a","search":"x"}]' }, 'search'],
      [{ selectors: '[{"tagSelector":"a in ("}]' }, 'tagSelector'],
      [{ id: 'nope' }, 'invalid id'],
      [{ id: ids.child!, type: 'pod' }, 'invalid type'],
      [{ filter: 'true', limit: '-1' }, 'invalid limit'],
      [{ filter: 'true', sort: 'created_at' }, 'invalid sort: created_at (expected asc or desc)'],
    ];
    for (const [query, message] of cases) {
      const response = await get(`/api/notification/silence_preview?${new URLSearchParams(query)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(message);
    }
  });
});

async function silencesNamed(name: string) {
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT * FROM notification_silences WHERE name = $1`,
    [name],
  );
  return rows;
}

describe('NOTIF-11 create silence', () => {
  const from = () => new Date(Date.now() - 60_000).toISOString();
  const until = () => new Date(Date.now() + HOUR).toISOString();

  it('creates a UI silence for a resource with the caller as creator, answering an empty 200', async () => {
    const response = await post('/api/notification/silence', 'editor', {
      name: 'nt-silence-config',
      description: 'investigating',
      from: from(),
      until: until(),
      recursive: true,
      source: 'KubernetesCRD',
      config_id: ids.child,
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
    const [row] = await silencesNamed('nt-silence-config');
    const editor = await db.query<{ id: string }>(
      `SELECT id FROM people WHERE email = 'editor@demo.local'`,
    );
    expect(row).toMatchObject({
      config_id: ids.child,
      source: 'UI',
      recursive: true,
      description: 'investigating',
      created_by: editor.rows[0]!.id,
      filter: null,
      selectors: null,
    });
    expect(row!.until).not.toBeNull();
  });

  it('accepts a filter or selectors, and an indefinite until', async () => {
    const filtered = await post('/api/notification/silence', 'admin', {
      name: 'nt-silence-filter',
      from: from(),
      until: null,
      filter: "config.tags.namespace == 'nt-sandbox'",
    });
    expect(filtered.statusCode).toBe(200);
    expect((await silencesNamed('nt-silence-filter'))[0]).toMatchObject({ until: null });
    const selected = await post('/api/notification/silence', 'admin', {
      name: 'nt-silence-selectors',
      from: from(),
      until: until(),
      selectors: [{ types: ['Kubernetes::Job'], tagSelector: 'env=dev' }],
    });
    expect(selected.statusCode).toBe(200);
    expect((await silencesNamed('nt-silence-selectors'))[0]!.selectors).toEqual([
      { types: ['Kubernetes::Job'], tagSelector: 'env=dev' },
    ]);
  });

  it('answers 400 naming the problem', async () => {
    const base = { name: 'nt-bad', from: from(), until: until() };
    const cases: Array<[unknown, string]> = [
      ['{nope', 'not valid JSON'],
      [{ ...base, selectors: '[{"name":"x"}]' }, 'selectors'],
      [{ ...base }, 'one of config_id'],
      [{ ...base, config_id: ids.child, filter: 'true' }, 'only one of config_id, filter'],
      [{ ...base, config_id: ids.child, check_id: ids.child }, 'only one of'],
      [{ ...base, from: until(), until: from(), config_id: ids.child }, 'before `until`'],
      [{ ...base, until: 'tomorrow', config_id: ids.child }, 'until'],
      [{ ...base, filter: 'config.name ==' }, 'filter'],
      [{ ...base, config_id: 'abc' }, 'config_id: invalid id'],
      [{ ...base, config_id: '00000000-0000-0000-0000-0000000000ff' }, 'not found'],
      [{ ...base, recursive: 'yes', config_id: ids.child }, 'recursive'],
      [{ ...base, selectors: [{ search: 'x' }] }, 'selectors[0].search'],
    ];
    for (const [body, message] of cases) {
      const response = await post('/api/notification/silence', 'admin', body);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ error: string }>().error).toContain(message);
    }
    expect(await silencesNamed('nt-bad')).toEqual([]);
  });

  it('needs write access on notifications', async () => {
    const response = await post('/api/notification/silence', 'viewer', {
      name: 'nt-viewer',
      from: from(),
      until: until(),
      config_id: ids.child,
    });
    expect(response.statusCode).toBe(403);
    expect(await silencesNamed('nt-viewer')).toEqual([]);
  });
});

describe('NOTIF-07 .filter rewrites on notification_send_history_summary', () => {
  it('filters by resource name (like on the JSON path), status and resource type', async () => {
    const query = new URLSearchParams({
      select: 'id,resource_id,status,resource',
      order: 'created_at.desc',
      'resource->>name.filter': 'nt-child*',
      'status.filter': 'sent,error',
      'resource_type.filter': 'Kubernetes::Pod',
    });
    const response = await get(`/api/db/notification_send_history_summary?${query}`, 'viewer');
    expect(response.statusCode).toBe(200);
    const rows = response.json<Array<{ resource_id: string; status: string }>>();
    expect(rows.map((row) => row.status).sort()).toEqual(['error', 'sent', 'sent']);
    expect(rows.every((row) => row.resource_id === ids.child)).toBe(true);
    const excluded = new URLSearchParams({
      select: 'id,status',
      'resource->>name.filter': 'nt-child*',
      'status.filter': '!sent',
    });
    const rest = (
      await get(`/api/db/notification_send_history_summary?${excluded}`, 'viewer')
    ).json<Array<{ status: string }>>();
    expect(rest.map((row) => row.status).sort()).toEqual(['error', 'pending', 'silenced']);
    const none = new URLSearchParams({
      select: 'id',
      'resource_type.filter': '!Kubernetes::Pod,!Kubernetes::Node',
    });
    const others = (await get(`/api/db/notification_send_history_summary?${none}`, 'viewer')).json<
      unknown[]
    >();
    const counted = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notification_send_history_summary
        WHERE resource_type NOT IN ('Kubernetes::Pod', 'Kubernetes::Node')`,
    );
    expect(others).toHaveLength(counted.rows[0]!.n);
  });
});

describe("the history filters' options", () => {
  it('lists each tag and each resource type of the resources notified about, once', async () => {
    const tags = (
      await get('/api/db/notification_send_history_resource_tags?select=key,value', 'viewer')
    ).json<Array<{ key: string; value: string }>>();
    const pairs = tags.map((tag) => `${tag.key}=${tag.value}`);
    expect(pairs).toEqual(expect.arrayContaining(['namespace=nt-sandbox', 'namespace=prod']));
    expect(new Set(pairs).size).toBe(pairs.length);
    const types = (
      await get('/api/db/notification_send_history_resource_types?select=resource_type', 'viewer')
    ).json<Array<{ resource_type: string }>>();
    const names = types.map((row) => row.resource_type);
    expect(names).toEqual(expect.arrayContaining(['Kubernetes::Pod', 'Kubernetes::Namespace']));
    expect(names).not.toContain('config');
  });
});

describe('silences apply to the sends the demo produces', () => {
  /** The executor's clock: starts now, moved one second per tick by the test. */
  let clock = new Date();
  let executor: PlaybookExecutor;
  let playbookId: string;

  beforeAll(async () => {
    clock = new Date();
    executor = new PlaybookExecutor(db, {
      now: () => clock,
      onRunFinished: playbookRunNotifier(db),
    });
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO playbooks (name, title, spec, source, category)
       VALUES ('nt-echo', 'nt-echo', $1, 'UI', 'Test') RETURNING id`,
      [
        JSON.stringify({
          configs: [{ types: ['Kubernetes::Pod'] }],
          actions: [{ name: 'say', exec: { script: 'echo ok' } }],
        }),
      ],
    );
    playbookId = rows[0]!.id;
    ids.silencedParent = await insertConfig('nt-dispatch-a', pod('dispatch'));
    ids.silencedChild = await insertConfig(
      'nt-dispatch-a-child',
      pod('dispatch', { parent: ids.silencedParent }),
    );
    ids.loud = await insertConfig('nt-dispatch-b', pod('dispatch'));
  });
  afterAll(() => executor.stop());

  /** Runs the playbook on the config through PB-09 and ticks the executor until it ends. */
  async function runOn(configId: string): Promise<void> {
    const started = await post('/api/playbook/run', 'admin', {
      id: playbookId,
      config_id: configId,
    });
    expect(started.statusCode).toBe(201);
    const runId = started.json<{ run_id: string }>().run_id;
    for (let step = 0; step < 40; step++) {
      const { rows } = await db.query<{ status: string }>(
        'SELECT status FROM playbook_runs WHERE id = $1',
        [runId],
      );
      if (['completed', 'failed', 'timed_out'].includes(rows[0]!.status)) return;
      clock = new Date(clock.getTime() + 1000);
      await executor.tick();
    }
    throw new Error(`run ${runId} did not finish`);
  }

  async function sendsAbout(resourceId: string) {
    const { rows } = await db.query<{
      status: string;
      silenced_by: string | null;
      source_event: string;
      person_id: string | null;
    }>(
      `SELECT status, silenced_by, source_event, person_id FROM notification_send_history
        WHERE resource_id = $1 AND notification_id = $2`,
      [resourceId, ids.rule],
    );
    return rows;
  }

  it('records the send as silenced by the silence covering the resource (and its children), sent otherwise', async () => {
    const created = await post('/api/notification/silence', 'admin', {
      name: 'nt-dispatch-silence',
      from: new Date(clock.getTime() - 60_000).toISOString(),
      until: new Date(clock.getTime() + HOUR).toISOString(),
      recursive: true,
      config_id: ids.silencedParent,
    });
    expect(created.statusCode).toBe(200);
    const expired = await post('/api/notification/silence', 'admin', {
      name: 'nt-dispatch-expired',
      from: new Date(clock.getTime() - 2 * HOUR).toISOString(),
      until: new Date(clock.getTime() - HOUR).toISOString(),
      config_id: ids.loud,
    });
    expect(expired.statusCode).toBe(200);
    const [silence] = await silencesNamed('nt-dispatch-silence');

    await runOn(ids.silencedParent!);
    expect(await sendsAbout(ids.silencedParent!)).toEqual([
      {
        status: 'silenced',
        silenced_by: silence!.id,
        source_event: 'config.healthy',
        person_id: ids.admin,
      },
    ]);
    await runOn(ids.silencedChild!);
    expect(await sendsAbout(ids.silencedChild!)).toEqual([
      expect.objectContaining({ status: 'silenced', silenced_by: silence!.id }),
    ]);
    await runOn(ids.loud!);
    expect(await sendsAbout(ids.loud!)).toEqual([
      { status: 'sent', silenced_by: null, source_event: 'config.healthy', person_id: ids.admin },
    ]);
  });

  it('applies filter and selector silences too', async () => {
    const filtered = await insertConfig('nt-dispatch-c', pod('nt-sandbox'));
    const [byFilter] = await silencesNamed('nt-silence-filter');
    await runOn(filtered);
    expect(await sendsAbout(filtered)).toEqual([
      expect.objectContaining({ status: 'silenced', silenced_by: byFilter!.id }),
    ]);

    await db.query(`UPDATE config_items SET health = 'unhealthy' WHERE id = $1`, [ids.loud]);
    const created = await post('/api/notification/silence', 'admin', {
      name: 'nt-dispatch-selectors',
      from: new Date(clock.getTime() - 60_000).toISOString(),
      until: null,
      selectors: [{ name: 'nt-dispatch-b', healths: ['unhealthy'] }],
    });
    expect(created.statusCode).toBe(200);
    const [silence] = await silencesNamed('nt-dispatch-selectors');
    await runOn(ids.loud!);
    const sends = await sendsAbout(ids.loud!);
    expect(sends).toContainEqual(
      expect.objectContaining({
        status: 'silenced',
        silenced_by: silence!.id,
        source_event: 'config.unhealthy',
      }),
    );
  });
});

describe('the filter evaluator', () => {
  const env = {
    config: { name: 'api-7f9', type: 'Kubernetes::Pod', tags: { env: 'prod' }, replicas: 3 },
    check: {},
    name: 'api-7f9',
    labels: { 'app.kubernetes.io/name': 'api' },
  };
  const value = (source: string) => compileCel(source).evaluate(env);

  it('evaluates the operators, functions and macros filters use', () => {
    expectAnswers(value, [
      ["config.type == 'Kubernetes::Pod' && config.tags.env != 'dev'", true],
      ['false && true || true', true],
      ["!(config.tags.env in ['dev', 'staging'])", true],
      ["'env' in config.tags", true],
      ["labels['app.kubernetes.io/name'] == 'api'", true],
      ["name.startsWith('api') && name.endsWith('9') && name.contains('-7')", true],
      ["config.name.matches('^api-[0-9a-f]+$')", true],
      ['config.replicas >= 3 && size(config.tags) == 1', true],
      ['has(config.tags.env) && !has(config.tags.team)', true],
      ["has(check.name) && check.name == 'x' ? 1 : 2", 2],
    ]);
    // A missing field is an error, as in CEL: the filter does not match.
    expect(() => value('config.missing.deeper')).toThrow('no such key: missing');
    expect(compileCel("check.name == 'x'").test(env)).toBe(false);
  });

  it('rejects what it cannot parse, naming the problem', () => {
    expect(() => compileCel("config.name == 'x")).toThrow('unterminated string');
    expect(() => compileCel('config.name = 1')).toThrow('unexpected');
    expect(() => compileCel('config.name ==')).toThrow('unexpected token: EOF');
    expect(() => compileCel('exec(config)')).toThrow('unknown function "exec"');
    expect(() => compileCel('')).toThrow('empty');
    expect(compileCel('config.name.startsWith(1)').test(env)).toBe(false);
  });
});
