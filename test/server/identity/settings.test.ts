import { totpCode } from '../../../server/demo/identity/totp';
import * as kratos from './support';
import type { Json } from './support';

const HOUR = 60 * 60 * 1000;
let counter = 0;
const h = kratos.identitySuite();

/** A freshly registered, signed-in person. */
async function person(): Promise<{ browser: kratos.Browser; email: string }> {
  counter += 1;
  const email = `settings-${counter}@example.com`;
  const browser = new kratos.Browser(h.app);
  await kratos.register(browser, email, kratos.PASSWORD, 'Set', `Tings${counter}`);
  return { browser, email };
}

function groups(flow: Json): string[] {
  return [...new Set<string>(flow.ui.nodes.map((n: Json) => n.group))];
}

describe('creating and getting a settings flow', () => {
  test('without a session: 401 session_inactive, or a redirect to sign in', async () => {
    const json = await new kratos.Browser(h.app).get('/api/.ory/self-service/settings/browser');
    expect(json.status).toBe(401);
    expect(json.body.error).toEqual({
      id: 'session_inactive',
      code: 401,
      status: 'Unauthorized',
      reason: 'No active session was found in this request.',
      message: 'request does not have a valid authentication session',
    });
    const html = await new kratos.Browser(h.app).get(
      '/api/.ory/self-service/settings/browser',
      'html',
    );
    expect(html.status).toBe(303);
    expect(html.location).toBe(`${kratos.PUBLIC}/self-service/login/browser`);
  });

  test('200 with the identity and one group of nodes per method', async () => {
    const { browser, email } = await person();
    const res = await browser.get('/api/.ory/self-service/settings/browser?return_to=/topology');
    expect(res.status).toBe(200);
    const flow = res.body;
    expect(flow).toMatchObject({
      type: 'browser',
      state: 'show_form',
      return_to: `${kratos.ORIGIN}/topology`,
    });
    expect(flow.identity.traits.email).toBe(email);
    expect(groups(flow)).toEqual(['default', 'profile', 'password', 'lookup_secret', 'totp']);
    expect(kratos.nodeByName(flow, 'traits.email')).toMatchObject({
      group: 'profile',
      attributes: { value: email, type: 'email' },
    });
    expect(kratos.nodeByName(flow, 'traits.name.first').attributes.value).toBe('Set');
    expect(
      flow.ui.nodes
        .filter((n: Json) => n.attributes.name === 'method')
        .map((n: Json) => [n.attributes.value, n.meta.label.id]),
    ).toEqual([
      ['profile', 1070003],
      ['password', 1070003],
      ['totp', 1070003],
    ]);
    expect(kratos.nodeByName(flow, 'lookup_secret_regenerate')).toMatchObject({
      attributes: { type: 'submit', value: 'true' },
      meta: { label: { id: 1050008, text: 'Generate new backup recovery codes' } },
    });
    const qr = kratos.nodeById(flow, 'totp_qr');
    expect(qr).toMatchObject({
      type: 'img',
      group: 'totp',
      attributes: { width: 256, height: 256, node_type: 'img' },
    });
    expect(qr.meta.label).toMatchObject({ id: 1050005, text: 'Authenticator app QR code' });
    const png = Buffer.from(qr.attributes.src.replace(/^data:image\/png;base64,/, ''), 'base64');
    expect(qr.attributes.src.startsWith('data:image/png;base64,')).toBe(true);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(256);
    expect(png.readUInt32BE(20)).toBe(256);
    const secret = kratos.nodeById(flow, 'totp_secret_key');
    expect(secret.attributes.text).toMatchObject({
      id: 1050006,
      context: { secret: secret.attributes.text.text },
    });
    expect(secret.attributes.text.text).toMatch(/^[A-Z2-7]{32}$/);
    expect(secret.meta.label).toMatchObject({ id: 1050017 });
    expect(kratos.nodeByName(flow, 'totp_code')).toMatchObject({
      attributes: { required: true },
      meta: { label: { id: 1070006, text: 'Verify code' } },
    });
    const html = await browser.get('/api/.ory/self-service/settings/browser', 'html');
    expect(html.location).toMatch(new RegExp(`^${kratos.ORIGIN}/profile-settings\\?flow=`));
  });

  test('get: 200; 403 CSRF; 403 security_identity_mismatch; 404; 410; 401 without a session', async () => {
    const { browser } = await person();
    const flow = await kratos.createFlow(browser, 'settings');
    const url = `/api/.ory/self-service/settings/flows?id=${flow.id}`;
    expect((await browser.get(url)).status).toBe(200);
    const noCsrf = await browser.request(url, {
      headers: { cookie: `ory_kratos_session=${browser.cookies.get('ory_kratos_session')}` },
    });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error.id).toBe('security_csrf_violation');
    const other = await person();
    const mismatch = await other.browser.get(url);
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.error.id).toBe('security_identity_mismatch');
    expect((await new kratos.Browser(h.app).get(url)).status).toBe(401);
    const expired = await kratos.expectUnknownThenExpired(
      browser,
      h.clock,
      'settings',
      url,
      '9f3e2c1a-0000-4000-8000-000000000000',
    );
    expect(expired.body.error.details.redirect_to).toBe(
      `${kratos.PUBLIC}/self-service/settings/browser`,
    );
  });
});

