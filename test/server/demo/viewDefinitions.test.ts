import { demoSuite } from './support';

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['admin', 'viewer']);

function call(method: 'GET' | 'POST' | 'DELETE', url: string, role: string, payload?: unknown) {
  return h.app.inject({
    method,
    url,
    headers: {
      cookie: cookies[role] as string,
      prefer: method === 'GET' ? 'count=exact' : 'return=representation',
      ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

describe('view definitions as /settings/views reads and writes them (VIEW-01, VIEW-03)', () => {
  it('lists a page of views with the total, newest first', async () => {
    const { rows } = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM views WHERE deleted_at IS NULL',
    );
    const res = await call(
      'GET',
      '/api/db/views?select=*&deleted_at=is.null&limit=2&offset=0&order=created_at.desc',
      'viewer',
    );
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['content-range']).toBe(`0-1/${rows[0]?.n}`);
    const page = res.json<Array<{ created_at: string; spec: unknown; source: string }>>();
    expect(page).toHaveLength(2);
    expect(Date.parse(page[0]!.created_at)).toBeGreaterThanOrEqual(Date.parse(page[1]!.created_at));
    expect(page[0]).toHaveProperty('last_ran');
    expect(page[0]).toHaveProperty('error');
  });

  it('creates a view and deletes it for good', async () => {
    const created = await call('POST', '/api/db/views', 'admin', {
      name: 'server-test-view',
      namespace: 'default',
      spec: { display: { title: 'Server test' } },
      source: 'UI',
    });
    expect(created.statusCode).toBe(201);
    const [row] = created.json<Array<{ id: string }>>();
    const deleted = await call('DELETE', `/api/db/views?id=eq.${row!.id}`, 'admin');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toHaveLength(1);
    const { rows } = await h.db.query('SELECT id FROM views WHERE id = $1', [row!.id]);
    expect(rows).toHaveLength(0);
  });

  it('does not let a viewer delete a view', async () => {
    const { rows } = await h.db.query<{ id: string }>('SELECT id FROM views LIMIT 1');
    const res = await call('DELETE', `/api/db/views?id=eq.${rows[0]!.id}`, 'viewer');
    expect(res.statusCode).toBe(403);
    const left = await h.db.query('SELECT id FROM views WHERE id = $1', [rows[0]!.id]);
    expect(left.rows).toHaveLength(1);
  });
});
