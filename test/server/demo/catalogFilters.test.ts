import { demoSuite } from './support';

jest.setTimeout(60_000);

const { h, send, as } = demoSuite(['viewer']);

interface Options {
  types: string[];
  analyzers: string[];
  sources: string[];
  config_types: string[];
  catalogs: Array<{ id: string; name: string; type: string; config_class: string }>;
}

async function distinct(sql: string, params: unknown[] = []): Promise<string[]> {
  const { rows } = await h.db.query<{ v: string }>(sql, params);
  return rows.map((row) => row.v);
}

async function options(query = ''): Promise<Options> {
  const res = await send('GET', `/api/db/rpc/config_analysis_filter_options${query}`, as('viewer'));
  expect(res.statusCode).toBe(200);
  return res.json<Options>();
}

const sorted = (values: string[]) => [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('rpc/config_analysis_filter_options', () => {
  it('lists the distinct types, analyzers, sources and config types of the insights, sorted', async () => {
    const body = await options();
    expect(body.types).toEqual(
      sorted(
        await distinct(
          `SELECT DISTINCT analysis_type AS v FROM config_analysis WHERE analysis_type <> ''`,
        ),
      ),
    );
    expect(body.analyzers).toEqual(
      sorted(await distinct(`SELECT DISTINCT analyzer AS v FROM config_analysis`)),
    );
    expect(body.sources).toEqual(
      sorted(await distinct(`SELECT DISTINCT source AS v FROM config_analysis WHERE source <> ''`)),
    );
    expect(body.config_types).toEqual(
      sorted(
        await distinct(
          `SELECT DISTINCT ci.type AS v FROM config_analysis ca JOIN config_items ci ON ci.id = ca.config_id`,
        ),
      ),
    );
    expect(body.types.length).toBeGreaterThan(1);
  });

  it('lists every config item with insights by name, with its type and class', async () => {
    const body = await options();
    const ids = await distinct(`SELECT DISTINCT config_id::text AS v FROM config_analysis`);
    expect(body.catalogs.map((item) => item.id).sort()).toEqual(ids.sort());
    const names = body.catalogs.map((item) => item.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(Object.keys(body.catalogs[0]!).sort()).toEqual(['config_class', 'id', 'name', 'type']);
  });

  it("scopes every list to one item's insights with p_config_id", async () => {
    const [item] = await distinct(
      `SELECT config_id::text AS v FROM config_analysis GROUP BY config_id
        ORDER BY count(DISTINCT analyzer) DESC, config_id LIMIT 1`,
    );
    const body = await options(`?p_config_id=${item}`);
    expect(body.catalogs.map((row) => row.id)).toEqual([item]);
    expect(body.analyzers).toEqual(
      sorted(
        await distinct(`SELECT DISTINCT analyzer AS v FROM config_analysis WHERE config_id = $1`, [
          item,
        ]),
      ),
    );
    expect(body.config_types).toHaveLength(1);
  });

  it('seeds each insight with its properties', async () => {
    const { rows } = await h.db.query<{ properties: Array<{ name: string; text: string }> }>(
      `SELECT properties FROM config_analysis ORDER BY id LIMIT 5`,
    );
    for (const row of rows) {
      expect(row.properties.map((property) => property.name)).toEqual([
        'Rule',
        'Resource',
        'Config type',
        'Scanner',
      ]);
    }
  });
});

describe('the catalog label filter through PostgREST', () => {
  it('reads tags and labels with double-quoted values inside and()', async () => {
    const { rows } = await h.db.query<{ ns: string }>(
      `SELECT tags->>'namespace' AS ns FROM config_items
        WHERE deleted_at IS NULL AND tags ? 'namespace'
        GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    const ns = rows[0]!.ns;
    const expected = await distinct(
      `SELECT id::text AS v FROM config_items
        WHERE deleted_at IS NULL AND tags->>'namespace' = $1`,
      [ns],
    );
    const or = `(and(tags->>namespace.eq."${ns}"))`;
    const res = await send(
      'GET',
      `/api/db/configs?select=id&deleted_at=is.null&or=${encodeURIComponent(or)}`,
      as('viewer'),
    );
    expect(res.statusCode).toBe(200);
    const ids = res.json<Array<{ id: string }>>().map((row) => row.id);
    expect(ids.sort()).toEqual(expected.sort());
    expect(ids.length).toBeGreaterThan(0);

    const quoted = `(and(tags->>namespace.eq."${ns}",labels->>app.neq."x,\\"y\\""))`;
    const both = await send(
      'GET',
      `/api/db/configs?select=id&deleted_at=is.null&or=${encodeURIComponent(quoted)}`,
      as('viewer'),
    );
    expect(both.statusCode).toBe(200);
  });
});
