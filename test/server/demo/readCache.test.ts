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

describe('the access review kept (issue 38)', () => {
  interface Options {
    users: Array<{ external_user_id: string; user: string }>;
    groups: Array<{ external_group_id: string; group: string }>;
    roles: Array<{ role: string }>;
  }

  const rowsOf = async <T>(path: string): Promise<T[]> => {
    const res = await get(`/api/db/${path}`, { prefer: 'count=exact' });
    expect(res.statusCode).toBeLessThan(300);
    return res.json<T[]>();
  };
  const options = async (query = '') => {
    const res = await get(`/api/db/rpc/config_access_filter_options${query}`);
    expect(res.statusCode).toBe(200);
    return res.json<Options>();
  };
  const userRow = (id: string) =>
    rowsOf<{ user: string; access_count: number; last_signed_in_at: string | null }>(
      `config_access_summary_by_user?external_user_id=eq.${id}`,
    ).then((found) => found[0]);
  const groupRow = (id: string) =>
    rowsOf<{ group: string; distinct_users: number }>(
      `config_access_summary_by_group?external_group_id=eq.${id}`,
    ).then((found) => found[0]);
  const itemRow = (id: string) =>
    rowsOf<{ config_name: string; last_signed_in_at: string | null }>(
      `config_access_summary_by_config?config_id=eq.${id}`,
    ).then((found) => found[0]);

  /** Runs `sql` with the statement triggers off, so that no version moves: a kept answer stays. */
  const unversioned = async (sql: string, params: unknown[]) => {
    await h.db.query(`SET session_replication_role = replica`);
    try {
      await h.db.query(sql, params);
    } finally {
      await h.db.query(`SET session_replication_role = DEFAULT`);
    }
  };

  /** A user granted access directly, with no group. */
  const directUser = () =>
    one<{ id: string; config_id: string }>(
      `SELECT eu.id, ca.config_id FROM external_users eu
         JOIN config_access ca ON ca.external_user_id = eu.id AND ca.deleted_at IS NULL
        WHERE eu.deleted_at IS NULL ORDER BY eu.id LIMIT 1`,
    );

  it('answers a kept read again until one of its tables is written', async () => {
    const user = await directUser();
    const before = await userRow(user.id);
    expect(before?.user).toBeDefined();
    const byItem = await itemRow(user.config_id);
    const listed = await options();
    // Changed behind the versions' back: the kept answers are answered again.
    await unversioned(`UPDATE external_users SET name = 'kept name' WHERE id = $1`, [user.id]);
    await unversioned(`UPDATE config_items SET name = 'kept item' WHERE id = $1`, [user.config_id]);
    expect((await userRow(user.id))?.user).toBe(before?.user);
    expect((await itemRow(user.config_id))?.config_name).toBe(byItem?.config_name);
    expect(await options()).toEqual(listed);
    // A write that moves the versions: the next reads are made again.
    await h.db.query(`UPDATE external_users SET name = name WHERE id = $1`, [user.id]);
    expect((await userRow(user.id))?.user).toBe('kept name');
    expect((await itemRow(user.config_id))?.config_name).toBe('kept item');
    expect((await options()).users.find((u) => u.external_user_id === user.id)?.user).toBe(
      'kept name',
    );
  });

  it('does not keep a read that embeds a relation it does not list', async () => {
    const user = await directUser();
    const url = `config_access_summary?select=external_user_id,user,config_items(name)&external_user_id=eq.${user.id}&limit=1`;
    expect((await rowsOf<{ user: string }>(url))[0]?.user).toBeDefined();
    await unversioned(`UPDATE external_users SET name = 'embedded read' WHERE id = $1`, [user.id]);
    expect((await rowsOf<{ user: string }>(url))[0]?.user).toBe('embedded read');
  });

  it('a new grant (config_access) and a sign-in (config_access_logs)', async () => {
    const user = await directUser();
    const before = await userRow(user.id);
    const item = await one<{ id: string; scraper_id: string }>(
      `SELECT ci.id, ca.scraper_id FROM config_items ci, config_access ca
        WHERE ci.deleted_at IS NULL AND ca.external_user_id = $1 AND ca.scraper_id IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM config_access other
                           WHERE other.config_id = ci.id AND other.external_user_id = $1)
        ORDER BY ci.id LIMIT 1`,
      [user.id],
    );
    await h.db.query(
      `INSERT INTO config_access (config_id, external_user_id, scraper_id, created_at)
       VALUES ($1, $2, $3, now())`,
      [item.id, user.id, item.scraper_id],
    );
    expect((await userRow(user.id))?.access_count).toBe((before?.access_count ?? 0) + 1);
    expect((await itemRow(item.id))?.last_signed_in_at).toBeNull();
    await h.db.query(
      `INSERT INTO config_access_logs (config_id, external_user_id, scraper_id, created_at)
       VALUES ($1, $2, $3, '2100-01-01T00:00:00Z')`,
      [item.id, user.id, item.scraper_id],
    );
    expect(Date.parse((await itemRow(item.id))?.last_signed_in_at ?? '')).toBe(
      Date.parse('2100-01-01T00:00:00Z'),
    );
  });

  it('a renamed group (external_groups), a new member (external_user_groups) and a renamed role (external_roles)', async () => {
    const group = await one<{ id: string; scraper_id: string }>(
      `SELECT g.id, g.scraper_id FROM external_groups g
        WHERE EXISTS (SELECT 1 FROM config_access ca
                       WHERE ca.external_group_id = g.id AND ca.deleted_at IS NULL)
          AND EXISTS (SELECT 1 FROM external_user_groups m
                       WHERE m.external_group_id = g.id AND m.deleted_at IS NULL)
        ORDER BY g.id LIMIT 1`,
    );
    const before = await groupRow(group.id);
    await h.db.query(`UPDATE external_groups SET name = 'renamed group' WHERE id = $1`, [group.id]);
    expect((await groupRow(group.id))?.group).toBe('renamed group');
    expect((await options()).groups.some((g) => g.group === 'renamed group')).toBe(true);

    const outsider = await one<{ id: string }>(
      `SELECT id FROM external_users eu WHERE deleted_at IS NULL
          AND NOT EXISTS (SELECT 1 FROM external_user_groups m
                           WHERE m.external_user_id = eu.id AND m.external_group_id = $1)
        ORDER BY id LIMIT 1`,
      [group.id],
    );
    await h.db.query(
      `INSERT INTO external_user_groups (external_user_id, external_group_id, scraper_id, created_at)
       VALUES ($1, $2, $3, now())`,
      [outsider.id, group.id, group.scraper_id],
    );
    expect((await groupRow(group.id))?.distinct_users).toBe((before?.distinct_users ?? 0) + 1);

    const role = await one<{ id: string }>(
      `SELECT external_role_id AS id FROM config_access
        WHERE external_role_id IS NOT NULL AND deleted_at IS NULL ORDER BY id LIMIT 1`,
    );
    expect((await options()).roles.some((r) => r.role === 'renamed role')).toBe(false);
    await h.db.query(`UPDATE external_roles SET name = 'renamed role' WHERE id = $1`, [role.id]);
    expect((await options()).roles.some((r) => r.role === 'renamed role')).toBe(true);
  });

  it('a merge of two users (rpc/merge_external_users)', async () => {
    const [primary, duplicate] = (
      await h.db.query<{ id: string }>(
        `SELECT eu.id FROM external_users eu
          WHERE eu.deleted_at IS NULL AND eu.aliases IS NULL
            AND EXISTS (SELECT 1 FROM config_access ca
                         WHERE ca.external_user_id = eu.id AND ca.deleted_at IS NULL)
          ORDER BY eu.id LIMIT 2`,
      )
    ).rows.map((row) => row.id) as [string, string];
    expect(await userRow(duplicate)).toBeDefined();
    const listed = await options();
    expect(listed.users.some((u) => u.external_user_id === duplicate)).toBe(true);
    const merged = await post('/api/db/rpc/merge_external_users', {
      p_primary_id: primary,
      p_duplicate_id: duplicate,
    });
    expect(merged.statusCode).toBe(200);
    expect(await userRow(duplicate)).toBeUndefined();
    expect((await options()).users.some((u) => u.external_user_id === duplicate)).toBe(false);
  });
});
