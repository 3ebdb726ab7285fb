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

  it('makes one answer at a time: reads after a write wait for the one being made, then share one', async () => {
    const reads = new ReadCache(h.db, { refreshMs: 0 });
    let open = () => undefined as void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let computed = 0;
    const compute = async () => {
      computed += 1;
      const answer = computed;
      if (answer === 1) await gate;
      return answer;
    };
    const first = reads.read('one at a time', ['checks'], compute);
    // A write after the first read began: the next reads must not be answered the first answer.
    await h.db.query(`UPDATE checks SET description = description WHERE false`);
    const second = reads.read('one at a time', ['checks'], compute);
    const third = reads.read('one at a time', ['checks'], compute);
    await h.db.query('SELECT 1');
    expect(computed).toBe(1);
    open();
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    expect(computed).toBe(2);
    await reads.close();
  });

  it('computes again after a failure', async () => {
    const reads = new ReadCache(h.db, { refreshMs: 0 });
    let computed = 0;
    const compute = async () => (computed += 1);
    await expect(
      reads.read('fails', ['checks'], () => Promise.reject(new Error('no'))),
    ).rejects.toThrow('no');
    expect(await reads.read('fails', ['checks'], compute)).toBe(1);
    await reads.close();
  });

  it('keeps an answer over a window ending now until a row crosses its bound, with no write', async () => {
    // A change far in the future, past every other row: the only one the window can reach.
    const { at } = await one<{ at: string }>(
      `INSERT INTO config_changes (config_id, change_type, source, summary, created_at)
       SELECT id, 'FutureChange', 'test', 'past every other row', '2100-01-01T00:00:00Z'
         FROM config_items LIMIT 1
       RETURNING to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at`,
    );
    const row = Date.parse(at);
    const day = 86_400_000;
    let clock = row + day - 10_000;
    const reads = new ReadCache(h.db, { refreshMs: 0, now: () => clock });
    const seen: number[] = [];
    // The bound as a moment the server computes, and as SQL's now() - interval.
    const windows = [
      [
        {
          table: 'config_changes',
          column: 'created_at',
          bound: (now: Date) => new Date(now.getTime() - day),
        },
      ],
      [{ table: 'config_changes', column: 'created_at', interval: '1 day' }],
    ] as const;
    for (const [i, window] of windows.entries()) {
      clock = row + day - 10_000;
      let computed = 0;
      const compute = async (now: Date) => {
        seen.push(now.getTime());
        return (computed += 1);
      };
      expect(await reads.read(`window ${i}`, ['config_changes'], compute, window)).toBe(1);
      clock = row + day - 5_000;
      expect(await reads.read(`window ${i}`, ['config_changes'], compute, window)).toBe(1);
      clock = row + day + 1_000;
      expect(await reads.read(`window ${i}`, ['config_changes'], compute, window)).toBe(2);
      expect(await reads.read(`window ${i}`, ['config_changes'], compute, window)).toBe(2);
    }
    // Each answer is made at the moment of its read.
    expect(seen).toEqual([
      row + day - 10_000,
      row + day + 1_000,
      row + day - 10_000,
      row + day + 1_000,
    ]);
    await reads.close();
    await h.db.query(`DELETE FROM config_changes WHERE created_at = $1`, [at]);
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

describe('cached reads over a window ending now change when a row leaves it, with no write', () => {
  // Rows placed so that each leaves (or enters) its window at `boundary`, two seconds after the
  // first reads; the second reads are made once the database's clock is past it.
  let boundary: string;
  let item: string;
  let check: string;
  let dated: string;
  let future: string;
  const first: Record<string, unknown> = {};

  const changesOfItem = async () => {
    const res = await post('/api/catalog/changes', { id: item, recursive: 'none' });
    expect(res.statusCode).toBe(200);
    return res.json<{ total: number }>().total;
  };
  const changesColumn = async () => {
    const res = await get(`/api/db/configs?select=id,changes&id=eq.${item}`, {
      prefer: 'count=exact',
    });
    expect(res.statusCode).toBe(200);
    return res.json<Array<{ changes: number }>>()[0]?.changes;
  };
  const summaryHas = async () => {
    const res = await get('/api/canary/api/summary');
    expect(res.statusCode).toBe(200);
    return res
      .json<{ checks_summary: CheckSummary[] }>()
      .checks_summary.some((c) => c.id === check);
  };
  const ids = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    return res.json<Array<{ id: string }>>().map((row) => row.id);
  };
  const createdBeforeADayAgo = () =>
    ids(`/api/db/configs?select=id&id=eq.${dated}&created_at.filter=<now-1d`);
  const createdBeforeNow = () => ids(`/api/db/configs?select=id&id=eq.${future}&created_at=lt.now`);

  beforeAll(async () => {
    ({ boundary } = await one<{ boundary: string }>(
      `SELECT (now() + interval '2 seconds')::text AS boundary`,
    ));
    const items = await h.db.query<{ id: string }>(
      `SELECT id FROM config_items ci WHERE deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM config_changes cc WHERE cc.config_id = ci.id)
        ORDER BY id LIMIT 3`,
    );
    [item, dated, future] = items.rows.map((row) => row.id) as [string, string, string];
    // Changes of one item that leave the search's default two days and the view's seven.
    await h.db.query(
      `INSERT INTO config_changes (config_id, change_type, source, summary, created_at)
       VALUES ($1, 'Windowed', 'test', 'leaves two days', $2::timestamptz - interval '2 days'),
              ($1, 'Windowed', 'test', 'leaves seven days', $2::timestamptz - interval '7 days')`,
      [item, boundary],
    );
    ({ id: check } = await one<{ id: string }>(
      `UPDATE checks SET deleted_at = $1::timestamptz - interval '3 days'
        WHERE id = (SELECT id FROM checks WHERE deleted_at IS NULL ORDER BY id LIMIT 1)
        RETURNING id`,
      [boundary],
    ));
    await h.db.query(
      `UPDATE config_items SET created_at = $2::timestamptz - interval '1 day' WHERE id = $1`,
      [dated, boundary],
    );
    await h.db.query(`UPDATE config_items SET created_at = $2 WHERE id = $1`, [future, boundary]);

    first.changesOfItem = await changesOfItem();
    first.changesColumn = await changesColumn();
    first.summaryHas = await summaryHas();
    first.createdBeforeADayAgo = await createdBeforeADayAgo();
    first.createdBeforeNow = await createdBeforeNow();
    // Read again at once: kept answers, still the right ones.
    expect(await changesOfItem()).toBe(first.changesOfItem);
    expect(await summaryHas()).toBe(first.summaryHas);

    // Until the boundary (and the second the engine writes date math to) is behind.
    for (;;) {
      const { past } = await one<{ past: boolean }>(
        `SELECT now() > $1::timestamptz + interval '1 second' AS past`,
        [boundary],
      );
      if (past) break;
    }
  });

  it('changes search (CAT-19): a change leaves the default two days', async () => {
    expect(first.changesOfItem).toBe(2 - 1);
    expect(await changesOfItem()).toBe(0);
  });

  it('catalog list (CAT-01): the changes of the last seven days of a config item', async () => {
    expect(first.changesColumn).toBe(2);
    expect(await changesColumn()).toBe(1);
  });

  it('health summary (HEALTH-01): a check deleted three days ago leaves it', async () => {
    expect(first.summaryHas).toBe(true);
    expect(await summaryHas()).toBe(false);
  });

  it('catalog list (CAT-01): date math against now (created_at.filter=<now-1d)', async () => {
    expect(first.createdBeforeADayAgo).toEqual([]);
    expect(await createdBeforeADayAgo()).toEqual([dated]);
  });

  it('catalog list (CAT-01): a plain filter against now (created_at=lt.now)', async () => {
    expect(first.createdBeforeNow).toEqual([]);
    expect(await createdBeforeNow()).toEqual([future]);
  });
});
