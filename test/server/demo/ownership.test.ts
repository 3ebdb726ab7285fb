import { TEAMS } from '../../../server/demo/seed/peopleCatalog';
import { demoSuite } from './support';

jest.setTimeout(60_000);

const { h, as, send } = demoSuite(['admin']);
const TEAM_NAMES: string[] = TEAMS.map((team) => team.name);

async function owners(table: string) {
  const { rows } = await h.db.query<{ owner: string | null; n: number }>(
    `SELECT labels ->> 'owner' AS owner, count(*)::int AS n FROM ${table} GROUP BY 1`,
  );
  return rows;
}

describe('seeded ownership (issue 38)', () => {
  it.each(['config_items', 'components'])(
    'puts a seeded team in the owner label of most, not all, %s',
    async (table) => {
      const rows = await owners(table);
      const total = rows.reduce((sum, row) => sum + row.n, 0);
      const unowned = rows.find((row) => row.owner === null)?.n ?? 0;
      expect(unowned).toBeGreaterThan(0);
      expect(unowned / total).toBeLessThan(0.25);
      const named = rows.flatMap((row) => (row.owner === null ? [] : [row.owner]));
      expect(named.length).toBeGreaterThan(3);
      expect(named.every((owner) => TEAM_NAMES.includes(owner))).toBe(true);
    },
  );

  it("names teams the teams table holds, the team of an item's namespace first", async () => {
    const { rows: teams } = await h.db.query<{ name: string }>('SELECT name FROM teams');
    expect(teams.map((team) => team.name).sort()).toEqual([...TEAM_NAMES].sort());
    const { rows } = await h.db.query<{ owner: string }>(
      `SELECT labels ->> 'owner' AS owner FROM config_items
        WHERE tags ->> 'namespace' = 'payments' AND labels ? 'owner'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.owner))).toEqual(new Set(['Payments']));
  });

  it('filters configs by the owner label with labels->>owner=in.(…)', async () => {
    const response = await send(
      'GET',
      '/api/db/configs?select=id,labels&labels->>owner=in.(Payments,Checkout)&limit=500',
      as('admin'),
    );
    expect(response.statusCode).toBe(200);
    const rows = response.json<Array<{ labels: Record<string, string> }>>();
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.labels.owner))).toEqual(new Set(['Payments', 'Checkout']));
  });
});

it('labels a component with the team of its owner column where it names one', async () => {
  const { rows } = await h.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM components
      WHERE labels ? 'owner' AND owner = ANY($1) AND labels ->> 'owner' <> owner`,
    [TEAM_NAMES],
  );
  expect(rows[0]?.n).toBe(0);
});

it('filters insights through their config with config:configs!inner and config.labels->>owner', async () => {
  const response = await send(
    'GET',
    '/api/db/config_analysis_items?select=id,config:configs!inner(id,labels)' +
      '&config.labels->>owner=in.(Payments,Platform)&limit=200',
    as('admin'),
  );
  expect(response.statusCode).toBe(200);
  const rows = response.json<Array<{ config: { labels: Record<string, string> } }>>();
  expect(rows.length).toBeGreaterThan(0);
  const owners = new Set(rows.map((row) => row.config.labels.owner));
  expect([...owners].every((owner) => owner === 'Payments' || owner === 'Platform')).toBe(true);
});

it('finds the checks of owned components and configs through their relationships', async () => {
  for (const [table, embed, alias] of [
    ['check_component_relationships', 'components', 'component'],
    ['check_config_relationships', 'config_items', 'config'],
  ] as const) {
    const response = await send(
      'GET',
      `/api/db/${table}?select=check_id,${alias}:${embed}!inner(id,labels)` +
        `&${alias}.labels->>owner=in.(Payments,Platform)&deleted_at=is.null`,
      as('admin'),
    );
    expect(response.statusCode).toBe(200);
    const rows = response.json<Array<Record<string, { labels: Record<string, string> }>>>();
    for (const row of rows) expect(['Payments', 'Platform']).toContain(row[alias]!.labels.owner);
  }
});

it("finds incidents through INC-04's views and their item's owner label", async () => {
  for (const [view, embed, alias] of [
    ['incidents_by_config', 'config_items', 'config'],
    ['incidents_by_component', 'components', 'component'],
  ] as const) {
    const response = await send(
      'GET',
      `/api/db/${view}?select=id,${alias}:${embed}!inner(id,labels)` +
        `&${alias}.labels->>owner=in.(${TEAM_NAMES.join(',')})`,
      as('admin'),
    );
    expect(response.statusCode).toBe(200);
    const rows = response.json<Array<Record<string, { labels: Record<string, string> }>>>();
    for (const row of rows) expect(TEAM_NAMES).toContain(row[alias]!.labels.owner);
  }
});
