import zlib from 'node:zlib';
import { chooseEncoding } from '../../../server/demo/routes/encodedJson';
import { ReadCache } from '../../../server/demo/db/readCache';
import type { CheckSummary } from '../../../server/demo/routes/canary/summary';
import { demoSuite } from './support';

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['admin']);

const get = (url: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers: { cookie: cookies.admin, ...headers } });

const post = (url: string, payload: unknown) =>
  h.app.inject({
    method: 'POST',
    url,
    headers: { cookie: cookies.admin, 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

async function one<T>(sql: string, params: unknown[] = []): Promise<T> {
  const { rows } = await h.db.query<T>(sql, params);
  if (rows[0] === undefined) throw new Error(`no row: ${sql}`);
  return rows[0];
}

describe('ReadCache', () => {
  it('computes an answer once until one of its tables is written, then again', async () => {
    const reads = new ReadCache(h.db, { refreshMs: 0 });
    let computed = 0;
    const compute = async () => (computed += 1);
    expect(await reads.read('k', ['checks'], compute)).toBe(1);
    expect(await reads.read('k', ['checks'], compute)).toBe(1);
    // A write to another table keeps the answer.
    await h.db.query(`UPDATE config_items SET description = description WHERE false`);
    expect(await reads.read('k', ['checks'], compute)).toBe(1);
    await h.db.query(`UPDATE checks SET description = description WHERE false`);
    expect(await reads.read('k', ['checks'], compute)).toBe(2);
    await reads.close();
  });

  it('answers every caller asking at the same time from one computation', async () => {
    const reads = new ReadCache(h.db, { refreshMs: 0 });
    let computed = 0;
    const compute = async () => (computed += 1);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => reads.read('same', ['canaries'], compute)),
    );
    expect(answers).toEqual([1, 1, 1, 1, 1]);
    await reads.close();
  });

  it('computes again an answer older than its longest age, and after a failure', async () => {
    let clock = 0;
    const reads = new ReadCache(h.db, { refreshMs: 0, maxAgeMs: 1000, now: () => clock });
    let computed = 0;
    const compute = async () => (computed += 1);
    expect(await reads.read('aged', ['checks'], compute)).toBe(1);
    clock = 1001;
    expect(await reads.read('aged', ['checks'], compute)).toBe(2);
    await expect(
      reads.read('fails', ['checks'], () => Promise.reject(new Error('no'))),
    ).rejects.toThrow('no');
    expect(await reads.read('fails', ['checks'], compute)).toBe(3);
    await reads.close();
  });

  it('computes again in the background what was read lately and written since', async () => {
    const reads = new ReadCache(h.db, { refreshMs: 0 });
    let computed = 0;
    const compute = async () => (computed += 1);
    await reads.read('hot', ['config_changes'], compute);
    await h.db.query(`UPDATE config_changes SET summary = summary WHERE false`);
    const refreshed = reads.refresh();
    // A read while the refresh makes the answer gets that answer rather than making its own.
    await h.db.query('SELECT 1');
    const during = reads.read('hot', ['config_changes'], compute);
    await refreshed;
    expect(await during).toBe(2);
    expect(computed).toBe(2);
    expect(await reads.read('hot', ['config_changes'], compute)).toBe(2);
    await reads.close();
  });
});

describe('the health summary kept compressed', () => {
  it('answers the same JSON compressed as the caller accepts', async () => {
    const plain = await get('/api/canary/api/summary');
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip', 'deflate'] as const) {
      const res = await get('/api/canary/api/summary', { 'accept-encoding': encoding });
      expect(res.headers['content-encoding']).toBe(encoding);
      const decode = {
        br: zlib.brotliDecompressSync,
        gzip: zlib.gunzipSync,
        deflate: zlib.inflateSync,
      }[encoding];
      expect(JSON.parse(decode(res.rawPayload).toString('utf8'))).toEqual(plain.json());
    }
  });

  it('takes the first of br, gzip and deflate that the caller accepts', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip;q=0.8, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, deflate')).toBe('deflate');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe('cached reads answer what was written before them', () => {
  it('health summary (HEALTH-01): a renamed check', async () => {
    const first = await get('/api/canary/api/summary');
    expect(first.statusCode).toBe(200);
    const [check] = first.json<{ checks_summary: CheckSummary[] }>().checks_summary;
    expect(check).toBeDefined();
    await h.db.query(`UPDATE checks SET name = 'renamed for the cache' WHERE id = $1`, [check?.id]);
    const again = await get('/api/canary/api/summary');
    const renamed = again
      .json<{ checks_summary: CheckSummary[] }>()
      .checks_summary.find((c) => c.id === check?.id);
    expect(renamed?.name).toBe('renamed for the cache');
  });

  it('health summary (HEALTH-01): a new status of a check moves its uptime', async () => {
    const summary = async () =>
      (await post('/api/canary/api/summary', {})).json<{ checks_summary: CheckSummary[] }>()
        .checks_summary;
    const [check] = (await summary()).filter((c) => c.uptime.passed > 0 && !c.deleted_at);
    expect(check).toBeDefined();
    await h.db.query(
      `INSERT INTO check_statuses (check_id, status, time, duration, created_at)
       SELECT $1, true, max(time) + interval '1 second', 10, now() FROM check_statuses WHERE check_id = $1`,
      [check?.id],
    );
    const after = (await summary()).find((c) => c.id === check?.id);
    expect(after?.uptime.passed).toBeGreaterThan(check?.uptime.passed ?? 0);
  });

  it('catalog list (CAT-01): a renamed config item and a renamed agent', async () => {
    const item = await one<{ id: string; agent_id: string }>(
      `SELECT id, agent_id FROM config_items WHERE deleted_at IS NULL AND agent_id IS NOT NULL LIMIT 1`,
    );
    const url = `/api/db/configs?select=id,name&select=agent:agents(id,name)&id=eq.${item.id}`;
    const read = async () => {
      const res = await get(url, { prefer: 'count=exact' });
      expect(res.statusCode).toBe(200);
      return res.json<Array<{ name: string; agent: { name: string } | null }>>()[0];
    };
    await read();
    await h.db.query(`UPDATE config_items SET name = 'renamed item' WHERE id = $1`, [item.id]);
    expect((await read())?.name).toBe('renamed item');
    await h.db.query(`UPDATE agents SET name = 'renamed agent' WHERE id = $1`, [item.agent_id]);
    expect((await read())?.agent?.name).toBe('renamed agent');
  });

  it('catalog list (CAT-01): an item deleted through /api/db leaves the count', async () => {
    const url = '/api/db/configs?select=id&deleted_at=is.null&limit=1';
    const total = async () =>
      Number(
        (await get(url, { prefer: 'count=exact' })).headers['content-range']
          ?.toString()
          .split('/')[1],
      );
    const before = await total();
    const item = await one<{ id: string }>(
      `SELECT id FROM config_items WHERE deleted_at IS NULL ORDER BY id DESC LIMIT 1`,
    );
    const deleted = await h.app.inject({
      method: 'PATCH',
      url: `/api/db/config_items?id=eq.${item.id}`,
      headers: { cookie: cookies.admin, 'content-type': 'application/json' },
      payload: JSON.stringify({ deleted_at: new Date().toISOString() }),
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await total()).toBe(before - 1);
  });

  it('changes search (CAT-19): a change made now', async () => {
    const body = {
      page_size: 5,
      recursive: 'none',
      include_deleted_configs: false,
      sort_by: '-created_at',
    };
    const search = async () => {
      const res = await post('/api/catalog/changes', body);
      expect(res.statusCode).toBe(200);
      return res.json<{ total: number; changes: Array<{ id: string }> }>();
    };
    const before = await search();
    const item = await one<{ id: string }>(
      `SELECT id FROM config_items WHERE deleted_at IS NULL LIMIT 1`,
    );
    const change = await one<{ id: string }>(
      `INSERT INTO config_changes (config_id, change_type, severity, source, summary, created_at)
       VALUES ($1, 'CacheCheck', 'info', 'test', 'a change for the cache', now()) RETURNING id`,
      [item.id],
    );
    const after = await search();
    expect(after.total).toBe(before.total + 1);
    expect(after.changes[0]?.id).toBe(change.id);
  });
});
