import { isDate } from '../../../server/demo/db/values';
import { CHECK_SUMMARY_COLUMNS, demoSuite } from './support';

/**
 * The health-check reads the console sends to `/api/db` (api.md HEALTH-02 … HEALTH-13), with
 * their query strings exactly as documented, against the seeded database.
 */

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['viewer']);

/** A GET as the console's axios client sends it (spaces are percent-encoded by the browser). */
const read = (path: string, prefer = 'return=representation') =>
  h.app.inject({
    method: 'GET',
    url: path.replace(/ /g, '%20'),
    headers: {
      cookie: cookies.viewer,
      accept: 'application/json',
      'content-type': 'application/json',
      prefer,
    },
  });

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await h.db.query<T>(sql, params)).rows;
}

function sameTime(actual: unknown, expected: unknown): void {
  expect(typeof actual).toBe('string');
  if (!isDate(expected)) throw new Error('expected a date');
  expect(new Date(actual as string).toISOString()).toBe(expected.toISOString());
}

/** Check columns the console reads (`endpoint` and `interval` are not columns of checks). */
const CHECK_COLUMNS = [
  'id',
  'canary_id',
  'type',
  'name',
  'namespace',
  'labels',
  'icon',
  'description',
  'status',
  'severity',
  'owner',
  'spec',
  'last_runtime',
  'next_runtime',
  'last_transition_time',
  'created_at',
  'updated_at',
  'agent_id',
];

/**
 * The junction embeds of a check: one per row `sql` links to the check, each holding that row
 * under `key`.
 */
async function expectLinked(embedded: unknown, key: string, sql: string, checkId: string) {
  const linked = await rows<Record<string, unknown>>(sql, [checkId]);
  const embeds = embedded as Array<Record<string, unknown>>;
  expect(embeds).toHaveLength(linked.length);
  expect(embeds.map((embed) => embed[key])).toEqual(expect.arrayContaining(linked));
}

describe('HEALTH-02 check detail with relations', () => {
  it('embeds the canary, the agent, components and configs through their junction tables', async () => {
    const [check] = await rows<{ id: string }>(
      `SELECT c.id FROM checks c
        WHERE EXISTS (SELECT 1 FROM check_component_relationships r WHERE r.check_id = c.id)
          AND EXISTS (SELECT 1 FROM check_config_relationships r WHERE r.check_id = c.id)
        ORDER BY c.id LIMIT 1`,
    );
    const id = check?.id as string;
    const res = await read(
      `/api/db/checks?id=eq.${id}&select=*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id, name),components:check_component_relationships(components(id,name,icon)),configs:check_config_relationships(configs(id,name,type))`,
    );
    expect(res.statusCode).toBe(200);
    const [detail] = res.json<Array<Record<string, unknown>>>();
    for (const column of CHECK_COLUMNS) expect(detail).toHaveProperty(column);
    expect(detail?.id).toBe(id);

    const [canary] = await rows<{ id: string; name: string; source: string }>(
      'SELECT ca.id, ca.name, ca.source FROM canaries ca JOIN checks c ON c.canary_id = ca.id WHERE c.id = $1',
      [id],
    );
    expect(detail?.canaries).toEqual(canary);
    const [agent] = await rows<{ id: string; name: string }>(
      'SELECT a.id, a.name FROM agents a JOIN checks c ON c.agent_id = a.id WHERE c.id = $1',
      [id],
    );
    expect(detail?.agents).toEqual(agent);

    const linkedBy = {
      components: `SELECT co.id, co.name, co.icon FROM check_component_relationships r
         JOIN components co ON co.id = r.component_id WHERE r.check_id = $1`,
      configs: `SELECT ci.id, ci.name, ci.type FROM check_config_relationships r
         JOIN config_items ci ON ci.id = r.config_id WHERE r.check_id = $1`,
    };
    for (const [key, sql] of Object.entries(linkedBy)) {
      await expectLinked(detail?.[key], key, sql, id);
    }
  });

  it('gives empty relation arrays for a check without links', async () => {
    const [check] = await rows<{ id: string }>(
      'SELECT check_id AS id FROM check_component_relationships ORDER BY check_id DESC LIMIT 1',
    );
    if (!check) throw new Error('no linked check');
    await h.db.query('DELETE FROM check_component_relationships WHERE check_id = $1', [check.id]);
    await h.db.query('DELETE FROM check_config_relationships WHERE check_id = $1', [check.id]);
    const res = await read(
      `/api/db/checks?id=eq.${check.id}&select=*,canaries!checks_canary_id_fkey(id,name,source),agents!checks_agent_id_fkey(id, name),components:check_component_relationships(components(id,name,icon)),configs:check_config_relationships(configs(id,name,type))`,
    );
    expect(res.json()[0]).toMatchObject({ components: [], configs: [] });
  });
});

