import { hashToken } from '../../../server/demo/auth/caller';
import { demoSuite } from './support';

jest.setTimeout(60_000);

const { h, cookies } = demoSuite(['admin', 'editor', 'responder', 'viewer', 'guest']);

const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
  h.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

describe('GET /api/auth/whoami', () => {
  it('answers the signed-in person with roles (AUTH-01 shape)', async () => {
    const res = await get('/api/auth/whoami', cookies.viewer);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('success');
    expect(body.payload.user).toMatchObject({ email: 'viewer@demo.local', name: 'Vic Viewer' });
    expect(body.payload.roles).toEqual(['viewer']);
    expect(Array.isArray(body.payload.permissions)).toBe(true);
    expect(typeof body.payload.hostname).toBe('string');
  });

  it('is 401 with a JSON error without a session', async () => {
    const res = await get('/api/auth/whoami');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'error fetching user' });
  });

  it('accepts an API token as Bearer and as Basic with user "token", and refuses an expired one', async () => {
    const { rows } = await h.db.query<{ id: string }>(
      "SELECT id FROM people WHERE email = 'editor@demo.local'",
    );
    const personId = rows[0]?.id;
    await h.db.query(
      `INSERT INTO access_tokens (name, person_id, value, auto_renew, created_at, expires_at)
       VALUES ('ci', $1, $2, false, now(), now() + interval '1 day'),
              ('old', $1, $3, false, now(), now() - interval '1 day')`,
      [personId, hashToken('good-token'), hashToken('old-token')],
    );
    const bearer = await get('/api/auth/whoami', undefined, { authorization: 'Bearer good-token' });
    expect(bearer.json().payload.user.email).toBe('editor@demo.local');
    const basic = Buffer.from('token:good-token').toString('base64');
    const viaBasic = await get('/api/auth/whoami', undefined, { authorization: `Basic ${basic}` });
    expect(viaBasic.statusCode).toBe(200);
    const expired = await get('/api/auth/whoami', undefined, { authorization: 'Bearer old-token' });
    expect(expired.statusCode).toBe(401);
  });
});

describe('GET /api/properties', () => {
  it('lists database properties with name, value and source', async () => {
    await h.db.query("INSERT INTO properties (name, value) VALUES ('health.disable', 'true')");
    const res = await get('/api/properties', cookies.viewer);
    expect(res.statusCode).toBe(200);
    const rows = res.json<Array<{ name: string; value: string; source: string }>>();
    expect(rows).toContainEqual(
      expect.objectContaining({ name: 'health.disable', value: 'true', source: 'db' }),
    );
    await h.db.query("DELETE FROM properties WHERE name = 'health.disable'");
  });

  it('needs a session', async () => {
    expect((await get('/api/properties')).statusCode).toBe(401);
  });
});

describe('about and kubeconfig', () => {
  it.each(['/api/about', '/api/canary/about'])('%s answers Version', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Version: 'test' });
  });

  it('downloads a kubeconfig carrying a new token that authenticates', async () => {
    const res = await get('/api/kubeconfig', cookies.admin, { host: 'console.local:3000' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/yaml/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename=.+-kubeconfig\.yaml$/,
    );
    expect(res.body).toContain('server: http://console.local:3000/api/kubeproxy');
    const token = /token: (\S+)/.exec(res.body)?.[1];
    expect(token).toBeDefined();
    const who = await get('/api/auth/whoami', undefined, { authorization: `Bearer ${token}` });
    expect(who.json().payload.user.email).toBe('admin@demo.local');
  });
});

describe('/api/db access rules (spec 000 §6)', () => {
  const write = (role: string, url: string, payload: unknown, method: 'POST' | 'PATCH' = 'POST') =>
    h.app.inject({
      method,
      url,
      headers: { cookie: cookies[role] ?? '', prefer: 'return=representation' },
      payload: payload as object,
    });

  it('refuses a request without a session with 401', async () => {
    const res = await get('/api/db/people?select=id');
    expect(res.statusCode).toBe(401);
  });

  it('lets a viewer read and refuses its writes with 403 and the RBAC headers', async () => {
    expect((await get('/api/db/scopes?select=id,name', cookies.viewer)).statusCode).toBe(200);
    const res = await write('viewer', '/api/db/properties', { name: 'x', value: 'y' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toBe('unauthorized. Access Denied');
    expect(res.headers['x-rbac-object']).toBe('feature_flags');
  });

  it('lets a responder write comments but not properties', async () => {
    const { rows } = await h.db.query<{ id: string }>('SELECT id FROM incidents LIMIT 1');
    const incidentId = rows[0]?.id;
    const { rows: hyp } = await h.db.query<{ id: string }>(
      'SELECT id FROM hypotheses WHERE incident_id = $1 LIMIT 1',
      [incidentId],
    );
    const who = (await get('/api/auth/whoami', cookies.responder)).json().payload.user.id;
    const comment = await write('responder', '/api/db/comments', {
      incident_id: incidentId,
      hypothesis_id: hyp[0]?.id,
      comment: 'Restarted the pod',
      created_by: who,
    });
    expect(comment.statusCode).toBe(201);
    expect(
      (await write('responder', '/api/db/properties', { name: 'a', value: 'b' })).statusCode,
    ).toBe(403);
  });

  it('lets an editor write properties but not read connections', async () => {
    const created = await write('editor', '/api/db/properties', { name: 'demo.flag', value: '1' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual([expect.objectContaining({ name: 'demo.flag', value: '1' })]);
    expect((await get('/api/db/connections?select=id', cookies.editor)).statusCode).toBe(403);
    expect((await get('/api/db/connections?select=id', cookies.admin)).statusCode).toBe(200);
  });

  it('keeps the stand-in tables out of reach', async () => {
    const res = await get('/api/db/demo_sessions?select=token', cookies.admin);
    expect(res.statusCode).toBe(404);
  });
});
