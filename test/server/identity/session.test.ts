import {
  DuplicateIdentityError,
  SESSION_COOKIE,
  createIdentity,
  resolveSession,
} from '../../../server/demo/identity';
import { findIdentityByEmail, setTotpSecret } from '../../../server/demo/identity/store/identities';
import { generateTotpSecret } from '../../../server/demo/identity/totp';
import * as kratos from './support';

const EMAIL = 'sam@example.com';
const h = kratos.identitySuite({ email: EMAIL, first: 'Sam', last: 'Session' });

async function signedIn(): Promise<kratos.Browser> {
  const browser = new kratos.Browser(h.app);
  expect((await kratos.signIn(browser, EMAIL, kratos.PASSWORD)).status).toBe(200);
  return browser;
}

describe('GET /sessions/whoami', () => {
  test('200 with the session and the identity id header', async () => {
    const browser = await signedIn();
    const res = await browser.get('/api/.ory/sessions/whoami');
    expect(res.status).toBe(200);
    expect(res.headers['x-kratos-authenticated-identity-id']).toBe(res.body.identity.id);
    expect(Object.keys(res.body).sort()).toEqual([
      'active',
      'authenticated_at',
      'authentication_methods',
      'authenticator_assurance_level',
      'devices',
      'expires_at',
      'id',
      'identity',
      'issued_at',
    ]);
    expect(res.body).toMatchObject({
      active: true,
      authenticator_assurance_level: 'aal1',
      identity: {
        schema_id: 'default',
        schema_url: `${kratos.PUBLIC}/schemas/ZGVmYXVsdA`,
        traits: { email: EMAIL, name: { first: 'Sam', last: 'Session' } },
      },
      devices: [{ ip_address: '127.0.0.1' }],
    });
    expect(new Date(res.body.expires_at).getTime() - new Date(res.body.issued_at).getTime()).toBe(
      24 * 60 * 60 * 1000,
    );
  });

  test('whoami answers JSON even to a browser navigation', async () => {
    const browser = await signedIn();
    const res = await browser.get('/api/.ory/sessions/whoami', 'html');
    expect(res.status).toBe(200);
    expect(res.body.identity.traits.email).toBe(EMAIL);
  });

  test('401 session_inactive without a session, with an unknown token, and after the lifetime', async () => {
    const none = await new kratos.Browser(h.app).get('/api/.ory/sessions/whoami');
    expect(none.status).toBe(401);
    expect(none.headers['ory-error-id']).toBe('session_inactive');
    expect(none.body).toEqual({
      error: {
        id: 'session_inactive',
        code: 401,
        status: 'Unauthorized',
        reason: 'No active session was found in this request.',
        message: 'request does not have a valid authentication session',
      },
    });
    const forged = await new kratos.Browser(h.app).request('/api/.ory/sessions/whoami', {
      headers: { cookie: `${SESSION_COOKIE}=forged` },
    });
    expect(forged.status).toBe(401);
    const browser = await signedIn();
    h.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await browser.get('/api/.ory/sessions/whoami')).status).toBe(401);
  });

  test('the session token header works too', async () => {
    const browser = await signedIn();
    const token = browser.cookies.get(SESSION_COOKIE) as string;
    const res = await new kratos.Browser(h.app).request('/api/.ory/sessions/whoami', {
      headers: { 'x-session-token': token },
    });
    expect(res.status).toBe(200);
  });

  test('a replayed Set-Cookie string is accepted as the Cookie header', async () => {
    const { res } = await kratos.submitFresh(h.app, 'login', {
      method: 'password',
      identifier: EMAIL,
      password: kratos.PASSWORD,
    });
    const replay = res.setCookies.join(', ');
    expect(replay).toMatch(/Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax, /);
    const who = await new kratos.Browser(h.app).request('/api/.ory/sessions/whoami', {
      headers: { cookie: replay },
    });
    expect(who.status).toBe(200);
  });

  test('403 session_aal2_required when the identity has TOTP and the session only aal1', async () => {
    const email = 'aal-whoami@example.com';
    await kratos.register(new kratos.Browser(h.app), email);
    const identity = await findIdentityByEmail(h.db, email);
    await setTotpSecret(h.db, identity!.id, generateTotpSecret(), new Date());
    const browser = new kratos.Browser(h.app);
    expect((await kratos.signIn(browser, email, kratos.PASSWORD)).status).toBe(422);
    const res = await browser.get('/api/.ory/sessions/whoami?return_to=/topology');
    expect(res.status).toBe(403);
    const redirect = `${kratos.PUBLIC}/self-service/login/browser?aal=aal2&return_to=%2Ftopology`;
    expect(res.body).toEqual({
      error: {
        id: 'session_aal2_required',
        code: 403,
        status: 'Forbidden',
        message: 'Session does not fulfill the requested Authenticator Assurance Level',
        reason:
          'An active session was found but it does not fulfill the requested Authenticator Assurance Level. Please verify yourself with a second factor to resolve this issue.',
        details: { redirect_browser_to: redirect },
      },
      redirect_browser_to: redirect,
    });
    expect(await resolveSession(h.db, browser.cookieHeader())).toBeNull();
  });
});

