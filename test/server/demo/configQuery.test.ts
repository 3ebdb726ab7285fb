import { demoSuite, sendAs } from './support';

/**
 * The query builder's endpoints over the seeded estate: the catalog query (api.md CAT-38,
 * `GET /api/config/query`) and the saved queries (CAT-39..43, `saved_query` through the
 * PostgREST engine).
 */

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['admin', 'viewer']);

interface Answer {
  count: number;
  columns: Array<{ name: string }>;
  results: Array<Record<string, unknown>>;
}

function ask(query: string | null, role: 'admin' | 'viewer' | null = 'viewer') {
  const url =
    query === null ? '/api/config/query' : `/api/config/query?query=${encodeURIComponent(query)}`;
  return h.app.inject({
    method: 'GET',
    url,
    headers: role ? { cookie: cookies[role] } : {},
  });
}

async function answer(query: string): Promise<Answer> {
  const res = await ask(query);
  expect(res.statusCode).toBe(200);
  return res.json<Answer>();
}

async function count(sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await h.db.query<{ n: number }>(`SELECT count(*)::int AS n ${sql}`, params);
  return rows[0]!.n;
}

async function someTag(): Promise<{ key: string; value: string }> {
  const { rows } = await h.db.query<{ key: string; value: string }>(
    `SELECT key, value FROM config_items, jsonb_each_text(tags)
      WHERE deleted_at IS NULL AND key = 'cluster' LIMIT 1`,
  );
  return rows[0]!;
}

describe('GET /api/config/query (CAT-38)', () => {
  it('answers the rows of a SELECT with their columns and count, tags as JSON text', async () => {
    const body = await answer(
      "SELECT * FROM config_items WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL",
    );
    const n = await count(
      `FROM config_items WHERE type = 'Kubernetes::Pod' AND deleted_at IS NULL`,
    );
    expect(body.count).toBe(Math.min(n, 1000));
    expect(body.results).toHaveLength(body.count);
    expect(body.columns.map((c) => c.name)).toEqual(expect.arrayContaining(['id', 'name', 'tags']));
    for (const row of body.results) {
      expect(row.type).toBe('Kubernetes::Pod');
      expect(typeof row.tags).toBe('string');
      expect(JSON.parse(row.tags as string)).toEqual(expect.any(Object));
    }
  });

  it('filters by keys of tags and labels, health lists, status and properties', async () => {
    const tag = await someTag();
    const tagged = await answer(
      `SELECT id, name, tags FROM config_items WHERE tags->>'cluster' = '${tag.value}'`,
    );
    expect(tagged.count).toBe(
      Math.min(await count(`FROM config_items WHERE tags->>'cluster' = $1`, [tag.value]), 1000),
    );
    expect(tagged.columns.map((c) => c.name)).toEqual(['id', 'name', 'tags']);

    const health = await answer(
      `select count(*) from config_items where health in ('healthy', 'warning') and status != 'x'`,
    );
    expect(health.results).toEqual([
      {
        count: await count(
          `FROM config_items WHERE health IN ('healthy', 'warning') AND status <> 'x'`,
        ),
      },
    ]);

    const { rows } = await h.db.query<{ name: string; text: string }>(
      `SELECT p->>'name' AS name, p->>'text' AS text
         FROM config_items, jsonb_array_elements(properties) p
        WHERE p ? 'text' LIMIT 1`,
    );
    const property = rows[0]!;
    const document = JSON.stringify([{ name: property.name, text: property.text }]);
    const withProperty = await answer(
      `SELECT count(*) AS n FROM config_items WHERE properties @> '${document.replace(/'/g, "''")}'`,
    );
    const expected = await count(`FROM config_items WHERE properties @> $1::jsonb`, [document]);
    expect(expected).toBeGreaterThan(0);
    expect(withProperty.results).toEqual([{ n: expected }]);
  });

  it('reads AND, OR, NOT, parentheses, LIKE and ORDER BY … LIMIT', async () => {
    const body = await answer(
      `SELECT name, type FROM config_items
        WHERE (type LIKE 'Kubernetes::%' OR type ILIKE 'aws::%') AND NOT (health = 'unknown')
        ORDER BY name DESC LIMIT 5;`,
    );
    expect(body.count).toBeLessThanOrEqual(5);
    const names = body.results.map((r) => r.name as string);
    expect(names).toEqual([...names].sort().reverse());
    for (const row of body.results) expect(String(row.type)).toMatch(/^(Kubernetes|AWS)::/i);
  });

  it('reads a text without SELECT as a catalog search in the selector grammar', async () => {
    const body = await answer('type=Kubernetes::Pod health=healthy');
    const n = await count(
      `FROM config_items WHERE type = 'Kubernetes::Pod' AND lower(health) = 'healthy'`,
    );
    expect(body.count).toBe(Math.min(n, 1000));
    for (const row of body.results) expect(row).toMatchObject({ type: 'Kubernetes::Pod' });
  });

  it('takes what is typed as values, never as SQL', async () => {
    const body = await answer(
      "SELECT * FROM config_items WHERE name = 'x''; DROP TABLE saved_query; --'",
    );
    expect(body.count).toBe(0);
    expect(await count('FROM saved_query')).toBeGreaterThan(0);
  });

  it.each([
    ['no query', null, /query/],
    ['an empty query', '  ', /required/],
    ['another table', 'SELECT * FROM people', /config_items/],
    ['an unknown column', "SELECT * FROM config_items WHERE password = 'x'", /unknown column/],
    ['a second statement', 'SELECT * FROM config_items; DELETE FROM config_items', /end/],
    ['an unterminated text', "SELECT * FROM config_items WHERE name = 'x", /unterminated/],
    ['a date that is not one', "SELECT * FROM config_items WHERE created_at > 'soon'", /run/],
    ['a JSON column compared as a whole', "SELECT * FROM config_items WHERE tags = 'x'", /->>/],
    ['bad JSON after @>', "SELECT * FROM config_items WHERE tags @> '{'", /JSON/],
    ['an unknown selector key', 'colour=red', /colour/],
  ])('answers 400 with a JSON error for %s', async (_, query, message) => {
    const res = await ask(query);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(message);
  });

  it('needs a signed-in caller', async () => {
    const res = await ask('SELECT * FROM config_items', null);
    expect(res.statusCode).toBe(401);
  });
});