describe('HEALTH-03 and HEALTH-04 check rows', () => {
  it('HEALTH-03 answers exactly id, name, icon, status and type', async () => {
    const [check] = await rows<Record<string, unknown>>(
      'SELECT id, name, icon, status, type FROM checks ORDER BY name LIMIT 1',
    );
    const res = await read(`/api/db/checks?id=eq.${check?.id}&select=id,name,icon,status,type`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([check]);
    const none = await read(
      '/api/db/checks?id=eq.0b6f1c5e-6a51-4c1e-9d4f-2a9a3c0b1d2e&select=id,name,icon,status,type',
    );
    expect(none.json()).toEqual([]);
  });

  it('HEALTH-04 answers the whole row', async () => {
    const [check] = await rows<Record<string, unknown>>(
      'SELECT * FROM checks WHERE silenced_at IS NULL ORDER BY name DESC LIMIT 1',
    );
    const res = await read(`/api/db/checks?id=eq.${check?.id}`);
    const [row] = res.json<Array<Record<string, unknown>>>();
    expect(Object.keys(row ?? {}).sort()).toEqual(Object.keys(check ?? {}).sort());
    expect(row).toMatchObject({
      id: check?.id,
      name: check?.name,
      labels: check?.labels,
      spec: check?.spec,
      status: check?.status,
    });
    sameTime(row?.last_runtime, check?.last_runtime);
    sameTime(row?.last_transition_time, check?.last_transition_time);
  });
});

describe('HEALTH-05 check status history', () => {
  async function historyCheck() {
    const [row] = await rows<{ id: string }>(
      `SELECT check_id AS id FROM check_statuses GROUP BY check_id
       HAVING count(*) FILTER (WHERE NOT status) > 0 AND count(*) > 60 ORDER BY check_id LIMIT 1`,
    );
    if (!row) throw new Error('no check with a long history');
    return row.id;
  }

  it('pages newest first with a Content-Range total', async () => {
    const id = await historyCheck();
    const since = new Date(Date.now() - 7 * 24 * 3_600_000);
    since.setMinutes(0, 0, 0);
    const iso = since.toISOString();
    const [count] = await rows<{ n: number }>(
      'SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1 AND time > $2',
      [id, iso],
    );
    const first = await read(
      `/api/db/check_statuses?check_id=eq.${id}&time=gt.${iso}&order=time.desc&limit=50&offset=0`,
      'count=exact',
    );
    // A partial range of the total is PostgREST's 206.
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`0-49/${count?.n}`);
    const page = first.json<Array<Record<string, unknown>>>();
    expect(page).toHaveLength(50);
    for (const row of page) {
      expect(row).toEqual(
        expect.objectContaining({
          check_id: id,
          time: expect.any(String),
          status: expect.any(Boolean),
          duration: expect.any(Number),
        }),
      );
      expect(row).toHaveProperty('message');
      expect(row).toHaveProperty('error');
    }
    const times = page.map((r) => Date.parse(r.time as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const second = await read(
      `/api/db/check_statuses?check_id=eq.${id}&time=gt.${iso}&order=time.desc&limit=50&offset=50`,
      'count=exact',
    );
    const rest = Math.min(50, (count?.n ?? 0) - 50);
    expect(second.headers['content-range']).toBe(`50-${49 + rest}/${count?.n}`);
    const last = Date.parse(page[49]?.time as string);
    expect(Date.parse(second.json()[0].time)).toBeLessThan(last);
  });

  it.each([
    ['1', true],
    ['0', false],
  ])('filters status=eq.%s', async (flag, passed) => {
    const id = await historyCheck();
    const iso = new Date(Date.now() - 30 * 24 * 3_600_000).toISOString();
    const res = await read(
      `/api/db/check_statuses?check_id=eq.${id}&time=gt.${iso}&order=time.desc&status=eq.${flag}&limit=50&offset=0`,
      'count=exact',
    );
    const [count] = await rows<{ n: number }>(
      'SELECT count(*)::int AS n FROM check_statuses WHERE check_id = $1 AND time > $2 AND status = $3',
      [id, iso, passed],
    );
    expect(res.statusCode).toBe((count?.n ?? 0) > 50 ? 206 : 200);
    const list = res.json<Array<{ status: boolean }>>();
    expect(list.length).toBe(Math.min(50, count?.n ?? 0));
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((r) => r.status === passed)).toBe(true);
    expect(res.headers['content-range']).toMatch(new RegExp(`/${count?.n}$`));
  });

  it('filters duration=gte.{ms} together with the status', async () => {
    const id = await historyCheck();
    const iso = new Date(Date.now() - 30 * 24 * 3_600_000).toISOString();
    const res = await read(
      `/api/db/check_statuses?check_id=eq.${id}&time=gt.${iso}&order=time.desc&status=eq.0&duration=gte.1000&limit=50&offset=0`,
      'count=exact',
    );
    const [count] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM check_statuses
        WHERE check_id = $1 AND time > $2 AND status = false AND duration >= 1000`,
      [id, iso],
    );
    expect(res.statusCode).toBe((count?.n ?? 0) > 50 ? 206 : 200);
    const list = res.json<Array<{ status: boolean; duration: number }>>();
    expect(list.length).toBe(Math.min(50, count?.n ?? 0));
    expect(list.every((r) => !r.status && r.duration >= 1000)).toBe(true);
  });

  it('answers */0 for an empty page', async () => {
    const res = await read(
      `/api/db/check_statuses?check_id=eq.0b6f1c5e-6a51-4c1e-9d4f-2a9a3c0b1d2e&time=gt.${new Date().toISOString()}&order=time.desc&limit=50&offset=0`,
      'count=exact',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
    expect(res.headers['content-range']).toBe('*/0');
  });
});

describe('HEALTH-09 canary spec', () => {
  it('answers id, source, spec, name and namespace', async () => {
    const [canary] = await rows<Record<string, unknown>>(
      'SELECT id, source, spec, name, namespace FROM canaries ORDER BY name LIMIT 1',
    );
    const res = await read(
      `/api/db/canaries?id=eq.${canary?.id}&select=id,source,spec,name,namespace`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([canary]);
  });
});

describe('HEALTH-10 checks of a component', () => {
  it('lists the linked checks with the documented columns', async () => {
    const [link] = await rows<{ component_id: string }>(
      `SELECT component_id FROM check_component_relationships WHERE deleted_at IS NULL
        GROUP BY component_id ORDER BY count(*) DESC, component_id LIMIT 1`,
    );
    const componentId = link?.component_id as string;
    const res = await read(`/api/db/checks_by_component?component_id=eq.${componentId}`);
    expect(res.statusCode).toBe(200);
    const list = res.json<Array<Record<string, unknown>>>();
    const expected = await rows<{ id: string }>(
      `SELECT check_id AS id FROM check_component_relationships
        WHERE component_id = $1 AND deleted_at IS NULL`,
      [componentId],
    );
    expect(list.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
    for (const row of list) {
      expect(Object.keys(row).sort()).toEqual(['component_id', ...CHECK_SUMMARY_COLUMNS].sort());
      expect(row.component_id).toBe(componentId);
    }
  });
});

describe('HEALTH-11, 12, 13 pickers', () => {
  it('HEALTH-11 check_names lists live, unsilenced checks as {id, name, canary_id, status, type}', async () => {
    const res = await read('/api/db/check_names');
    expect(res.statusCode).toBe(200);
    const list = res.json<Array<Record<string, unknown>>>();
    const expected = await rows<{ id: string }>(
      'SELECT id FROM checks WHERE deleted_at IS NULL AND silenced_at IS NULL',
    );
    expect(list.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
    for (const row of list) {
      expect(Object.keys(row).sort()).toEqual(['canary_id', 'id', 'name', 'status', 'type']);
    }
  });

  it('HEALTH-12 canary_names lists live canaries with id and name', async () => {
    const res = await read('/api/db/canary_names');
    expect(res.statusCode).toBe(200);
    const list = res.json<Array<{ id: string; name: string }>>();
    const expected = await rows<{ id: string; name: string }>(
      'SELECT id, name FROM canaries WHERE deleted_at IS NULL',
    );
    expect(list.map((r) => r.id).sort()).toEqual(expected.map((r) => r.id).sort());
    for (const row of list) {
      expect(row).toEqual(
        expect.objectContaining({ id: expect.any(String), name: expect.any(String) }),
      );
    }
  });

  it('HEALTH-13 checks_labels_keys lists each label key once as {key}', async () => {
    const res = await read('/api/db/checks_labels_keys');
    expect(res.statusCode).toBe(200);
    const list = res.json<Array<{ key: string }>>();
    const keys = await rows<{ key: string }>(
      `SELECT DISTINCT k AS key FROM checks, jsonb_object_keys(labels) k
        WHERE jsonb_typeof(labels) = 'object'`,
    );
    expect(list.length).toBe(keys.length);
    expect(new Set(list.map((r) => r.key)).size).toBe(list.length);
    for (const row of list) expect(Object.keys(row)).toEqual(['key']);
    expect(list.map((r) => r.key.replace(/^label:/, '')).sort()).toEqual(
      keys.map((r) => r.key).sort(),
    );
  });
});
