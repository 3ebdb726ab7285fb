import { accountOf, demoSuite } from './support';

jest.setTimeout(60_000);

const { h, as, send } = demoSuite(['admin', 'viewer']);

async function personOf(role: string): Promise<string> {
  const { rows } = await h.db.query<{ id: string }>('SELECT id FROM people WHERE email = $1', [
    accountOf(role).email,
  ]);
  return rows[0]!.id;
}

interface AnalyticsRow {
  person_id: string;
  key: string;
  count: number;
  created_at: string;
  updated_at: string;
}

describe('person_analytics through /api/db', () => {
  it('starts empty in the seed', async () => {
    const { rows } = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM person_analytics',
    );
    expect(rows[0]!.n).toBe(0);
  });

  it("records a key for the signed-in person and counts each repeat in the person's one row", async () => {
    const me = await personOf('viewer');
    const first = await send('POST', '/api/db/person_analytics', as('viewer'), {
      person_id: me,
      key: 'page:/health',
    });
    expect(first.statusCode).toBe(201);
    const again = await send('POST', '/api/db/person_analytics', as('viewer'), {
      person_id: me,
      key: 'page:/health',
    });
    expect(again.statusCode).toBe(201);
    const read = await send(
      'GET',
      '/api/db/person_analytics?key=eq.page:/health&select=person_id,key,count',
      as('viewer'),
    );
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual([{ person_id: me, key: 'page:/health', count: 2 }]);
  });

  it('fills in the caller when the body names no person, and moves updated_at on a repeat', async () => {
    const me = await personOf('admin');
    const post = () =>
      send('POST', '/api/db/person_analytics', as('admin'), { key: 'page:/catalog' });
    /** The caller's row for the page, as stored. */
    const visit = async () =>
      (
        await h.db.query<AnalyticsRow>(
          `SELECT * FROM person_analytics WHERE person_id = $1 AND key = 'page:/catalog'`,
          [me],
        )
      ).rows[0]!;
    expect((await post()).statusCode).toBe(201);
    const before = await visit();
    expect(before.count).toBe(1);
    expect((await post()).statusCode).toBe(201);
    const after = await visit();
    expect(after.count).toBe(2);
    expect(new Date(after.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(before.updated_at).getTime(),
    );
    expect(after.created_at).toEqual(before.created_at);
  });

  it("answers only the caller's own rows, whatever the filters ask", async () => {
    const admin = await personOf('admin');
    const viewer = await personOf('viewer');
    await h.db.query(`INSERT INTO person_analytics (person_id, key) VALUES ($1, 'page:/secret')`, [
      admin,
    ]);
    const asViewer = await send(
      'GET',
      `/api/db/person_analytics?person_id=eq.${admin}&select=key`,
      as('viewer'),
    );
    expect(asViewer.statusCode).toBe(200);
    expect(asViewer.json()).toEqual([]);
    const all = await send('GET', '/api/db/person_analytics?select=person_id', as('viewer'));
    expect(all.json()).toEqual(expect.arrayContaining([{ person_id: viewer }]));
    expect((all.json() as Array<{ person_id: string }>).every((r) => r.person_id === viewer)).toBe(
      true,
    );
  });

  it('refuses a row for somebody else with 403 and writes nothing', async () => {
    const admin = await personOf('admin');
    const res = await send('POST', '/api/db/person_analytics', as('viewer'), {
      person_id: admin,
      key: 'page:/forged',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: '42501' });
    const { rows } = await h.db.query(`SELECT 1 FROM person_analytics WHERE key = 'page:/forged'`);
    expect(rows).toEqual([]);
  });

  it('does not let a person change or delete rows of others', async () => {
    const admin = await personOf('admin');
    await h.db.query(
      `INSERT INTO person_analytics (person_id, key) VALUES ($1, 'page:/kept') ON CONFLICT DO NOTHING`,
      [admin],
    );
    const deleted = await send(
      'DELETE',
      `/api/db/person_analytics?key=eq.page:/kept`,
      as('viewer'),
    );
    expect(deleted.statusCode).toBeLessThan(300);
    const { rows } = await h.db.query(
      `SELECT 1 FROM person_analytics WHERE person_id = $1 AND key = 'page:/kept'`,
      [admin],
    );
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a body that is not JSON', '{"key":', 400],
    ['a row without a key', { person_id: null }, 400],
    ['a person id that is not a uuid', { person_id: 'me', key: 'x' }, 400],
    ['an unknown column', { key: 'x', page: '/x' }, 400],
  ])('answers %s with a JSON 4xx', async (_what, body, status) => {
    const res = await send('POST', '/api/db/person_analytics', as('viewer'), body);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toHaveProperty('message');
  });

  it('answers a malformed filter with a JSON 400', async () => {
    const res = await send('GET', '/api/db/person_analytics?count=gt.many', as('viewer'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });

  it('asks who is calling first', async () => {
    const res = await send('GET', '/api/db/person_analytics', {});
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/plugins and the plugins table', () => {
  it('lists no plugin in the seed, through both', async () => {
    const listed = await send('GET', '/api/plugins', as('viewer'));
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([]);
    const table = await send('GET', '/api/db/plugins?deleted_at=is.null', as('viewer'));
    expect(table.statusCode).toBe(200);
    expect(table.json()).toEqual([]);
  });

  it("lists an installed plugin with its manifest's description and version, not deleted ones", async () => {
    await h.db.query(
      `INSERT INTO plugins (name, namespace, source, spec, plugin_version) VALUES
         ('kubernetes-logs', 'mission-control', 'KubernetesCRD',
          '{"source": "kubernetes-logs", "version": "v0.3.0", "description": "Pod logs",
            "selector": {"types": ["Kubernetes::Pod"]}}', 'v0.3.1'),
         ('postgres', 'default', 'UI', '{"address": "pg-plugin:7000"}', NULL),
         ('removed', 'default', 'UI', '{"version": "v1"}', NULL)`,
    );
    await h.db.query(`UPDATE plugins SET deleted_at = now() WHERE name = 'removed'`);
    const listed = await send('GET', '/api/plugins', as('viewer'));
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual([
      { name: 'postgres' },
      { name: 'kubernetes-logs', description: 'Pod logs', version: 'v0.3.1' },
    ]);
  });

  it('with config_id lists the plugins whose selector matches that config item', async () => {
    const pick = async (type: string) =>
      (
        await h.db.query<{ id: string }>(
          `SELECT id FROM config_items WHERE deleted_at IS NULL AND type ${type} LIMIT 1`,
        )
      ).rows[0]!.id;
    const pod = await pick(`= 'Kubernetes::Pod'`);
    const other = await pick(`<> 'Kubernetes::Pod'`);
    const names = async (id: string) =>
      (
        (await send('GET', `/api/plugins?config_id=${id}`, as('viewer'))).json() as Array<{
          name: string;
        }>
      ).map((p) => p.name);
    expect(await names(pod)).toEqual(['postgres', 'kubernetes-logs']);
    expect(await names(other)).toEqual(['postgres']);
  });

  it.each([
    ['a config_id that is not a uuid', '/api/plugins?config_id=pod-1'],
    ['config_id given twice', '/api/plugins?config_id=a&config_id=b'],
    ['a listing format the demo does not speak', '/api/plugins?format=clicky-rpc'],
  ])('answers %s with a JSON 400', async (_what, url) => {
    const res = await send('GET', url, as('viewer'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('error');
  });

  it('asks who is calling first', async () => {
    expect((await send('GET', '/api/plugins', {})).statusCode).toBe(401);
  });
});