describe('logout', () => {
  test('create the URL, then perform: 204, cookie cleared, CSRF regenerated, session gone', async () => {
    const browser = await signedIn();
    const created = await browser.get('/api/.ory/self-service/logout/browser?return_to=/login');
    expect(created.status).toBe(200);
    const token = created.body.logout_token;
    expect(token).toEqual(expect.any(String));
    expect(created.body.logout_url).toBe(
      `${kratos.PUBLIC}/self-service/logout?token=${encodeURIComponent(token)}&return_to=%2Flogin`,
    );
    const csrfBefore = browser.cookies.get(kratos.CSRF_COOKIE);
    const res = await browser.get(
      `/api/.ory/self-service/logout?token=${encodeURIComponent(token)}&return_to=/login`,
    );
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    const cleared = res.setCookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cleared).toMatch(/^ory_kratos_session=; Path=\/; Max-Age=0/);
    expect(browser.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(browser.cookies.get(kratos.CSRF_COOKIE)).not.toBe(csrfBefore);
    expect((await browser.get('/api/.ory/sessions/whoami')).status).toBe(401);
  });

  test('the old cookie no longer works after logout', async () => {
    const browser = await signedIn();
    const cookie = browser.cookieHeader() as string;
    const { logout_token } = (await browser.get('/api/.ory/self-service/logout/browser')).body;
    await browser.get(`/api/.ory/self-service/logout?token=${encodeURIComponent(logout_token)}`);
    const stale = await new kratos.Browser(h.app).request('/api/.ory/sessions/whoami', {
      headers: { cookie },
    });
    expect(stale.status).toBe(401);
  });

  test('a token that does not match the session is 403; a missing token 400; no session 401', async () => {
    const browser = await signedIn();
    const other = await signedIn();
    const { logout_token } = (await other.get('/api/.ory/self-service/logout/browser')).body;
    const mismatch = await browser.get(
      `/api/.ory/self-service/logout?token=${encodeURIComponent(logout_token)}`,
    );
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.error).toEqual({
      code: 403,
      status: 'Forbidden',
      reason:
        'Unable to log out because the logout token in the URL query does not match the session cookie.',
      message: 'The requested action was forbidden',
    });
    expect((await browser.get('/api/.ory/sessions/whoami')).status).toBe(200);
    const missing = await browser.get('/api/.ory/self-service/logout');
    expect(missing.status).toBe(400);
    expect(missing.body.error.reason).toBe('Please include a token in the URL query.');
    const anonymous = await new kratos.Browser(h.app).get(
      `/api/.ory/self-service/logout?token=abc`,
    );
    expect(anonymous.status).toBe(401);
    expect(
      (await new kratos.Browser(h.app).get('/api/.ory/self-service/logout/browser')).body.error.id,
    ).toBe('session_inactive');
  });

  test('in redirect mode logout is a 303 to return_to', async () => {
    const browser = await signedIn();
    const { logout_token } = (await browser.get('/api/.ory/self-service/logout/browser')).body;
    const res = await browser.get(
      `/api/.ory/self-service/logout?token=${encodeURIComponent(logout_token)}&return_to=/login`,
      'html',
    );
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${kratos.ORIGIN}/login`);
  });
});

describe('GET /self-service/errors', () => {
  test('the stub error, a 404 for unknown ids, and errors stored by redirect-mode failures', async () => {
    const browser = new kratos.Browser(h.app);
    const stub = await browser.get('/api/.ory/self-service/errors?id=stub:500');
    expect(stub.status).toBe(200);
    expect(stub.body).toMatchObject({
      id: 'stub:500',
      error: { code: 500, reason: 'This is a stub error.' },
    });
    const unknown = await browser.get(
      '/api/.ory/self-service/errors?id=7a1e8a36-1111-4111-8111-111111111111',
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Unable to locate the resource');

    const registration = await browser.get(
      '/api/.ory/self-service/registration/browser?return_to=https://elsewhere.example/',
      'html',
    );
    expect(registration.status).toBe(303);
    const errorId = new URL(registration.location as string).searchParams.get('id');
    expect(registration.location).toBe(`${kratos.ORIGIN}/error?id=${errorId}`);
    const stored = await browser.get(`/api/.ory/self-service/errors?error=${errorId}`);
    expect(stored.status).toBe(200);
    expect(stored.body.error).toMatchObject({
      id: 'self_service_flow_return_to_forbidden',
      code: 400,
    });
  });
});

describe('malformed requests', () => {
  test('a body that is not JSON is a 400 envelope, not a crash', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'login');
    const res = await browser.request(`/api/.ory/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: browser.cookieHeader() as string },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 400, status: 'Bad Request' });
  });
});

