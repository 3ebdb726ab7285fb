import { hashToken } from '../../../server/demo/auth/caller';
import { isDate } from '../../../server/demo/db/values';
import { demoSuite, type Headers } from './support';

jest.setTimeout(60_000);

const { h, as, send: request } = demoSuite(['admin', 'editor', 'viewer']);
const DAY_MS = 24 * 60 * 60 * 1000;

const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
const basic = (token: string): Headers => ({
  authorization: `Basic ${Buffer.from(`token:${token}`).toString('base64')}`,
});

async function createToken(role: string, body: Record<string, unknown>): Promise<string> {
  const res = await request('POST', '/api/auth/create_token', as(role), body);
  expect(res.statusCode).toBe(200);
  const json = res.json();
  expect(json).toEqual({ message: 'success', payload: { token: expect.any(String) } });
  return json.payload.token as string;
}

async function tokenRow(token: string) {
  const { rows } = await h.db.query<{
    id: string;
    name: string;
    person_id: string;
    auto_renew: boolean;
    expires_at: unknown;
    created_by: string;
  }>('SELECT * FROM access_tokens WHERE value = $1', [hashToken(token)]);
  const row = rows[0];
  if (!row) throw new Error('token not stored');
  return row;
}

async function personIdOf(email: string): Promise<string> {
  const { rows } = await h.db.query<{ id: string }>('SELECT id FROM people WHERE email = $1', [
    email,
  ]);
  return (rows[0] as { id: string }).id;
}

function daysUntil(value: unknown): number {
  if (!isDate(value)) throw new Error(`not a date: ${String(value)}`);
  return (value.getTime() - Date.now()) / DAY_MS;
}

