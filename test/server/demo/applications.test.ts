import { parseMatchPairs, selectorsOf } from '../../../server/demo/applications/report';
import { demoSuite } from './support';

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['admin', 'viewer']);

interface Report {
  id: string;
  name: string;
  namespace: string;
  type: string;
  description?: string;
  createdAt: string;
  properties: Array<{ label: string; text: string }>;
  accessControl?: unknown;
  incidents: Array<{ id: string; severity: string; description: string; status: string }>;
  locations: Array<{ purpose: string; name: string; region: string; resourceCount: number }>;
  backups: Array<{ database: string; size: string; source: string; date: string }>;
  restores: unknown[];
  findings: Array<{ id: string; severity: string; title: string; status: string }>;
  sections: Array<{
    type: string;
    title: string;
    configs?: Array<{ id: string; name: string; type?: string; health?: string }>;
    changes?: Array<{ id: string; date: string; changeType: string; description: string }>;
  }>;
}

function get(url: string, role: string | null = 'admin') {
  return h.app.inject({
    method: 'GET',
    url,
    headers: role ? { cookie: cookies[role] as string } : {},
  });
}

async function report(namespace: string, name: string): Promise<Report> {
  const res = await get(`/api/application/${namespace}/${name}`);
  expect(res.statusCode).toBe(200);
  return res.json<Report>();
}

describe('selectors of the Application spec', () => {
  it('reads key=value pairs and skips parts without a key', () => {
    expect(parseMatchPairs('cluster=prod, namespace = payments,broken,=x')).toEqual({
      cluster: 'prod',
      namespace: 'payments',
    });
    expect(parseMatchPairs(undefined)).toEqual({});
  });

  it('keeps only the fields it understands', () => {
    expect(selectorsOf([{ types: ['A', 3], tagSelector: 'a=b', other: 1 }, 'x', null])).toEqual([
      { types: ['A'], tagSelector: 'a=b' },
    ]);
    expect(selectorsOf(undefined)).toEqual([]);
  });
});