describe('resolveSession and createIdentity', () => {
  test('resolveSession answers for the signed-in identity and null otherwise', async () => {
    const browser = await signedIn();
    const resolved = await resolveSession(h.db, browser.cookieHeader());
    const whoami = (await browser.get('/api/.ory/sessions/whoami')).body;
    expect(resolved).toEqual({
      sessionId: whoami.id,
      identityId: whoami.identity.id,
      personId: whoami.identity.id,
      aal: 'aal1',
      role: 'viewer',
      email: EMAIL,
    });
    expect(await resolveSession(h.db, undefined)).toBeNull();
    expect(await resolveSession(h.db, `${SESSION_COOKIE}=nope`)).toBeNull();
  });

  test('without a stored role, the most privileged casbin_rule role of the person counts', async () => {
    const created = await createIdentity(h.db, {
      email: 'rbac@example.com',
      password: 'rbac password 1',
    });
    await h.db.query(`UPDATE demo_identities SET role = NULL WHERE id = $1`, [created.identity.id]);
    const browser = new kratos.Browser(h.app);
    expect((await kratos.signIn(browser, 'rbac@example.com', 'rbac password 1')).status).toBe(200);
    expect((await resolveSession(h.db, browser.cookieHeader()))?.role).toBe('viewer');
    await h.db.exec(
      `CREATE TABLE IF NOT EXISTS casbin_rule (id bigserial PRIMARY KEY, ptype varchar(100) NOT NULL, v0 varchar(100) NOT NULL, v1 varchar(100) NOT NULL)`,
    );
    await h.db.query(
      `INSERT INTO casbin_rule (ptype, v0, v1) VALUES ('g', $1, 'viewer'), ('g', $1, 'editor')`,
      [created.identity.personId],
    );
    expect((await resolveSession(h.db, browser.cookieHeader()))?.role).toBe('editor');
  });

  test('createIdentity stores the role and an optional password, and refuses duplicates', async () => {
    const created = await createIdentity(h.db, {
      email: 'admin2@example.com',
      firstName: 'Ad',
      lastName: 'Min',
      role: 'admin',
      password: 'admin password 1',
    });
    expect(created.recoveryLink).toMatch(/\/self-service\/recovery\?flow=[0-9a-f-]{36}$/);
    const browser = new kratos.Browser(h.app);
    expect((await kratos.signIn(browser, 'admin2@example.com', 'admin password 1')).status).toBe(
      200,
    );
    expect((await resolveSession(h.db, browser.cookieHeader()))?.role).toBe('admin');
    await expect(createIdentity(h.db, { email: 'ADMIN2@example.com' })).rejects.toBeInstanceOf(
      DuplicateIdentityError,
    );
    await expect(createIdentity(h.db, { email: 'not an email' })).rejects.toThrow(
      '"not an email" is not valid "email"',
    );
  });

  test('a person who exists without an identity is linked, not duplicated', async () => {
    await h.db.query(
      `INSERT INTO people (id, name, email) VALUES ('0b0e0000-0000-4000-8000-000000000001', 'Pre Existing', 'pre@example.com')`,
    );
    const created = await createIdentity(h.db, {
      email: 'pre@example.com',
      firstName: 'Pre',
      lastName: 'Existing',
    });
    expect(created.identity.id).toBe('0b0e0000-0000-4000-8000-000000000001');
    const count = await h.db.query(
      `SELECT count(*)::int AS n FROM people WHERE email = 'pre@example.com'`,
    );
    expect(count.rows[0]).toEqual({ n: 1 });
  });

  test('a soft-deleted person can no longer sign in', async () => {
    const created = await createIdentity(h.db, {
      email: 'leaver@example.com',
      password: 'leaving for good',
    });
    const browser = new kratos.Browser(h.app);
    expect((await kratos.signIn(browser, 'leaver@example.com', 'leaving for good')).status).toBe(
      200,
    );
    await h.db.query(`UPDATE people SET deleted_at = now() WHERE id = $1`, [
      created.identity.personId,
    ]);
    expect((await browser.get('/api/.ory/sessions/whoami')).status).toBe(401);
    expect(
      (await kratos.signIn(new kratos.Browser(h.app), 'leaver@example.com', 'leaving for good'))
        .status,
    ).toBe(400);
  });

  test('the CSRF token of a flow survives a form post only with the matching cookie', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'login');
    const res = await new kratos.Browser(h.app).postForm(
      `/api/.ory/self-service/login?flow=${flow.id}`,
      {
        csrf_token: kratos.csrfOf(flow),
        method: 'password',
        identifier: EMAIL,
        password: kratos.PASSWORD,
      },
      'json',
    );
    expect(res.status).toBe(403);
    expect(res.body.error.details.reject_reason).toBe(
      'The HTTP Cookie Header is empty or not set.',
    );
  });
});
