import {
  findIdentityByEmail,
  setLookupSecrets,
  setTotpSecret,
} from '../../../server/demo/identity/store/identities';
import { generateTotpSecret, totpCode } from '../../../server/demo/identity/totp';
import * as kratos from './support';
import type { Json } from './support';

const h = kratos.identitySuite({ email: 'grace@example.com', first: 'Grace', last: 'Hopper' });

/** The password method's fields, the right password unless told. */
function passwordFields(identifier: string, password = kratos.PASSWORD) {
  return { method: 'password', identifier, password };
}

describe('creating a login flow', () => {
  test('JSON mode answers 200 with the flow and sets the anti-CSRF cookie', async () => {
    const browser = new kratos.Browser(h.app);
    const res = await browser.get('/api/.ory/self-service/login/browser?return_to=/topology');
    expect(res.status).toBe(200);
    const flow = res.body;
    expect(flow).toMatchObject({
      type: 'browser',
      state: 'choose_method',
      refresh: false,
      requested_aal: 'aal1',
      return_to: `${kratos.ORIGIN}/topology`,
      request_url: `${kratos.PUBLIC}/self-service/login/browser?return_to=/topology`,
      ui: { action: `${kratos.PUBLIC}/self-service/login?flow=${flow.id}`, method: 'POST' },
    });
    expect(new Date(flow.expires_at).getTime() - new Date(flow.issued_at).getTime()).toBe(
      kratos.FLOW_LIFETIME_MS,
    );
    expect(kratos.nodeShapes(flow)).toEqual([
      ['csrf_token', 'default', 'hidden'],
      ['identifier', 'default', 'text'],
      ['password', 'password', 'password'],
      ['method', 'password', 'submit'],
    ]);
    // The schema's one identifier trait has a title, so the label is that title (1070002).
    expect(kratos.nodeByName(flow, 'identifier').meta.label).toEqual({
      id: 1070002,
      text: 'E-Mail',
      type: 'info',
      context: { title: 'E-Mail', name: 'traits.email' },
    });
    expect(kratos.nodeByName(flow, 'identifier').attributes.autocomplete).toBe('username');
    expect(kratos.nodeByName(flow, 'password').meta.label).toMatchObject({
      id: 1070001,
      text: 'Password',
    });
    expect(kratos.nodeByName(flow, 'password').attributes.autocomplete).toBe('current-password');
    expect(kratos.nodeByName(flow, 'method').meta.label).toMatchObject({
      id: 1010001,
      text: 'Sign in',
    });
    expect(kratos.nodeByName(flow, 'csrf_token').attributes).toMatchObject({
      required: true,
      disabled: false,
    });
    const cookie = res.setCookies.find((c) => c.startsWith(`${kratos.CSRF_COOKIE}=`));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=31536000/);
  });

  test('the cookie is set only once; later flows reuse it', async () => {
    const browser = new kratos.Browser(h.app);
    await browser.get('/api/.ory/self-service/login/browser');
    const second = await browser.get('/api/.ory/self-service/login/browser');
    expect(second.setCookies).toEqual([]);
  });

  test('redirect mode answers 303 to the login page with ?flow=', async () => {
    const browser = new kratos.Browser(h.app);
    const res = await browser.get('/api/.ory/self-service/login/browser', 'html');
    expect(res.status).toBe(303);
    expect(res.location).toMatch(new RegExp(`^${kratos.ORIGIN}/login\\?flow=[0-9a-f-]{36}$`));
    expect(res.setCookies.some((c) => c.startsWith(kratos.CSRF_COOKIE))).toBe(true);
  });

  test('a return_to on another host is forbidden', async () => {
    const res = await new kratos.Browser(h.app).get(
      '/api/.ory/self-service/login/browser?return_to=https://evil.example/x',
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      id: 'self_service_flow_return_to_forbidden',
      code: 400,
      status: 'Bad Request',
      reason: 'Requested return_to URL "https://evil.example/x" is not allowed.',
    });
  });

  test('asking for aal2 without a session is 401 session_aal1_required', async () => {
    const res = await new kratos.Browser(h.app).get(
      '/api/.ory/self-service/login/browser?aal=aal2',
    );
    expect(res.status).toBe(401);
    expect(res.body.error.id).toBe('session_aal1_required');
  });

  test('refresh=true without a session gives a normal flow', async () => {
    const flow = await kratos.createFlow(new kratos.Browser(h.app), 'login', 'refresh=true');
    expect(flow.refresh).toBe(false);
  });
});