describe('profile', () => {
  test('saving names: 200 success with 1050001 and the person renamed', async () => {
    const { browser, email } = await person();
    const flow = await kratos.createFlow(browser, 'settings');
    const res = await kratos.submit(browser, 'settings', flow, {
      method: 'profile',
      'traits.email': email,
      'traits.name.first': 'Renamed',
      'traits.name.last': 'Person',
    });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('success');
    expect(res.body.ui.messages).toEqual([
      { id: 1050001, text: 'Your changes have been saved!', type: 'success' },
    ]);
    expect(res.body.identity.traits.name).toEqual({ first: 'Renamed', last: 'Person' });
    expect(kratos.nodeByName(res.body, 'traits.name.first').attributes.value).toBe('Renamed');
    const people = await h.db.query(`SELECT name FROM people WHERE id = $1`, [
      res.body.identity.id,
    ]);
    expect(people.rows[0]).toEqual({ name: 'Renamed Person' });
  });

  test('a missing email is 400 with 4000002 under traits.email', async () => {
    const { browser } = await person();
    const flow = await kratos.createFlow(browser, 'settings');
    const res = await kratos.submit(browser, 'settings', flow, {
      method: 'profile',
      'traits.email': '',
      'traits.name.first': 'X',
    });
    expect(res.status).toBe(400);
    expect(kratos.nodeByName(res.body, 'traits.email').messages[0]).toMatchObject({
      id: 4000002,
      text: 'Property email is missing.',
    });
    expect(kratos.nodeByName(res.body, 'traits.name.first').attributes.value).toBe('X');
  });

  test('changing the email needs a recent sign-in; names do not', async () => {
    const { browser, email } = await person();
    h.clock.advance(HOUR + 60_000);
    const flow = await kratos.createFlow(browser, 'settings');
    const names = await kratos.submit(browser, 'settings', flow, {
      method: 'profile',
      'traits.email': email,
      'traits.name.first': 'Late',
    });
    expect(names.status).toBe(200);
    const res = await kratos.submit(browser, 'settings', names.body, {
      method: 'profile',
      'traits.email': `new-${email}`,
      'traits.name.first': 'Late',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.id).toBe('session_refresh_required');
  });

  test('a new email is saved unverified and a verification code is sent', async () => {
    const { browser, email } = await person();
    const flow = await kratos.createFlow(browser, 'settings');
    const res = await kratos.submit(browser, 'settings', flow, {
      method: 'profile',
      'traits.email': `moved-${email}`,
    });
    expect(res.status).toBe(200);
    expect(res.body.identity.verifiable_addresses[0]).toMatchObject({
      value: `moved-${email}`,
      verified: false,
    });
    expect(res.body.continue_with[0]).toMatchObject({
      action: 'show_verification_ui',
      flow: { verifiable_address: `moved-${email}` },
    });
    const mail = await browser.get(`/api/demo/mailbox?recipient=moved-${email}`);
    expect(mail.body).toHaveLength(1);
  });
});

describe('password', () => {
  test('after the privileged age: 403 session_refresh_required; after re-authenticating it is saved', async () => {
    const { browser, email } = await person();
    h.clock.advance(HOUR + 60_000);
    const flow = await kratos.createFlow(browser, 'settings');
    const res = await kratos.submit(browser, 'settings', flow, {
      method: 'password',
      password: 'another good secret',
    });
    expect(res.status).toBe(403);
    const redirect = `${kratos.PUBLIC}/self-service/login/browser?refresh=true&return_to=${encodeURIComponent(
      `${kratos.PUBLIC}/self-service/settings?flow=${flow.id}`,
    )}`;
    expect(res.body).toEqual({
      error: {
        id: 'session_refresh_required',
        code: 403,
        status: 'Forbidden',
        reason:
          'The login session is too old and thus not allowed to update these fields. Please re-authenticate.',
        message: 'The requested action was forbidden',
      },
      redirect_browser_to: redirect,
    });

    const refresh = await browser.get(redirect.slice(kratos.ORIGIN.length));
    expect(refresh.status).toBe(200);
    expect(refresh.body.refresh).toBe(true);
    const confirmed = await kratos.submit(browser, 'login', refresh.body, {
      method: 'password',
      identifier: email,
      password: kratos.PASSWORD,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.continue_with[0].redirect_browser_to).toBe(
      `${kratos.PUBLIC}/self-service/settings?flow=${flow.id}`,
    );
    const resume = await browser.get(`/api/.ory/self-service/settings?flow=${flow.id}`, 'html');
    expect(resume.location).toBe(`${kratos.ORIGIN}/profile-settings?flow=${flow.id}`);

    const saved = await kratos.submit(browser, 'settings', flow, {
      method: 'password',
      password: 'another good secret',
    });
    expect(saved.status).toBe(200);
    expect(kratos.messageIds(saved.body)).toEqual([1050001]);
    expect(
      (await kratos.signIn(new kratos.Browser(h.app), email, 'another good secret')).status,
    ).toBe(200);
    expect((await kratos.signIn(new kratos.Browser(h.app), email, kratos.PASSWORD)).status).toBe(
      400,
    );
  });

  test('in redirect mode the refresh requirement is a 303 to the login', async () => {
    const { browser } = await person();
    h.clock.advance(HOUR + 60_000);
    const flow = await kratos.createFlow(browser, 'settings');
    const res = await browser.postForm(`/api/.ory/self-service/settings?flow=${flow.id}`, {
      csrf_token: kratos.csrfOf(flow),
      method: 'password',
      password: 'another good secret',
    });
    expect(res.status).toBe(303);
    expect(res.location).toMatch(
      new RegExp(
        `^${kratos.PUBLIC.replace(/\./g, '\\.')}/self-service/login/browser\\?refresh=true&return_to=`,
      ),
    );
  });

  test('short and missing passwords are 400 with their messages', async () => {
    const { browser } = await person();
    const flow = await kratos.createFlow(browser, 'settings');
    const short = await kratos.submit(browser, 'settings', flow, {
      method: 'password',
      password: 'tiny',
    });
    expect(short.status).toBe(400);
    expect(kratos.nodeByName(short.body, 'password').messages[0]).toMatchObject({
      id: 4000032,
      text: 'The password must be at least 8 characters long, but got 4.',
    });
    const missing = await kratos.submit(browser, 'settings', flow, { method: 'password' });
    expect(kratos.nodeByName(missing.body, 'password').messages[0]).toMatchObject({ id: 4000002 });
  });

  test('403 on a bad CSRF token, 401 without a session, 4010004 for an unknown method', async () => {
    const { browser } = await person();
    const flow = await kratos.createFlow(browser, 'settings');
    const url = `/api/.ory/self-service/settings?flow=${flow.id}`;
    const bad = await browser.post(url, {
      csrf_token: 'x',
      method: 'password',
      password: 'long enough secret',
    });
    expect(bad.status).toBe(403);
    expect(bad.body.error.id).toBe('security_csrf_violation');
    const anonymous = await new kratos.Browser(h.app).post(url, {
      csrf_token: kratos.csrfOf(flow),
      method: 'password',
      password: 'x',
    });
    expect(anonymous.status).toBe(401);
    const unknown = await kratos.submit(browser, 'settings', flow, { method: 'webauthn' });
    expect(unknown.status).toBe(400);
    expect(kratos.messageIds(unknown.body)).toEqual([4010004]);
  });

  test('an expired flow is 410 with a new flow carrying 4050001', async () => {
    const { browser } = await person();
    const flow = await kratos.createFlow(browser, 'settings');
    h.clock.advance(kratos.FLOW_LIFETIME_MS + 1);
    const res = await kratos.submit(browser, 'settings', flow, {
      method: 'password',
      password: 'long enough secret',
    });
    expect(res.status).toBe(410);
    const replacement = await browser.get(
      `/api/.ory/self-service/settings/flows?id=${res.body.use_flow_id}`,
    );
    expect(kratos.messageIds(replacement.body)).toEqual([4050001]);
  });
});

describe('backup recovery codes', () => {
  test('regenerate shows twelve codes, confirm saves them, reveal shows them, disable removes them', async () => {
    const { browser } = await person();
    const flow = await kratos.createFlow(browser, 'settings');
    const generated = await browser.postForm(
      `/api/.ory/self-service/settings?flow=${flow.id}`,
      { csrf_token: kratos.csrfOf(flow), lookup_secret_regenerate: 'true' },
      'json',
    );
    expect(generated.status).toBe(200);
    expect(generated.body.state).toBe('show_form');
    const codesNode = kratos.nodeById(generated.body, 'lookup_secret_codes');
    expect(codesNode.meta.label).toMatchObject({ id: 1050010 });
    const secrets = codesNode.attributes.text.context.secrets;
    expect(secrets).toHaveLength(12);
    for (const secret of secrets) {
      expect(secret).toMatchObject({ id: 1050009, type: 'info' });
      expect(secret.text).toMatch(/^[a-z0-9]{8}$/);
    }
    expect(codesNode.attributes.text).toMatchObject({
      id: 1050015,
      text: secrets.map((s: Json) => s.text).join(', '),
    });
    expect(kratos.nodeByName(generated.body, 'lookup_secret_confirm').meta.label).toMatchObject({
      id: 1050011,
    });

    const confirmed = await kratos.submit(browser, 'settings', generated.body, {
      lookup_secret_confirm: true,
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.state).toBe('success');
    expect(kratos.nodeByName(confirmed.body, 'lookup_secret_reveal').meta.label).toMatchObject({
      id: 1050007,
    });
    expect(kratos.nodeByName(confirmed.body, 'lookup_secret_disable').meta.label).toMatchObject({
      id: 1050016,
    });
    const whoami = await browser.get('/api/.ory/sessions/whoami');
    expect(whoami.body.authenticator_assurance_level).toBe('aal2');

    const revealed = await kratos.submit(browser, 'settings', confirmed.body, {
      lookup_secret_reveal: 'true',
    });
    expect(revealed.status).toBe(200);
    expect(
      kratos
        .nodeById(revealed.body, 'lookup_secret_codes')
        .attributes.text.context.secrets.map((s: Json) => s.text),
    ).toEqual(secrets.map((s: Json) => s.text));

    const disabled = await kratos.submit(browser, 'settings', revealed.body, {
      lookup_secret_disable: 'true',
    });
    expect(disabled.status).toBe(200);
    expect(kratos.nodeByName(disabled.body, 'lookup_secret_regenerate')).toBeDefined();
    expect(kratos.nodeByName(disabled.body, 'lookup_secret_reveal')).toBeUndefined();
  });

  test('confirming without generating first is 400', async () => {
    const { browser } = await person();
    const flow = await kratos.createFlow(browser, 'settings');
    const res = await kratos.submit(browser, 'settings', flow, { lookup_secret_confirm: 'true' });
    expect(res.status).toBe(400);
    expect(res.body.ui.messages[0].text).toBe(
      'You must (re-)generate recovery backup codes before you can save them.',
    );
  });

  test('second-factor changes also need a recent sign-in', async () => {
    const { browser } = await person();
    h.clock.advance(HOUR + 1000);
    const flow = await kratos.createFlow(browser, 'settings');
    const res = await kratos.submit(browser, 'settings', flow, {
      lookup_secret_regenerate: 'true',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.id).toBe('session_refresh_required');
  });
});

describe('authenticator app (TOTP)', () => {
  test('link with a code, then sign-in needs aal2, then unlink', async () => {
    const { browser, email } = await person();
    const flow = await kratos.createFlow(browser, 'settings');
    const secret = kratos.nodeById(flow, 'totp_secret_key').attributes.text.text;

    const wrongCode = kratos.otherCode(totpCode(secret, h.clock.now()));
    const wrong = await kratos.submit(browser, 'settings', flow, {
      method: 'totp',
      totp_code: wrongCode,
    });
    expect(wrong.status).toBe(400);
    expect(kratos.nodeByName(wrong.body, 'totp_code').messages).toEqual([
      kratos.uiMessage(4000008, 'The provided authentication code is invalid, please try again.'),
    ]);
    expect(kratos.nodeById(wrong.body, 'totp_secret_key').attributes.text.text).toBe(secret);

    const linked = await kratos.submit(browser, 'settings', flow, {
      method: 'totp',
      totp_code: totpCode(secret, h.clock.now()),
    });
    expect(linked.status).toBe(200);
    expect(linked.body.state).toBe('success');
    expect(kratos.nodeByName(linked.body, 'totp_unlink')).toMatchObject({
      attributes: { type: 'submit', value: 'true', required: true },
      meta: { label: { id: 1050004, text: 'Unlink TOTP Authenticator App' } },
    });
    expect(kratos.nodeById(linked.body, 'totp_qr')).toBeUndefined();
    expect(
      (await browser.get('/api/.ory/sessions/whoami')).body.authenticator_assurance_level,
    ).toBe('aal2');

    const fresh = new kratos.Browser(h.app);
    const first = await kratos.signIn(fresh, email, kratos.PASSWORD);
    expect(first.status).toBe(422);
    expect(first.body.redirect_browser_to).toBe(
      `${kratos.PUBLIC}/self-service/login/browser?aal=aal2`,
    );
    const whoami = await fresh.get('/api/.ory/sessions/whoami');
    expect(whoami.status).toBe(403);
    expect(whoami.body).toMatchObject({
      error: {
        id: 'session_aal2_required',
        code: 403,
        status: 'Forbidden',
        details: { redirect_browser_to: `${kratos.PUBLIC}/self-service/login/browser?aal=aal2` },
      },
      redirect_browser_to: `${kratos.PUBLIC}/self-service/login/browser?aal=aal2`,
    });
    const settingsAal1 = await fresh.get(
      '/api/.ory/self-service/settings/browser?return_to=/topology',
    );
    expect(settingsAal1.status).toBe(403);
    expect(settingsAal1.body.redirect_browser_to).toBe(
      `${kratos.PUBLIC}/self-service/login/browser?aal=aal2&return_to=%2Ftopology`,
    );
    const aal2 = await kratos.createFlow(fresh, 'login', 'aal=aal2');
    const done = await kratos.submit(fresh, 'login', aal2, {
      method: 'totp',
      totp_code: totpCode(secret, h.clock.now()),
    });
    expect(done.status).toBe(200);
    expect((await fresh.get('/api/.ory/sessions/whoami')).status).toBe(200);

    const unlinked = await kratos.submit(browser, 'settings', linked.body, { totp_unlink: 'true' });
    expect(unlinked.status).toBe(200);
    expect(kratos.nodeById(unlinked.body, 'totp_qr')).toBeDefined();
    expect(kratos.nodeById(unlinked.body, 'totp_secret_key').attributes.text.text).not.toBe(secret);
    expect((await kratos.signIn(new kratos.Browser(h.app), email, kratos.PASSWORD)).status).toBe(
      200,
    );
  });
});