describe('GET /api/application/{namespace}/{name} (MISC-05)', () => {
  it('answers 404 with a JSON error for an unknown application', async () => {
    const res = await get('/api/application/payments/no-such-app');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'application payments/no-such-app not found' });
  });

  it('answers 401 when signed out', async () => {
    const res = await get('/api/application/payments/payments-platform', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toHaveProperty('error');
  });

  it('lets a viewer read a report', async () => {
    const res = await get('/api/application/checkout/checkout', 'viewer');
    expect(res.statusCode).toBe(200);
  });

  it('describes the application from its row and spec', async () => {
    const body = await report('payments', 'payments-platform');
    const { rows } = await h.db.query<{ id: string }>(
      `SELECT id FROM applications WHERE name = 'payments-platform'`,
    );
    expect(body.id).toBe(rows[0]?.id);
    expect(body).toMatchObject({
      name: 'payments-platform',
      namespace: 'payments',
      type: 'Service',
    });
    expect(body.description).toMatch(/payment processing/);
    expect(body.properties).toContainEqual(expect.objectContaining({ label: 'tier', text: '1' }));
    expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
    // No config access data in the demo: no access section rather than an invented one.
    expect(body.accessControl).toBeUndefined();
  });

  it('lists exactly the configs its environments and datasources select, with their health', async () => {
    const body = await report('payments', 'payments-platform');
    const { rows } = await h.db.query<{ id: string }>(
      `SELECT id FROM config_items WHERE deleted_at IS NULL AND (
         tags @> '{"cluster":"prod-eu-west-1","namespace":"payments"}'
         OR tags @> '{"cluster":"prod-eu-west-1","namespace":"ledger"}'
         OR (type = 'AWS::RDS::DBInstance' AND labels @> '{"Team":"payments"}'))`,
    );
    const configs = body.sections.find((s) => s.type === 'configs')?.configs ?? [];
    expect(rows.length).toBeGreaterThan(0);
    expect(configs.map((c) => c.id).sort()).toEqual(rows.map((r) => r.id).sort());
    expect(configs.some((c) => c.health !== undefined)).toBe(true);
  });

  it('groups the environment into locations and counts their resources', async () => {
    const body = await report('payments', 'payments-platform');
    const production = body.locations.filter((l) => l.purpose === 'production');
    expect(production.length).toBeGreaterThan(0);
    const { rows } = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_items WHERE deleted_at IS NULL AND (
         tags @> '{"cluster":"prod-eu-west-1","namespace":"payments"}'
         OR tags @> '{"cluster":"prod-eu-west-1","namespace":"ledger"}')`,
    );
    expect(production.reduce((sum, l) => sum + l.resourceCount, 0)).toBe(rows[0]?.n);
    expect(production[0]?.name).toBe('prod-eu-west-1');
  });

  it('reports the backups of its datasources, newest first', async () => {
    const body = await report('payments', 'payments-platform');
    const { rows } = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_changes c JOIN config_items ci ON ci.id = c.config_id
        WHERE c.change_type = 'BackupCompleted' AND ci.type = 'AWS::RDS::DBInstance'
          AND ci.labels @> '{"Team":"payments"}' AND ci.deleted_at IS NULL`,
    );
    expect(body.backups).toHaveLength(rows[0]?.n ?? -1);
    expect(body.backups.length).toBeGreaterThan(0);
    expect(body.backups[0]?.size).toMatch(/GiB$/);
    const dates = body.backups.map((b) => Date.parse(b.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('reports the insights of its configs as findings and their recent changes', async () => {
    const body = await report('payments', 'payments-platform');
    const ids = (body.sections.find((s) => s.type === 'configs')?.configs ?? []).map((c) => c.id);
    const { rows } = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM config_analysis WHERE config_id = ANY($1::uuid[])`,
      [ids],
    );
    expect(body.findings).toHaveLength(rows[0]?.n ?? -1);
    const changes = body.sections.find((s) => s.type === 'changes')?.changes ?? [];
    const counted = await h.db.query<{ n: number }>(
      `SELECT least(count(*), 50)::int AS n FROM config_changes WHERE config_id = ANY($1::uuid[])`,
      [ids],
    );
    expect(changes).toHaveLength(counted.rows[0]?.n ?? -1);
  });

  it('reports incidents with evidence on its configs', async () => {
    const body = await report('payments', 'payments-platform');
    const ids = (body.sections.find((s) => s.type === 'configs')?.configs ?? []).map((c) => c.id);
    const { rows } = await h.db.query<{ id: string }>(
      `SELECT DISTINCT h.incident_id AS id FROM evidences e JOIN hypotheses h ON h.id = e.hypothesis_id
        WHERE e.config_id = ANY($1::uuid[])`,
      [ids],
    );
    expect(body.incidents.map((i) => i.id).sort()).toEqual(rows.map((r) => r.id).sort());
  });

  it('reflects a change of the spec: a narrower selector selects fewer configs', async () => {
    const before = await report('checkout', 'checkout');
    await h.db.query(
      `UPDATE applications SET spec = jsonb_set(spec, '{mapping,environments,production}',
         '[{"tagSelector":"namespace=cart"}]') WHERE name = 'checkout'`,
    );
    const after = await report('checkout', 'checkout');
    const count = (r: Report) => r.sections.find((s) => s.type === 'configs')?.configs?.length;
    expect(count(after)).toBeLessThan(count(before) ?? 0);
    expect(count(after)).toBeGreaterThan(0);
  });

  it('does not report a deleted application', async () => {
    await h.db.query(`UPDATE applications SET deleted_at = now() WHERE name = 'identity'`);
    const res = await get('/api/application/identity/identity');
    expect(res.statusCode).toBe(404);
  });
});
