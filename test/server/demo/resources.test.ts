import { demoSuite } from './support';

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['admin', 'viewer']);

interface Found {
  id: string;
  name: string;
  namespace?: string;
  type?: string;
  agent?: string;
  deleted_at?: string;
}

function search(body: unknown, role = 'admin') {
  return h.app.inject({
    method: 'POST',
    url: '/api/resources/search',
    headers: { cookie: cookies[role] as string, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function found(body: unknown, role = 'admin'): Promise<Record<string, Found[]>> {
  const res = await search(body, role);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('POST /api/resources/search (MISC-03)', () => {
  it('finds configs whose name holds the text, case-insensitively, by name', async () => {
    const { rows } = await h.db.query<{ name: string }>(
      `SELECT name FROM config_items WHERE deleted_at IS NULL AND name IS NOT NULL ORDER BY name LIMIT 1`,
    );
    const name = rows[0]!.name;
    const part = name.slice(1, Math.min(name.length, 6)).toUpperCase();
    const answer = await found({ configs: [{ search: part, agent: 'all' }] });
    expect(answer.configs!.length).toBeGreaterThan(0);
    for (const config of answer.configs!) {
      expect(config.name.toLowerCase()).toContain(part.toLowerCase());
      expect(config).toHaveProperty('id');
      expect(config).toHaveProperty('type');
      expect(config.deleted_at).toBeUndefined();
    }
    const names = answer.configs!.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('answers at most 50 of a kind unless asked for another limit', async () => {
    const answer = await found({ configs: [{ agent: 'all' }] });
    expect(answer.configs).toHaveLength(50);
    const fewer = await found({ configs: [{ agent: 'all', limit: 3 }] });
    expect(fewer.configs).toHaveLength(3);
    const top = await found({ configs: [{ agent: 'all' }], limit: 7 });
    expect(top.configs).toHaveLength(7);
  });

  it('searches every kind asked for and leaves out kinds that found nothing', async () => {
    const answer = await found({
      checks: [{ search: '', agent: 'all' }],
      canaries: [{ agent: 'all' }],
      components: [{ agent: 'all' }],
      connections: [{ name: '*' }],
      playbooks: [{ name: '*' }],
      configs: [{ search: 'no-such-resource-anywhere', agent: 'all' }],
    });
    expect(Object.keys(answer).sort()).toEqual([
      'canaries',
      'checks',
      'components',
      'connections',
      'playbooks',
    ]);
    expect(answer.canaries![0]!.type).toBe('Canary');
  });

  it('matches an exact name, a namespace and types', async () => {
    const { rows } = await h.db.query<{ name: string; namespace: string; type: string }>(
      `SELECT name, namespace, type FROM checks WHERE deleted_at IS NULL ORDER BY name LIMIT 1`,
    );
    const check = rows[0]!;
    const answer = await found({
      checks: [{ name: check.name, namespace: check.namespace, types: [check.type] }],
    });
    expect(answer.checks!.length).toBeGreaterThan(0);
    for (const entry of answer.checks!) {
      expect([entry.name, entry.namespace, entry.type]).toEqual([
        check.name,
        check.namespace,
        check.type,
      ]);
    }
  });

  it('takes % and _ in the text literally', async () => {
    const answer = await found({ configs: [{ search: '%', agent: 'all' }] });
    for (const config of answer.configs ?? []) expect(config.name).toContain('%');
  });

  it('leaves out deleted resources unless asked to include them', async () => {
    const { rows } = await h.db.query<{ name: string }>(
      `SELECT name FROM config_items WHERE deleted_at IS NOT NULL AND name IS NOT NULL LIMIT 1`,
    );
    const name = rows[0]?.name;
    if (!name) return;
    const live = await found({ configs: [{ name, agent: 'all' }] });
    expect((live.configs ?? []).every((c) => c.deleted_at === undefined)).toBe(true);
    const all = await found({ configs: [{ name, agent: 'all', includeDeleted: true }] });
    expect(all.configs!.some((c) => c.deleted_at !== undefined)).toBe(true);
  });

  it('answers only the kinds the caller may read', async () => {
    const answer = await found(
      { connections: [{ name: '*' }], playbooks: [{ name: '*' }] },
      'viewer',
    );
    expect(Object.keys(answer)).toEqual(['playbooks']);
  });

  it('refuses a malformed body with 400 and a JSON error', async () => {
    for (const body of ['[1,2]', '"text"', { configs: 'all' }, { configs: [{ limit: 'ten' }] }]) {
      const res = await search(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/invalid request body/);
    }
  });

  it('asks who is calling', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/resources/search',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(401);
  });
});
