import type { FastifyInstance } from 'fastify';
import type { SqlClient } from '../../../server/demo/db/types';
import { type DemoHarness, signIn, startDemo } from './support';

jest.setTimeout(120_000);

let demo: DemoHarness;
let app: FastifyInstance;
let db: SqlClient;
const cookies: Record<string, string> = {};
const ids: Record<string, string> = {};

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A request as the console's axios clients send it (Prefer: return=representation). */
function call(method: Method, url: string, role: string, body?: unknown, prefer?: string) {
  return app.inject({
    method,
    url,
    headers: {
      accept: 'application/json',
      prefer: prefer ?? 'return=representation',
      cookie: cookies[role] ?? '',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

beforeAll(async () => {
  demo = await startDemo();
  app = demo.app;
  db = demo.db;
  for (const role of ['admin', 'editor', 'viewer']) cookies[role] = await signIn(app, role);
  const { rows } = await db.query<{ id: string; email: string }>(
    `SELECT id, email FROM people WHERE email IN ('admin@demo.local', 'editor@demo.local', 'viewer@demo.local')`,
  );
  for (const row of rows) ids[row.email.split('@')[0]!] = row.id;
  const team = await db.query<{ id: string }>(
    `INSERT INTO teams (name, icon, spec, source, created_by)
     VALUES ('ed-team', 'group', '{}', 'UI', $1) RETURNING id`,
    [ids.admin],
  );
  ids.team = team.rows[0]!.id;
  const other = await db.query<{ id: string }>(
    `INSERT INTO teams (name, icon, spec, source, created_by)
     VALUES ('ed-other-team', 'group', '{}', 'UI', $1) RETURNING id`,
    [ids.admin],
  );
  ids.otherTeam = other.rows[0]!.id;
});

afterAll(async () => {
  await demo.close();
});

describe('team members (AUTH-20..22)', () => {
  it('adds members in bulk from a JSON array, lists them with the person embedded, removes one', async () => {
    const added = await call('POST', '/api/db/team_members', 'editor', [
      { team_id: ids.team, person_id: ids.viewer },
      { team_id: ids.team, person_id: ids.editor },
    ]);
    expect(added.statusCode).toBe(201);
    expect(added.json()).toHaveLength(2);
    await call('POST', '/api/db/team_members', 'editor', [
      { team_id: ids.otherTeam, person_id: ids.viewer },
    ]);

    const listed = await call(
      'GET',
      `/api/db/team_members?team_id=eq.${ids.team}&select=*,person_id(*)`,
      'viewer',
    );
    expect(listed.statusCode).toBe(200);
    const members =
      listed.json<
        Array<{ team_id: string; person_id: { id: string; name: string; email: string } }>
      >();
    expect(members.map((m) => m.person_id.email).sort()).toEqual([
      'editor@demo.local',
      'viewer@demo.local',
    ]);
    expect(members[0]).toMatchObject({ team_id: ids.team, person_id: { id: expect.any(String) } });
    expect(members[0]!.person_id).toHaveProperty('name');

    // No team_id filter: the person leaves every team (api.md §23.13).
    const removed = await call(
      'DELETE',
      `/api/db/team_members?person_id=eq.${ids.viewer}`,
      'editor',
    );
    expect(removed.statusCode).toBe(200);
    const gone = removed.json<Array<{ team_id: string; person_id: string }>>();
    expect(gone.every((row) => row.person_id === ids.viewer)).toBe(true);
    expect(gone.map((row) => row.team_id)).toEqual(
      expect.arrayContaining([ids.team, ids.otherTeam]),
    );
    const { rows: left } = await db.query(`SELECT 1 FROM team_members WHERE person_id = $1`, [
      ids.viewer,
    ]);
    expect(left).toEqual([]);
    const { rows } = await db.query<{ team_id: string; person_id: string }>(
      `SELECT team_id, person_id FROM team_members WHERE team_id = ANY($1::uuid[])`,
      [[ids.team, ids.otherTeam]],
    );
    expect(rows).toEqual([{ team_id: ids.team, person_id: ids.editor }]);
  });

  it('refuses member changes to a viewer with 403', async () => {
    const add = await call('POST', '/api/db/team_members', 'viewer', [
      { team_id: ids.team, person_id: ids.viewer },
    ]);
    expect(add.statusCode).toBe(403);
    const remove = await call(
      'DELETE',
      `/api/db/team_members?person_id=eq.${ids.editor}`,
      'viewer',
    );
    expect(remove.statusCode).toBe(403);
    const { rows } = await db.query(`SELECT 1 FROM team_members WHERE team_id = $1`, [ids.team]);
    expect(rows).toHaveLength(1);
  });
});

type MalformedCase = [name: string, method: Method, url: string, body: () => unknown];

describe('malformed input', () => {
  it.each<MalformedCase>([
    ['a member without a person', 'POST', '/api/db/team_members', () => [{ team_id: ids.team }]],
    [
      'a member of a team that does not exist',
      'POST',
      '/api/db/team_members',
      () => [{ team_id: '00000000-0000-0000-0000-00000000abcd', person_id: ids.viewer }],
    ],
    [
      'a canary spec that is a string',
      'POST',
      '/api/db/canaries',
      () => ({
        name: 'ed-bad-spec',
        namespace: 'default',
        spec: 'http: []',
      }),
    ],
    [
      'a canary spec set to null',
      'PATCH',
      '/api/db/canaries?deleted_at=is.null',
      () => ({
        spec: null,
      }),
    ],
    [
      'a scraper without a spec',
      'POST',
      '/api/db/config_scrapers',
      () => ({
        name: 'ed-no-spec',
        source: 'UI',
      }),
    ],
    [
      'a team id that is not a uuid',
      'GET',
      '/api/db/team_members?team_id=eq.nope&select=*,person_id(*)',
      () => undefined,
    ],
  ])('answers %s with a 4xx JSON error', async (_, method, url, body) => {
    const response = await call(method, url, 'admin', body());
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
  });

  it('answers a body that is not JSON with a 4xx', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/db/canaries',
      headers: { cookie: cookies.admin!, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('job history (JOB-01, JOB-02)', () => {
  it('answers the settings page request with the filter extension, range and duration', async () => {
    const to = new Date();
    const from = new Date(to.getTime() - 2 * 86_400_000);
    const canary = await db.query<{ id: string }>(
      `SELECT id FROM canaries WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    const canaryId = canary.rows[0]!.id;
    await db.query(
      `INSERT INTO job_history (name, status, resource_type, resource_id, duration_millis,
                                success_count, error_count, details, time_start, time_end, created_at)
       VALUES ('Canary', 'SUCCESS', 'canary', $1, 20000, 3, 0, '{}', now() - interval '1 hour',
               now() - interval '1 hour' + interval '20 seconds', now() - interval '1 hour'),
              ('Canary', 'SUCCESS', 'canary', $1, 900, 3, 0, '{}', now() - interval '1 hour',
               now() - interval '1 hour', now() - interval '1 hour'),
              ('Canary', 'FAILED', 'canary', $1, 30000, 1, 2, '{"errors":["x"]}',
               now() - interval '1 hour', now(), now() - interval '1 hour')`,
      [canaryId],
    );
    const url =
      `/api/db/job_histories?&select=*&limit=150&offset=0&resource_type.filter=canary` +
      `&status.filter=SUCCESS:-1&order=created_at.desc` +
      `&and=(created_at.gt.${from.toISOString()},created_at.lt.${to.toISOString()})` +
      `&duration_millis=gte.15000`;
    // The console turns the tri-state `SUCCESS:-1` into `!SUCCESS` before sending.
    const response = await call(
      'GET',
      url.replace('status.filter=SUCCESS:-1', 'status.filter=!SUCCESS'),
      'viewer',
      undefined,
      'count=exact',
    );
    expect(response.statusCode).toBe(200);
    const rows = response.json<
      Array<{
        resource_type: string;
        status: string;
        duration_millis: number;
        created_at: string;
        resource_name: string;
        agent: { id: string; name: string };
      }>
    >();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.resource_type).toBe('canary');
      expect(row.status).not.toBe('SUCCESS');
      expect(row.duration_millis).toBeGreaterThanOrEqual(15000);
      expect(new Date(row.created_at).getTime()).toBeGreaterThan(from.getTime());
    }
    const ours = rows.find((row) => row.status === 'FAILED' && row.duration_millis === 30000);
    expect(ours).toMatchObject({ agent: { id: expect.any(String) } });
    expect(typeof ours!.resource_name).toBe('string');
    expect(response.headers['content-range']).toMatch(/^\d+-\d+\/\d+$|^\*\/0$/);
  });

  it('names the team a team job ran for, not its id', async () => {
    const response = await call(
      'GET',
      '/api/db/job_histories?select=resource_id,resource_name&resource_type=eq.team&limit=5',
      'viewer',
    );
    const rows = response.json<Array<{ resource_id: string; resource_name: string }>>();
    expect(rows.length).toBeGreaterThan(0);
    const { rows: teams } = await db.query<{ id: string; name: string }>(
      'SELECT id::text, name FROM teams',
    );
    const names = new Map(teams.map((team) => [team.id, team.name]));
    for (const row of rows) expect(row.resource_name).toBe(names.get(row.resource_id));
  });

  it('lists the job names (JOB-02)', async () => {
    const response = await call('GET', '/api/db/job_history_names?order=name.asc', 'viewer');
    expect(response.statusCode).toBe(200);
    const names = response.json<Array<{ name: string }>>().map((row) => row.name);
    expect(names).toEqual([...names].sort());
    expect(names).toEqual(expect.arrayContaining(['Canary', 'Scraper']));
  });

  it('holds the three error shapes, scrape summaries and reconcile summaries', async () => {
    const { rows } = await db.query<{ shape: string }>(
      `SELECT DISTINCT jsonb_typeof(details -> 'errors') AS shape FROM job_history
        WHERE details ? 'errors'`,
    );
    expect(rows.map((row) => row.shape).sort()).toEqual(['array', 'object', 'string']);
    const { rows: maps } = await db.query<{ errors: Record<string, unknown> }>(
      `SELECT details -> 'errors' AS errors FROM job_history
        WHERE jsonb_typeof(details -> 'errors') = 'object' LIMIT 5`,
    );
    for (const map of maps) {
      for (const value of Object.values(map.errors)) expect(typeof value).toBe('string');
    }
    const { rows: kinds } = await db.query<{ scrape: boolean; summary: boolean }>(
      `SELECT bool_or(details ? 'scrape_summary') AS scrape, bool_or(details ? 'summary') AS summary
         FROM job_history`,
    );
    expect(kinds[0]).toEqual({ scrape: true, summary: true });
    // Scrape summaries have config-db's shape: counts per config type, zero counts left out.
    const { rows: summaries } = await db.query<{ summary: Record<string, unknown> }>(
      `SELECT details -> 'scrape_summary' AS summary FROM job_history
        WHERE details ? 'scrape_summary' LIMIT 50`,
    );
    expect(summaries.length).toBeGreaterThan(0);
    for (const { summary } of summaries) {
      expect(Object.keys(summary)).toEqual(['config_types']);
      for (const counts of Object.values(summary.config_types as object)) {
        for (const [key, n] of Object.entries(counts as Record<string, number>)) {
          expect(['added', 'updated', 'unchanged', 'changes', 'deleted']).toContain(key);
          expect(n).toBeGreaterThan(0);
        }
      }
    }
  });
});

describe('generic settings resources (§21)', () => {
  const listOf = (relation: string, extra = '') =>
    `/api/db/${relation}?select=*,created_by(id,name,avatar)${extra}&order=created_at.desc&deleted_at=is.null&limit=100`;

  const JOB_COLUMNS = [
    'job_name',
    'job_success_count',
    'job_error_count',
    'job_details',
    'job_hostname',
    'job_duration_millis',
    'job_resource_type',
    'job_status',
    'job_time_start',
    'job_time_end',
    'job_created_at',
    'job_last_failed',
  ];
  /** The columns of a topology or a canary, beside its job's. */
  const SCHEDULED_COLUMNS = [
    'id',
    'name',
    'namespace',
    'spec',
    'labels',
    'schedule',
    'source',
    'agent_id',
    'last_runtime',
  ];

  it.each([
    ['teams_with_status', '', ['id', 'name', 'icon', 'spec', 'source', ...JOB_COLUMNS]],
    [
      'topologies_with_status',
      ',agent:agent_id(id,name,description)',
      [...SCHEDULED_COLUMNS, ...JOB_COLUMNS],
    ],
    ['incident_rules', '', ['id', 'name', 'spec', 'source']],
    [
      'config_scrapers_with_status',
      '',
      [
        'id',
        'name',
        'namespace',
        'spec',
        'source',
        'agent_id',
        'schedule',
        'last_runtime',
        'agent',
        ...JOB_COLUMNS,
      ],
    ],
    ['canaries_with_status', '', [...SCHEDULED_COLUMNS, 'agent', ...JOB_COLUMNS]],
  ])('lists %s with the columns the console reads', async (relation, extra, columns) => {
    const response = await call('GET', listOf(relation, extra), 'viewer');
    expect(response.statusCode).toBe(200);
    const rows = response.json<Array<Record<string, unknown>>>();
    expect(rows.length).toBeGreaterThan(0);
    for (const column of [...columns, 'created_at', 'updated_at', 'created_by']) {
      expect(rows[0]).toHaveProperty(column);
    }
    const stamps = rows.map((row) => String(row.created_at));
    expect(stamps).toEqual([...stamps].sort().reverse());
    const creator = rows.find((row) => row.created_by !== null)?.created_by;
    if (creator !== undefined)
      expect(Object.keys(creator as object).sort()).toEqual(['avatar', 'id', 'name']);
    if (extra) {
      const agent = rows[0]!.agent as Record<string, unknown>;
      expect(Object.keys(agent).sort()).toEqual(['description', 'id', 'name']);
    }
  });

  it.each([
    ['teams', { name: 'ed-new-team', icon: 'group', spec: {} }],
    ['incident_rules', { name: 'ed-rule', spec: { priority: 1 } }],
    [
      'config_scrapers',
      { name: 'ed-scraper', source: 'UI', spec: { kubernetes: [{ clusterName: 'demo' }] } },
    ],
    [
      'topologies',
      { name: 'ed-topology', namespace: 'default', labels: { a: 'b' }, spec: { components: [] } },
    ],
    [
      'canaries',
      {
        name: 'ed-canary',
        namespace: 'default',
        labels: { a: 'b' },
        spec: { http: [{ name: 'ed-c', url: 'https://x' }] },
      },
    ],
  ])('creates, updates and soft-deletes %s', async (table, values) => {
    const created = await call('POST', `/api/db/${table}`, 'admin', {
      ...values,
      created_by: ids.admin,
    });
    expect(created.statusCode).toBe(201);
    const [row] = created.json<Array<Record<string, unknown>>>();
    expect(row).toMatchObject({ ...values, created_by: ids.admin });
    const id = row!.id as string;

    const detail = await call('GET', `/api/db/${table}?id=eq.${id}`, 'viewer');
    expect(detail.json()).toHaveLength(1);

    const updated = await call('PATCH', `/api/db/${table}?id=eq.${id}`, 'admin', {
      ...row,
      name: `${values.name}-renamed`,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Array<{ name: string }>>()[0]!.name).toBe(`${values.name}-renamed`);

    const deleted = await call('PATCH', `/api/db/${table}?id=eq.${id}`, 'admin', {
      deleted_at: 'now()',
    });
    expect(deleted.statusCode).toBe(200);
    const after = await call('GET', `/api/db/${table}?id=eq.${id}&deleted_at=is.null`, 'viewer');
    expect(after.json()).toEqual([]);
  });

  it('refuses a viewer creating a team', async () => {
    const response = await call('POST', '/api/db/teams', 'viewer', {
      name: 'ed-viewer-team',
      created_by: ids.viewer,
    });
    expect(response.statusCode).toBe(403);
  });
});