describe('saved queries through /api/db/saved_query (CAT-39..43)', () => {
  it('creates, lists, renames, reads and deletes a saved query', async () => {
    const created = await sendAs(
      h.app,
      'POST',
      '/api/db/saved_query',
      { cookie: cookies.admin, prefer: 'return=representation' },
      { query: "SELECT * FROM config_items WHERE health = 'unhealthy'", description: 'Sick' },
    );
    expect(created.statusCode).toBe(201);
    const [row] = created.json<Array<{ id: string }>>();
    expect(row).toMatchObject({ description: 'Sick' });

    const list = await sendAs(h.app, 'GET', '/api/db/saved_query?select=id,query,description', {
      cookie: cookies.viewer,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<Array<{ id: string }>>().map((r) => r.id)).toContain(row!.id);

    const renamed = await sendAs(
      h.app,
      'PATCH',
      `/api/db/saved_query?id=eq.${row!.id}`,
      { cookie: cookies.admin, prefer: 'return=representation' },
      { description: 'Unhealthy items' },
    );
    expect(renamed.statusCode).toBe(200);

    const one = await sendAs(h.app, 'GET', `/api/db/saved_query?id=eq.${row!.id}`, {
      cookie: cookies.viewer,
    });
    expect(one.json()).toEqual([
      expect.objectContaining({ id: row!.id, description: 'Unhealthy items' }),
    ]);

    const deleted = await sendAs(h.app, 'DELETE', `/api/db/saved_query?id=eq.${row!.id}`, {
      cookie: cookies.admin,
    });
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await count('FROM saved_query WHERE id = $1', [row!.id])).toBe(0);
  });

  it('refuses a viewer’s write and a row without its query', async () => {
    const refused = await sendAs(
      h.app,
      'POST',
      '/api/db/saved_query',
      { cookie: cookies.viewer },
      { query: 'type=x', description: 'mine' },
    );
    expect(refused.statusCode).toBe(403);
    const missing = await sendAs(
      h.app,
      'POST',
      '/api/db/saved_query',
      { cookie: cookies.admin },
      { description: 'no query' },
    );
    expect(missing.statusCode).toBe(400);
  });
});
