import { demoSuite } from './support';

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['admin', 'editor', 'viewer']);
const A = 'id,name,avatar,email';

type Headers = Record<string, string>;
const as = (role: string): Headers => ({ cookie: cookies[role] as string });
const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });

function request(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers,
  body?: unknown,
) {
  return h.app.inject({
    method,
    url,
    headers: {
      accept: 'application/json',
      prefer: 'return=representation',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function tokenFor(role: string, name: string, scope: unknown[]): Promise<string> {
  const res = await request('POST', '/api/auth/create_token', as(role), { name, scope });
  expect(res.statusCode).toBe(200);
  return res.json().payload.token as string;
}

async function firstId(table: string): Promise<string> {
  const { rows } = await h.db.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE deleted_at IS NULL ORDER BY id LIMIT 1`,
  );
  return (rows[0] as { id: string }).id;
}

async function personId(email: string): Promise<string> {
  const { rows } = await h.db.query<{ id: string }>('SELECT id FROM people WHERE email = $1', [
    email,
  ]);
  return (rows[0] as { id: string }).id;
}

describe('token scopes on /api/db', () => {
  it('a catalog:read token of an editor reads the catalog and nothing it leaves out', async () => {
    const token = await tokenFor('editor', 'catalog-reader', [
      { subject: '', object: 'catalog', action: 'read' },
    ]);
    const configId = await firstId('config_items');
    const checkId = await firstId('checks');

    const configs = await request(
      'GET',
      '/api/db/config_items?select=id,name&limit=2',
      bearer(token),
    );
    expect(configs.statusCode).toBe(200);
    expect(configs.json()).toHaveLength(2);

    const write = await request('PATCH', `/api/db/config_items?id=eq.${configId}`, bearer(token), {
      description: 'changed by token',
    });
    expect(write.statusCode).toBe(403);
    expect(write.body).toBe('unauthorized. Access Denied');
    expect(write.headers['x-rbac-object']).toBe('database');
    expect(write.headers['x-rbac-action']).toBe('update');

    const checkWrite = await request('PATCH', `/api/db/checks?id=eq.${checkId}`, bearer(token), {
      description: 'changed by token',
    });
    expect(checkWrite.statusCode).toBe(403);
    expect(checkWrite.headers['x-rbac-object']).toBe('canaries');
    const checkRead = await request('GET', '/api/db/checks?select=id&limit=1', bearer(token));
    expect(checkRead.statusCode).toBe(403);
    expect(checkRead.headers['x-rbac-action']).toBe('read');
    const playbooks = await request('GET', '/api/db/playbooks?select=id&limit=1', bearer(token));
    expect(playbooks.statusCode).toBe(403);

    // Groups no scope object covers keep the owner's rights.
    const incidents = await request('GET', '/api/db/incidents?select=id&limit=1', bearer(token));
    expect(incidents.statusCode).toBe(200);
    const { rows } = await h.db.query<{ description: string | null }>(
      'SELECT description FROM config_items WHERE id = $1',
      [configId],
    );
    expect(rows[0]?.description).not.toBe('changed by token');
  });

  it('an unscoped token has all of the owner’s rights; the session is unaffected by scopes', async () => {
    const checkId = await firstId('checks');
    const full = await tokenFor('editor', 'everything', []);
    const viaToken = await request('PATCH', `/api/db/checks?id=eq.${checkId}`, bearer(full), {
      description: 'via unscoped token',
    });
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.json()[0].description).toBe('via unscoped token');
    const viaSession = await request('PATCH', `/api/db/checks?id=eq.${checkId}`, as('editor'), {
      description: 'via session',
    });
    expect(viaSession.statusCode).toBe(200);
  });

  it('a scope never adds to the owner’s roles', async () => {
    const checkId = await firstId('checks');
    const token = await tokenFor('viewer', 'viewer-admin-scope', [
      { object: 'canaries', action: 'read' },
      { object: 'canaries', action: 'update' },
    ]);
    const read = await request('GET', `/api/db/checks?id=eq.${checkId}&select=id`, bearer(token));
    expect(read.statusCode).toBe(200);
    const write = await request('PATCH', `/api/db/checks?id=eq.${checkId}`, bearer(token), {
      description: 'viewer write',
    });
    expect(write.statusCode).toBe(403);
    const restricted = await request('GET', '/api/db/identities', bearer(token));
    expect(restricted.statusCode).toBe(403);
  });

  it('create and delete are separate scope actions', async () => {
    const token = await tokenFor('editor', 'scope-creator', [
      { object: 'canaries', action: 'read' },
      { object: 'canaries', action: 'create' },
    ]);
    const created = await request('POST', '/api/db/canaries', bearer(token), {
      name: 'token-made',
      namespace: 'default',
      spec: {},
      source: 'UI',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()[0].id as string;
    const removed = await request('DELETE', `/api/db/canaries?id=eq.${id}`, bearer(token));
    expect(removed.statusCode).toBe(403);
    expect(removed.headers['x-rbac-action']).toBe('delete');
  });

  it('playbook scopes cover playbooks and their runs', async () => {
    const token = await tokenFor('editor', 'playbook-reader', [
      { object: 'playbooks', action: 'read' },
    ]);
    expect(
      (await request('GET', '/api/db/playbooks?select=id&limit=1', bearer(token))).statusCode,
    ).toBe(200);
    expect(
      (await request('GET', '/api/db/playbook_runs?select=id&limit=1', bearer(token))).statusCode,
    ).toBe(200);
    const write = await request('POST', '/api/db/playbook_runs', bearer(token), {});
    expect(write.statusCode).toBe(403);
    expect(
      (await request('GET', '/api/db/config_items?select=id&limit=1', bearer(token))).statusCode,
    ).toBe(403);
  });
});

describe('people and identities through /api/db (AUTH-06 … AUTH-08)', () => {
  it('identities, then people_roles for their ids', async () => {
    const identities = await request('GET', '/api/db/identities', as('admin'));
    expect(identities.statusCode).toBe(200);
    const rows: Array<Record<string, unknown>> = identities.json();
    const admin = rows.find(
      (r) => (r.traits as { email: string }).email === 'admin@demo.local',
    ) as Record<string, unknown>;
    expect(admin).toMatchObject({
      id: expect.any(String),
      nid: expect.any(String),
      state: 'active',
      state_changed_at: expect.any(String),
      created_at: expect.any(String),
      updated_at: expect.any(String),
      traits: { email: 'admin@demo.local', name: { first: 'Ada', last: 'Admin' } },
    });
    const ids = rows.slice(0, 4).map((r) => r.id as string);
    const roles = await request(
      'GET',
      `/api/db/people_roles?id=in.(${ids.join(',')})`,
      as('admin'),
    );
    expect(roles.statusCode).toBe(200);
    expect(roles.json()).toHaveLength(4);
    expect(roles.json()).toContainEqual({
      id: admin.id,
      name: 'Ada Admin',
      email: 'admin@demo.local',
      roles: ['admin'],
    });
    expect((await request('GET', '/api/db/identities', as('editor'))).statusCode).toBe(403);
  });

  it('people_roles ordered by name and filtered with cs', async () => {
    const res = await request(
      'GET',
      '/api/db/people_roles?order=name.asc&roles=cs.{editor}',
      as('editor'),
    );
    expect(res.statusCode).toBe(200);
    const people: Array<{ name: string; roles: string[] }> = res.json();
    expect(people.length).toBeGreaterThan(1);
    expect(people.every((p) => p.roles.includes('editor'))).toBe(true);
    const names = people.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const both = await request(
      'GET',
      '/api/db/people_roles?order=name.asc&roles=cs.{admin,editor}',
      as('editor'),
    );
    expect(both.json()).toEqual([]);
  });

  it('people_roles leaves out the people API tokens act as', async () => {
    await tokenFor('editor', 'not-a-role-holder', [{ object: 'catalog', action: 'read' }]);
    const res = await request('GET', '/api/db/people_roles?order=name.asc', as('admin'));
    expect(res.statusCode).toBe(200);
    const people: Array<{ name: string; roles: string[] }> = res.json();
    expect(people.some((p) => p.name === 'Eli Editor')).toBe(true);
    expect(people.filter((p) => p.name.endsWith('(Token)'))).toEqual([]);
    const roles = new Set(people.flatMap((p) => p.roles));
    expect([...roles].sort()).toEqual([
      'admin',
      'commander',
      'editor',
      'guest',
      'responder',
      'viewer',
    ]);
  });
});

describe('scopes through /api/db (SCOPE-01 … SCOPE-05)', () => {
  it('create, read by id, update, soft-delete and drop out of the list', async () => {
    const me = await personId('admin@demo.local');
    const list = `/api/db/scopes?select=*,created_by(${A})&deleted_at=is.null`;
    const before = await request('GET', list, as('admin'));
    expect(before.statusCode).toBe(200);
    const count = before.json().length as number;

    const created = await request('POST', '/api/db/scopes', as('admin'), {
      name: 'team-scope',
      namespace: 'default',
      description: 'workloads of the team',
      targets: [{ config: { agent: 'local', tagSelector: 'namespace=default' } }],
      source: 'UI',
      created_by: me,
    });
    expect(created.statusCode).toBe(201);
    const id = created.json()[0].id as string;

    const byId = await request(
      'GET',
      `/api/db/scopes?id=eq.${id}&select=*,created_by(${A})`,
      as('admin'),
    );
    expect(byId.json()[0]).toMatchObject({
      name: 'team-scope',
      source: 'UI',
      deleted_at: null,
      created_by: { id: me, name: 'Ada Admin', avatar: null, email: 'admin@demo.local' },
    });

    const updated = await request('PATCH', `/api/db/scopes?id=eq.${id}`, as('admin'), {
      name: 'team-scope',
      namespace: 'default',
      targets: [{ global: { name: '*' } }],
      source: 'UI',
      created_by: me,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()[0].targets).toEqual([{ global: { name: '*' } }]);

    const deletedAt = new Date().toISOString();
    const removed = await request('PATCH', `/api/db/scopes?id=eq.${id}`, as('admin'), {
      deleted_at: deletedAt,
    });
    expect(removed.statusCode).toBe(200);
    expect(Date.parse(removed.json()[0].deleted_at)).toBe(Date.parse(deletedAt));
    const after = await request('GET', list, as('admin'));
    expect(after.json()).toHaveLength(count);
    expect(after.json().map((s: { id: string }) => s.id)).not.toContain(id);
  });

  it('viewers read scopes but cannot write them', async () => {
    expect(
      (await request('GET', '/api/db/scopes?deleted_at=is.null', as('viewer'))).statusCode,
    ).toBe(200);
    const res = await request('POST', '/api/db/scopes', as('viewer'), {
      name: 'nope',
      targets: [],
      source: 'UI',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('permissions through /api/db (PERM-01 … PERM-05)', () => {
  const page = (filter: string) =>
    `/api/db/permissions_summary?${filter}&select=*,created_by(${A})&deleted_at=is.null&limit=5&offset=0`;

  it('lists a page with an exact count, without and with a filter', async () => {
    const all = await request('GET', page(''), { ...as('admin'), prefer: 'count=exact' });
    expect([200, 206]).toContain(all.statusCode);
    const range = String(all.headers['content-range']);
    expect(range).toMatch(/^0-4\/\d+$/);
    const { rows } = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM permissions WHERE deleted_at IS NULL',
    );
    expect(range.split('/')[1]).toBe(String(rows[0]?.n));
    expect(all.json()).toHaveLength(5);
    expect(all.json()[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        action: expect.any(String),
        subject_type: expect.any(String),
        deny: expect.any(Boolean),
      }),
    );

    const persons = await request('GET', page('subject_type=eq.person'), {
      ...as('admin'),
      prefer: 'count=exact',
    });
    expect(persons.json().every((p: { subject_type: string }) => p.subject_type === 'person')).toBe(
      true,
    );
    const withPerson = persons.json().find((p: { person: unknown }) => p.person !== null);
    expect(withPerson.person).toEqual({
      id: withPerson.subject,
      name: expect.any(String),
      email: expect.any(String),
    });

    const none = await request(
      'GET',
      page('connection_id=eq.00000000-0000-4000-8000-000000000000'),
      {
        ...as('admin'),
        prefer: 'count=exact',
      },
    );
    expect(none.statusCode).toBe(200);
    expect(none.headers['content-range']).toBe('*/0');
    expect(none.json()).toEqual([]);
  });

  it('create, read by id, update and hard-delete a permission', async () => {
    const me = await personId('admin@demo.local');
    const editor = await personId('editor@demo.local');
    const created = await request('POST', '/api/db/permissions', as('admin'), {
      description: 'Eli reads the catalog',
      action: 'read',
      subject: editor,
      subject_type: 'person',
      object: 'catalog',
      created_by: me,
    });
    expect(created.statusCode).toBe(201);
    const row = created.json()[0];
    expect(row).toMatchObject({ source: 'UI', deny: false, deleted_at: null });

    const summary = await request(
      'GET',
      `/api/db/permissions_summary?subject=eq.${editor}&select=*,created_by(${A})&deleted_at=is.null&limit=10&offset=0`,
      { ...as('admin'), prefer: 'count=exact' },
    );
    const listed = summary.json().find((p: { id: string }) => p.id === row.id);
    expect(listed).toMatchObject({
      person: { id: editor, name: 'Eli Editor', email: 'editor@demo.local' },
      created_by: { id: me, name: 'Ada Admin' },
    });

    const updated = await request('PATCH', `/api/db/permissions?id=eq.${row.id}`, as('admin'), {
      ...row,
      description: 'Eli reads and denies',
      deny: true,
      updated_by: me,
    });
    expect(updated.statusCode).toBe(200);
    const byId = await request('GET', `/api/db/permissions?id=eq.${row.id}`, as('admin'));
    expect(byId.json()[0]).toMatchObject({
      description: 'Eli reads and denies',
      deny: true,
      updated_by: me,
    });

    const removed = await request('DELETE', `/api/db/permissions?id=eq.${row.id}`, as('admin'));
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toHaveLength(1);
    expect(
      (await request('GET', `/api/db/permissions?id=eq.${row.id}`, as('admin'))).json(),
    ).toEqual([]);
  });

  it('a permission with neither object nor selector is a PostgREST 400, not a 500', async () => {
    const res = await request('POST', '/api/db/permissions', as('admin'), {
      description: 'nothing',
      action: 'read',
      subject: 'x',
      subject_type: 'person',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(
      expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
    );
  });
});

describe('token scopes on the canary routes', () => {
  it('a catalog-only token of an editor may not read the health summary or run a check', async () => {
    const checkId = await firstId('checks');
    const catalogOnly = await tokenFor('editor', 'catalog-only-canary', [
      { subject: '', object: 'catalog', action: 'read' },
    ]);
    const summary = await request('GET', '/api/canary/api/summary', bearer(catalogOnly));
    expect(summary.statusCode).toBe(403);
    expect(summary.json()).toEqual({ error: 'not allowed to read canaries' });
    const run = await request('POST', `/api/canary/run/check/${checkId}`, bearer(catalogOnly));
    expect(run.statusCode).toBe(403);

    const canaryReader = await tokenFor('editor', 'canary-reader', [
      { subject: '', object: 'canaries', action: 'read' },
    ]);
    expect((await request('GET', '/api/canary/api/summary', bearer(canaryReader))).statusCode).toBe(
      200,
    );
    const refused = await request('POST', `/api/canary/run/check/${checkId}`, bearer(canaryReader));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'not allowed to update canaries' });

    const canaryWriter = await tokenFor('editor', 'canary-writer', [
      { subject: '', object: 'canaries', action: 'read' },
      { subject: '', object: 'canaries', action: 'update' },
    ]);
    expect(
      (await request('POST', `/api/canary/run/check/${checkId}`, bearer(canaryWriter))).statusCode,
    ).toBe(200);
  });
});