describe('getting a login flow', () => {
  test('200 with the same flow for the browser that created it', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'login');
    const res = await browser.get(`/api/.ory/self-service/login/flows?id=${flow.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(flow);
  });

  test('403 security_csrf_violation without the cookie or with another browser cookie', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'login');
    const anonymous = await new kratos.Browser(h.app).get(
      `/api/.ory/self-service/login/flows?id=${flow.id}`,
    );
    expect(anonymous.status).toBe(403);
    expect(anonymous.headers['ory-error-id']).toBe('security_csrf_violation');
    expect(anonymous.body.error).toMatchObject({
      id: 'security_csrf_violation',
      code: 403,
      status: 'Forbidden',
      message: 'the request was rejected to protect you from Cross-Site-Request-Forgery',
      details: {
        docs: 'https://www.ory.sh/kratos/docs/debug/csrf',
        reject_reason: 'The HTTP Cookie Header is empty or not set.',
      },
    });
    const other = new kratos.Browser(h.app);
    await kratos.createFlow(other, 'login');
    const mismatch = await other.get(`/api/.ory/self-service/login/flows?id=${flow.id}`);
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.error.id).toBe('security_csrf_violation');
    const wrongCookieName = await new kratos.Browser(h.app).request(
      `/api/.ory/self-service/login/flows?id=${flow.id}`,
      {
        headers: { cookie: 'unrelated=1' },
      },
    );
    expect(wrongCookieName.body.error.details.reject_reason).toBe(
      'The HTTP Cookie Header was set but did not include the anti-CSRF cookie.',
    );
  });

  test('404 for an unknown id', async () => {
    const res = await new kratos.Browser(h.app).get(
      '/api/.ory/self-service/login/flows?id=5e1b1f51-8a3c-4a52-9a10-36a0e2f3c1d4',
    );
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      error: { code: 404, status: 'Not Found', message: 'Unable to locate the resource' },
    });
  });

  test('410 self_service_flow_expired once the lifetime has passed', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'login', 'return_to=/catalog');
    h.clock.advance(kratos.FLOW_LIFETIME_MS + 1000);
    const res = await browser.get(`/api/.ory/self-service/login/flows?id=${flow.id}`);
    expect(res.status).toBe(410);
    expect(res.body.error).toMatchObject({
      id: 'self_service_flow_expired',
      code: 410,
      status: 'Gone',
      reason:
        'The login flow has expired. Redirect the user to the login flow init endpoint to initialize a new login flow.',
      details: {
        redirect_to: `${kratos.PUBLIC}/self-service/login/browser?return_to=${encodeURIComponent(`${kratos.ORIGIN}/catalog`)}`,
        return_to: `${kratos.ORIGIN}/catalog`,
      },
    });
  });
});

describe('submitting a login flow', () => {
  test('a wrong password is 400 with the flow and 4000006 under the form', async () => {
    const { browser, flow, res } = await kratos.submitFresh(
      h.app,
      'login',
      passwordFields('grace@example.com', 'not the password'),
    );
    expect(res.status).toBe(400);
    expect(res.body.id).toBe(flow.id);
    expect(res.body.ui.messages).toEqual([
      kratos.uiMessage(
        4000006,
        'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
      ),
    ]);
    expect(kratos.nodeByName(res.body, 'identifier').attributes.value).toBe('grace@example.com');
    expect(kratos.nodeByName(res.body, 'password').attributes.value).toBeUndefined();
    const again = await browser.get(`/api/.ory/self-service/login/flows?id=${flow.id}`);
    expect(kratos.messageIds(again.body)).toEqual([4000006]);
  });

  test('an unknown identifier gives the same 4000006', async () => {
    const browser = new kratos.Browser(h.app);
    const res = await kratos.signIn(browser, 'nobody@example.com', kratos.PASSWORD);
    expect(res.status).toBe(400);
    expect(kratos.messageIds(res.body)).toEqual([4000006]);
  });

  test('missing fields put 4000002 under each input', async () => {
    const { res } = await kratos.submitFresh(h.app, 'login', passwordFields('', ''));
    expect(res.status).toBe(400);
    expect(kratos.nodeByName(res.body, 'identifier').messages).toEqual([
      kratos.uiMessage(4000002, 'Property identifier is missing.', { property: 'identifier' }),
    ]);
    expect(kratos.nodeByName(res.body, 'password').messages).toEqual([
      kratos.uiMessage(4000002, 'Property password is missing.', { property: 'password' }),
    ]);
    expect(res.body.ui.messages).toBeUndefined();
  });

  test('an unknown method is 400 with 4010002', async () => {
    const { res } = await kratos.submitFresh(h.app, 'login', { method: 'webauthn' });
    expect(res.status).toBe(400);
    expect(kratos.messageIds(res.body)).toEqual([4010002]);
  });

  test('a missing or wrong csrf_token is 403 security_csrf_violation', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'login');
    const url = `/api/.ory/self-service/login?flow=${flow.id}`;
    const missing = await browser.post(url, passwordFields('grace@example.com'));
    expect(missing.status).toBe(403);
    expect(missing.body.error.id).toBe('security_csrf_violation');
    expect(missing.body.error.details.hint).toMatch(/CSRF token was not included/);
    const other = new kratos.Browser(h.app);
    const otherFlow = await kratos.createFlow(other, 'login');
    const wrong = await browser.post(url, {
      csrf_token: kratos.csrfOf(otherFlow),
      method: 'password',
      identifier: 'grace@example.com',
      password: kratos.PASSWORD,
    });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.details.reject_reason).toMatch(/do not match/);
    expect(browser.cookies.has('ory_kratos_session')).toBe(false);
  });

  test('the X-CSRF-Token header is accepted instead of the body field', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'login');
    const res = await browser.request(`/api/.ory/self-service/login?flow=${flow.id}`, {
      method: 'POST',
      json: { method: 'password', identifier: 'grace@example.com', password: kratos.PASSWORD },
      headers: { 'x-csrf-token': kratos.csrfOf(flow) },
    });
    expect(res.status).toBe(200);
  });

  test('an expired flow is 410 with use_flow_id of a new flow carrying 4010001', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'login', 'return_to=/health');
    h.clock.advance(kratos.FLOW_LIFETIME_MS + 90_000);
    const res = await kratos.submit(browser, 'login', flow, passwordFields('grace@example.com'));
    expect(res.status).toBe(410);
    expect(res.body.error).toMatchObject({
      id: 'self_service_flow_expired',
      code: 410,
      status: 'Gone',
      message: 'self-service flow expired',
    });
    expect(res.body.error.reason).toMatch(
      /^The self-service flow expired 1\.5\d minutes ago, initialize a new one\.$/,
    );
    expect(res.body.expired_at).toBe(flow.expires_at);
    expect(res.body.since).toBeGreaterThanOrEqual(90_000 * 1e6);
    expect(res.body.since).toBeLessThan(95_000 * 1e6);
    expect(res.body.use_flow_id).not.toBe(flow.id);
    const replacement = await browser.get(
      `/api/.ory/self-service/login/flows?id=${res.body.use_flow_id}`,
    );
    expect(replacement.status).toBe(200);
    expect(replacement.body.return_to).toBe(`${kratos.ORIGIN}/health`);
    expect(replacement.body.ui.messages[0]).toMatchObject({ id: 4010001, type: 'error' });
    expect(replacement.body.ui.messages[0].text).toMatch(
      /^The login flow expired 1\.5\d minutes ago, please try again\.$/,
    );
  });

  test('success answers the session and a redirect hint, and sets the session cookie', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'login', 'return_to=/topology');
    const csrfBefore = browser.cookies.get(kratos.CSRF_COOKIE);
    const res = await kratos.submit(browser, 'login', flow, passwordFields('GRACE@example.com'));
    expect(res.status).toBe(200);
    expect(res.body.session).toMatchObject({
      active: true,
      authenticator_assurance_level: 'aal1',
      authentication_methods: [{ method: 'password', aal: 'aal1' }],
      identity: {
        traits: { email: 'grace@example.com', name: { first: 'Grace', last: 'Hopper' } },
        schema_id: 'default',
      },
    });
    expect(res.body.continue_with).toEqual([
      { action: 'redirect_browser_to', redirect_browser_to: `${kratos.ORIGIN}/topology` },
    ]);
    expect(res.body.session_token).toBeUndefined();
    const cookie = res.setCookies.find((c) => c.startsWith('ory_kratos_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=86400/);
    expect(browser.cookies.get(kratos.CSRF_COOKIE)).not.toBe(csrfBefore);
    const who = await browser.get('/api/.ory/sessions/whoami');
    expect(who.status).toBe(200);
    expect(who.body.id).toBe(res.body.session.id);
  });

  test('a native form post with flattened keys redirects 303 to return_to', async () => {
    const browser = new kratos.Browser(h.app);
    const created = await browser.get(
      '/api/.ory/self-service/login/browser?return_to=/catalog',
      'html',
    );
    const flowId = new URL(created.location as string).searchParams.get('flow');
    const flow = (await browser.get(`/api/.ory/self-service/login/flows?id=${flowId}`)).body;
    const res = await browser.postForm(`/api/.ory/self-service/login?flow=${flowId}`, {
      csrf_token: kratos.csrfOf(flow),
      method: 'password',
      identifier: 'grace@example.com',
      password: kratos.PASSWORD,
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${kratos.ORIGIN}/catalog`);
    expect(browser.cookies.has('ory_kratos_session')).toBe(true);
  });

  test('a failed native form post redirects back to the login page with the flow', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'login');
    const res = await browser.postForm(`/api/.ory/self-service/login?flow=${flow.id}`, {
      csrf_token: kratos.csrfOf(flow),
      method: 'password',
      identifier: 'grace@example.com',
      password: 'wrong-wrong',
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${kratos.ORIGIN}/login?flow=${flow.id}`);
  });

  test('a CSRF failure of a native form post goes to the error page; the error is readable by id', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'login');
    const res = await browser.postForm(`/api/.ory/self-service/login?flow=${flow.id}`, {
      csrf_token: 'forged',
      method: 'password',
      identifier: 'grace@example.com',
      password: kratos.PASSWORD,
    });
    expect(res.status).toBe(303);
    const location = new URL(res.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(`${kratos.ORIGIN}/error`);
    const stored = await browser.get(
      `/api/.ory/self-service/errors?id=${location.searchParams.get('id')}`,
    );
    expect(stored.status).toBe(200);
    expect(stored.body).toMatchObject({
      id: location.searchParams.get('id'),
      error: { id: 'security_csrf_violation', code: 403 },
    });
    expect(stored.body.created_at).toEqual(expect.any(String));
  });
});

describe('when already signed in', () => {
  let browser: kratos.Browser;
  beforeEach(async () => {
    browser = new kratos.Browser(h.app);
    expect((await kratos.signIn(browser, 'grace@example.com', kratos.PASSWORD)).status).toBe(200);
  });

  test('creating a login flow is 400 session_already_available', async () => {
    const res = await browser.get('/api/.ory/self-service/login/browser');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      id: 'session_already_available',
      code: 400,
      reason:
        'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
    });
  });

  test('in redirect mode it goes to the default return address', async () => {
    const res = await browser.get('/api/.ory/self-service/login/browser', 'html');
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${kratos.ORIGIN}/`);
  });

  test('submitting a flow created before signing in is 400 with 4000001', async () => {
    const other = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(other, 'login');
    expect(
      (await kratos.submit(other, 'login', flow, passwordFields('grace@example.com'))).status,
    ).toBe(200);
    const second = await kratos.createFlow(new kratos.Browser(h.app), 'login');
    const res = await other.post(`/api/.ory/self-service/login?flow=${second.id}`, {
      csrf_token: kratos.csrfOf(second),
      method: 'password',
      identifier: 'grace@example.com',
      password: kratos.PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(res.body.ui.messages).toEqual([
      {
        id: 4000001,
        text: 'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
        type: 'error',
        context: {
          reason:
            'A valid session was detected and thus login is not possible. Did you forget to set `?refresh=true`?',
        },
      },
    ]);
  });

  test('refresh=true asks to confirm with the current identifier hidden, and keeps the session', async () => {
    const before = (await browser.get('/api/.ory/sessions/whoami')).body;
    h.clock.advance(5 * 60 * 1000);
    const flow = await kratos.createFlow(browser, 'login', 'refresh=true');
    expect(flow.refresh).toBe(true);
    expect(kratos.messageIds(flow)).toEqual([1010003]);
    expect(kratos.nodeByName(flow, 'identifier').attributes).toMatchObject({
      type: 'hidden',
      value: 'grace@example.com',
    });
    const res = await kratos.submit(browser, 'login', flow, passwordFields('grace@example.com'));
    expect(res.status).toBe(200);
    expect(res.body.session.id).toBe(before.id);
    expect(new Date(res.body.session.authenticated_at).getTime()).toBeGreaterThan(
      new Date(before.authenticated_at).getTime(),
    );
    expect(res.body.session.authentication_methods).toHaveLength(2);
  });
});