describe('POST /api/auth/create_token (AUTH-09)', () => {
  it('returns a token that works as Bearer and as Basic with user "token"', async () => {
    const token = await createToken('editor', { name: 'ci-deployer', expiry: '30d' });
    for (const headers of [bearer(token), basic(token)]) {
      const res = await request('GET', '/api/auth/whoami', headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().payload).toMatchObject({
        user: { name: 'Eli Editor (Token)', email: 'editor+token:ci-deployer@demo.local' },
        roles: ['editor'],
      });
    }
  });

  it('stores only the SHA-256 of the token, with the token person, owner and expiry', async () => {
    const token = await createToken('editor', {
      name: 'hash-check',
      expiry: '90d',
      auto_renew: true,
    });
    const row = await tokenRow(token);
    const editorId = await personIdOf('editor@demo.local');
    expect(row).toMatchObject({ name: 'hash-check', auto_renew: true, created_by: editorId });
    expect(daysUntil(row.expires_at)).toBeCloseTo(90, 1);
    const { rows: everything } = await h.db.query('SELECT * FROM access_tokens');
    expect(JSON.stringify(everything)).not.toContain(token);
    const { rows: rules } = await h.db.query('SELECT * FROM casbin_rule');
    expect(JSON.stringify(rules)).not.toContain(token);
    const { rows: person } = await h.db.query('SELECT name, type FROM people WHERE id = $1', [
      row.person_id,
    ]);
    expect(person[0]).toEqual({ name: 'Eli Editor (Token)', type: 'access_token' });
    const { rows: link } = await h.db.query(
      `SELECT v1 FROM casbin_rule WHERE ptype = 'g' AND v0 = $1`,
      [row.person_id],
    );
    expect(link).toEqual([{ v1: editorId }]);
  });

  it('reads expiry never, the default of 90 days, and autoRenew as a fallback for auto_renew', async () => {
    const never = await tokenRow(await createToken('viewer', { name: 'forever', expiry: 'never' }));
    expect(never.expires_at).toBeNull();
    expect(never.auto_renew).toBe(false);
    const fallback = await tokenRow(
      await createToken('viewer', { name: 'defaulted', expiry: '', autoRenew: true }),
    );
    expect(daysUntil(fallback.expires_at)).toBeCloseTo(90, 1);
    expect(fallback.auto_renew).toBe(true);
    const year = await tokenRow(await createToken('viewer', { name: 'yearly', expiry: '365d' }));
    expect(daysUntil(year.expires_at)).toBeCloseTo(365, 1);
  });

  it('stores the scope as deny rules of the token person for what it leaves out', async () => {
    const token = await createToken('editor', {
      name: 'scoped',
      scope: [
        { subject: 'someone-else', object: 'catalog', action: 'read' },
        { subject: '', object: 'mcp', action: '*' },
      ],
    });
    const row = await tokenRow(token);
    const { rows } = await h.db.query<{ object: string; action: string }>(
      `SELECT v1 AS object, v2 AS action FROM casbin_rule
        WHERE ptype = 'p' AND v0 = $1 AND v3 = 'deny' ORDER BY v1, v2`,
      [row.person_id],
    );
    const denied = rows.map((r) => `${r.object}:${r.action}`);
    expect(denied).toContain('catalog:update');
    expect(denied).toContain('canaries:read');
    expect(denied).toContain('playbooks:playbook:run');
    expect(denied).not.toContain('catalog:read');
    expect(denied).not.toContain('mcp:*');
    expect(denied).toHaveLength(21);
    const { rows: subjects } = await h.db.query(
      `SELECT 1 FROM casbin_rule WHERE v0 = 'someone-else'`,
    );
    expect(subjects).toEqual([]);
  });

  it('answers 400 with a JSON error for malformed bodies, never 500', async () => {
    const cases: unknown[] = [
      {},
      { name: '' },
      { name: '   ' },
      { name: 42 },
      { name: 'x', expiry: 'soon' },
      { name: 'x', expiry: '0d' },
      { name: 'x', scope: 'catalog:read' },
      { name: 'x', scope: [{ object: 'database', action: 'read' }] },
      { name: 'x', scope: [{ object: 'mcp', action: 'read' }] },
      { name: 'x', scope: [{ object: 'catalog', action: 'playbook:run' }] },
      { name: 'x', auto_renew: 'yes' },
      [{ name: 'x' }],
      '{"name": ',
    ];
    for (const body of cases) {
      const res = await request('POST', '/api/auth/create_token', as('editor'), body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(typeof res.json().error).toBe('string');
    }
    const { rows } = await h.db.query(`SELECT 1 FROM access_tokens WHERE name = 'x'`);
    expect(rows).toEqual([]);
  });

  it('refuses a second token with the same name (409), anonymous callers (401) and tokens (403)', async () => {
    const token = await createToken('viewer', { name: 'twice' });
    const again = await request('POST', '/api/auth/create_token', as('viewer'), { name: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/twice/);
    const anonymous = await request('POST', '/api/auth/create_token', {}, { name: 'anon' });
    expect(anonymous.statusCode).toBe(401);
    const byToken = await request('POST', '/api/auth/create_token', bearer(token), {
      name: 'child',
    });
    expect(byToken.statusCode).toBe(403);
  });
});

describe('expiry', () => {
  it('an expired token is 401 on whoami and on /api/db', async () => {
    const token = await createToken('editor', { name: 'short-lived', expiry: '1d' });
    expect((await request('GET', '/api/auth/whoami', bearer(token))).statusCode).toBe(200);
    await h.db.query(
      `UPDATE access_tokens SET expires_at = now() - interval '1 minute' WHERE value = $1`,
      [hashToken(token)],
    );
    expect((await request('GET', '/api/auth/whoami', bearer(token))).statusCode).toBe(401);
    expect((await request('GET', '/api/db/checks?limit=1', basic(token))).statusCode).toBe(401);
  });

  it('an auto-renewing token used within 15 days of expiry is extended to 30 days', async () => {
    const renewing = await createToken('editor', { name: 'renewing', auto_renew: true });
    const fixed = await createToken('editor', { name: 'fixed', auto_renew: false });
    for (const token of [renewing, fixed]) {
      await h.db.query(
        `UPDATE access_tokens SET expires_at = now() + interval '5 days' WHERE value = $1`,
        [hashToken(token)],
      );
      expect((await request('GET', '/api/auth/whoami', bearer(token))).statusCode).toBe(200);
    }
    expect(daysUntil((await tokenRow(renewing)).expires_at)).toBeCloseTo(30, 1);
    expect(daysUntil((await tokenRow(fixed)).expires_at)).toBeCloseTo(5, 1);
  });
});

describe('GET /api/auth/tokens (AUTH-10)', () => {
  it('lists the caller’s tokens with their person; admins see every token', async () => {
    await createToken('editor', { name: 'listed', expiry: '180d' });
    const mine = await request('GET', '/api/auth/tokens', as('editor'));
    expect(mine.statusCode).toBe(200);
    const body = mine.json();
    expect(body.message).toBe('success');
    const editorId = await personIdOf('editor@demo.local');
    const listed = body.payload.find((t: { name: string }) => t.name === 'listed');
    expect(listed).toEqual({
      id: expect.any(String),
      name: 'listed',
      person_id: expect.any(String),
      created_at: expect.any(String),
      auto_renew: false,
      expires_at: expect.any(String),
      created_by: editorId,
      person: {
        id: listed.person_id,
        name: 'Eli Editor (Token)',
        email: 'editor+token:listed@demo.local',
        avatar: null,
      },
    });
    expect(Date.parse(listed.expires_at) - Date.now()).toBeGreaterThan(179 * DAY_MS);
    for (const token of body.payload) {
      expect([token.created_by, token.person_id]).toContain(editorId);
    }
    const everything = await request('GET', '/api/auth/tokens', as('admin'));
    const names = everything.json().payload.map((t: { name: string }) => t.name);
    expect(names).toContain('listed');
    const { rows } = await h.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM access_tokens t JOIN people p ON p.id = t.person_id
        WHERE p.deleted_at IS NULL`,
    );
    expect(names).toHaveLength(rows[0]?.n ?? -1);
    expect(names.length).toBeGreaterThan(body.payload.length);
  });

  it('is 401 without a session or token', async () => {
    const res = await request('GET', '/api/auth/tokens', {});
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'Unauthorized' });
  });
});

describe('DELETE /api/auth/token/:id (AUTH-11)', () => {
  async function tokenIdNamed(name: string): Promise<string> {
    const { rows } = await h.db.query<{ id: string }>(
      'SELECT id FROM access_tokens WHERE name = $1',
      [name],
    );
    return (rows[0] as { id: string }).id;
  }

  it('lets the creator delete: the token stops working and its person is soft-deleted', async () => {
    const token = await createToken('editor', { name: 'to-delete' });
    const row = await tokenRow(token);
    const denied = await request('DELETE', `/api/auth/token/${row.id}`, as('viewer'));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('only the creator or admins can delete access tokens');
    expect((await request('GET', '/api/auth/whoami', bearer(token))).statusCode).toBe(200);
    const res = await request('DELETE', `/api/auth/token/${row.id}`, as('editor'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'success' });
    expect((await request('GET', '/api/auth/whoami', bearer(token))).statusCode).toBe(401);
    const { rows: person } = await h.db.query<{ deleted_at: unknown }>(
      'SELECT deleted_at FROM people WHERE id = $1',
      [row.person_id],
    );
    expect(isDate(person[0]?.deleted_at)).toBe(true);
    const { rows: rules } = await h.db.query('SELECT 1 FROM casbin_rule WHERE v0 = $1', [
      row.person_id,
    ]);
    expect(rules).toEqual([]);
    const list = await request('GET', '/api/auth/tokens', as('editor'));
    expect(list.json().payload.map((t: { id: string }) => t.id)).not.toContain(row.id);
    const again = await request('DELETE', `/api/auth/token/${row.id}`, as('editor'));
    expect(again.statusCode).toBe(404);
  });

  it('lets an admin delete another person’s token; unknown and malformed ids are 404', async () => {
    await createToken('viewer', { name: 'admin-deletes' });
    const id = await tokenIdNamed('admin-deletes');
    expect((await request('DELETE', `/api/auth/token/${id}`, as('admin'))).statusCode).toBe(200);
    for (const bad of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await request('DELETE', `/api/auth/token/${bad}`, as('admin'));
      expect(res.statusCode).toBe(404);
      expect(typeof res.json().error).toBe('string');
    }
  });
});

describe('GET /api/rbac/token/:id/permissions (AUTH-13)', () => {
  it('lists the scope vocabulary with what the scope and the owner’s roles leave to the token', async () => {
    const token = await createToken('viewer', {
      name: 'perm-view',
      scope: [
        { object: 'catalog', action: 'read' },
        { object: 'catalog', action: 'update' },
      ],
    });
    const row = await tokenRow(token);
    const res = await request('GET', `/api/rbac/token/${row.id}/permissions`, as('viewer'));
    expect(res.statusCode).toBe(200);
    const payload: Array<{ subject: string; object: string; action: string; deny: boolean }> =
      res.json().payload;
    const allowed = payload.filter((p) => !p.deny).map((p) => `${p.object}:${p.action}`);
    // catalog:update is in the scope, but a viewer cannot write.
    expect(allowed).toEqual(['catalog:read']);
    expect(payload.every((p) => p.subject === row.person_id)).toBe(true);
    expect(payload).toHaveLength(23);
    const byAdmin = await request('GET', `/api/rbac/token/${row.id}/permissions`, as('admin'));
    expect(byAdmin.statusCode).toBe(200);
    const byOther = await request('GET', `/api/rbac/token/${row.id}/permissions`, as('editor'));
    expect(byOther.statusCode).toBe(403);
    const missing = await request(
      'GET',
      '/api/rbac/token/00000000-0000-4000-8000-000000000000/permissions',
      as('admin'),
    );
    expect(missing.statusCode).toBe(404);
  });

  it('an unscoped token of an editor keeps every permission but the restricted ones', async () => {
    const token = await createToken('editor', { name: 'perm-full', scope: [] });
    const row = await tokenRow(token);
    const res = await request('GET', `/api/rbac/token/${row.id}/permissions`, as('editor'));
    expect(res.json().payload.filter((p: { deny: boolean }) => p.deny)).toEqual([]);
  });
});