describe('second factor at sign-in', () => {
  const email = 'totp-user@example.com';
  let secret: string;

  beforeAll(async () => {
    await kratos.register(new kratos.Browser(h.app), email, kratos.PASSWORD, 'Tess', 'Otp');
    const identity = await findIdentityByEmail(h.db, email);
    secret = generateTotpSecret();
    await setTotpSecret(h.db, identity!.id, secret, new Date());
  });

  test('password login answers 422 browser_location_change_required to the aal2 login, then TOTP completes it', async () => {
    const browser = new kratos.Browser(h.app);
    const res = await kratos.signIn(browser, email, kratos.PASSWORD, 'return_to=/incidents');
    expect(res.status).toBe(422);
    const redirect = `${kratos.PUBLIC}/self-service/login/browser?aal=aal2&return_to=%2Fincidents`;
    expect(res.body).toEqual({
      error: {
        id: 'browser_location_change_required',
        code: 422,
        status: 'Unprocessable Entity',
        reason: `In order to complete this flow please redirect the browser to: ${redirect}`,
        message: 'browser location change required',
        details: { redirect_browser_to: redirect },
      },
      redirect_browser_to: redirect,
    });
    expect(browser.cookies.has('ory_kratos_session')).toBe(true);

    const whoami = await browser.get('/api/.ory/sessions/whoami');
    expect(whoami.status).toBe(403);
    expect(whoami.body.error.id).toBe('session_aal2_required');

    const aal2 = await browser.get(redirect.slice(kratos.ORIGIN.length));
    expect(aal2.status).toBe(200);
    const flow = aal2.body;
    expect(flow.requested_aal).toBe('aal2');
    expect(kratos.messageIds(flow)).toEqual([1010004]);
    expect(kratos.nodeByName(flow, 'totp_code')).toMatchObject({
      group: 'totp',
      attributes: { type: 'text', required: true },
      meta: { label: { id: 1010006, text: 'Authentication code' } },
    });
    expect(kratos.nodeByName(flow, 'method', 'submit')).toMatchObject({
      group: 'totp',
      attributes: { value: 'totp' },
      meta: { label: { id: 1010009, text: 'Use Authenticator' } },
    });
    expect(kratos.nodeByName(flow, 'identifier')).toBeUndefined();

    const password = await kratos.submit(browser, 'login', flow, passwordFields(email));
    expect(password.status).toBe(400);
    expect(kratos.messageIds(password.body)).toEqual([4010002]);

    const wrongCode = kratos.otherCode(totpCode(secret, h.clock.now()));
    const wrong = await kratos.submit(browser, 'login', flow, {
      method: 'totp',
      totp_code: wrongCode,
    });
    expect(wrong.status).toBe(400);
    expect(kratos.nodeByName(wrong.body, 'totp_code').messages).toEqual([
      kratos.uiMessage(4000008, 'The provided authentication code is invalid, please try again.'),
    ]);

    const ok = await kratos.submit(browser, 'login', flow, {
      method: 'totp',
      totp_code: totpCode(secret, h.clock.now()),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.session.authenticator_assurance_level).toBe('aal2');
    expect(ok.body.session.authentication_methods.map((m: Json) => m.method)).toEqual([
      'password',
      'totp',
    ]);
    expect(ok.body.continue_with[0].redirect_browser_to).toBe(`${kratos.ORIGIN}/incidents`);
    const after = await browser.get('/api/.ory/sessions/whoami');
    expect(after.status).toBe(200);
    expect(after.body.authenticator_assurance_level).toBe('aal2');
    expect((await browser.get('/api/.ory/self-service/login/browser?aal=aal2')).body.error.id).toBe(
      'session_already_available',
    );
  });

  test('a code from the previous 30-second step is accepted, one from two steps ago is not', async () => {
    // Start one second into a step, so the server checks the codes in the step they were made
    // in (one made just before a step boundary and checked after it would be two steps old).
    h.clock.advance(31_000 - (h.clock.now().getTime() % 30_000));
    const browser = new kratos.Browser(h.app);
    expect((await kratos.signIn(browser, email, kratos.PASSWORD)).status).toBe(422);
    const flow = await kratos.createFlow(browser, 'login', 'aal=aal2');
    const stale = await kratos.submit(browser, 'login', flow, {
      method: 'totp',
      totp_code: totpCode(secret, new Date(h.clock.now().getTime() - 90_000)),
    });
    expect(stale.status).toBe(400);
    const previous = await kratos.submit(browser, 'login', flow, {
      method: 'totp',
      totp_code: totpCode(secret, new Date(h.clock.now().getTime() - 30_000)),
    });
    expect(previous.status).toBe(200);
  });

  test('backup codes: an unknown code is 4000016, a used one 4000012, an unused one completes aal2', async () => {
    const lookupEmail = 'lookup-user@example.com';
    await kratos.register(new kratos.Browser(h.app), lookupEmail, kratos.PASSWORD, 'Lou', 'Kup');
    const identity = await findIdentityByEmail(h.db, lookupEmail);
    await setLookupSecrets(
      h.db,
      identity!.id,
      [
        { code: 'abcd1234', used_at: null },
        { code: 'usedcode', used_at: new Date().toISOString() },
      ],
      new Date(),
    );
    const browser = new kratos.Browser(h.app);
    expect((await kratos.signIn(browser, lookupEmail, kratos.PASSWORD)).status).toBe(422);
    const flow = await kratos.createFlow(browser, 'login', 'aal=aal2');
    expect(kratos.nodeByName(flow, 'lookup_secret').meta.label).toMatchObject({
      id: 1010007,
      text: 'Backup recovery code',
    });
    expect(kratos.nodeByName(flow, 'totp_code')).toBeUndefined();
    const unknown = await kratos.submit(browser, 'login', flow, {
      method: 'lookup_secret',
      lookup_secret: 'zzzzzzzz',
    });
    expect(unknown.status).toBe(400);
    expect(kratos.nodeByName(unknown.body, 'lookup_secret').messages[0]).toMatchObject({
      id: 4000016,
      text: 'The backup recovery code is not valid.',
    });
    const used = await kratos.submit(browser, 'login', flow, {
      method: 'lookup_secret',
      lookup_secret: 'usedcode',
    });
    expect(used.status).toBe(400);
    expect(used.body.ui.messages).toEqual([
      { id: 4000012, text: 'This backup recovery code has already been used.', type: 'error' },
    ]);
    const ok = await kratos.submit(browser, 'login', flow, {
      method: 'lookup_secret',
      lookup_secret: 'ABCD1234',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.session.authenticator_assurance_level).toBe('aal2');
    const stored = await findIdentityByEmail(h.db, lookupEmail);
    expect(stored!.lookupSecrets!.find((s) => s.code === 'abcd1234')!.used_at).not.toBeNull();
  });
});
