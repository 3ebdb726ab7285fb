import { createIdentity } from '../../../server/demo/identity';
import * as kratos from './support';
import type { Json } from './support';

const EMAIL = 'rita@example.com';
const h = kratos.identitySuite({ email: EMAIL, first: 'Rita', last: 'Levi' });

async function mailboxCount(recipient: string): Promise<number> {
  const res = await new kratos.Browser(h.app).get(
    `/api/demo/mailbox?recipient=${encodeURIComponent(recipient)}`,
  );
  return res.body.length;
}

describe('recovery by code', () => {
  test('create: 200 with an email input and a Submit button; redirect mode 303 to the recovery page', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'recovery');
    expect(flow).toMatchObject({
      state: 'choose_method',
      ui: { action: `${kratos.PUBLIC}/self-service/recovery?flow=${flow.id}` },
    });
    expect(kratos.nodeShapes(flow)).toEqual([
      ['csrf_token', 'default', 'hidden'],
      ['email', 'code', 'email'],
      ['method', 'code', 'submit'],
    ]);
    expect(kratos.nodeByName(flow, 'email').meta.label).toMatchObject({
      id: 1070007,
      text: 'Email',
    });
    expect(kratos.nodeByName(flow, 'method').meta.label).toMatchObject({
      id: 1070005,
      text: 'Submit',
    });
    const html = await new kratos.Browser(h.app).get(
      '/api/.ory/self-service/recovery/browser',
      'html',
    );
    expect(html.status).toBe(303);
    expect(html.location).toMatch(new RegExp(`^${kratos.ORIGIN}/recovery\\?flow=`));
  });

  test('get: 403 for another browser, 404 unknown, 410 expired', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'recovery');
    const url = `/api/.ory/self-service/recovery/flows?id=${flow.id}`;
    expect((await new kratos.Browser(h.app).get(url)).body.error.id).toBe(
      'security_csrf_violation',
    );
    const expired = await kratos.expectUnknownThenExpired(browser, h.clock, 'recovery', url);
    expect(expired.body.error.reason).toBe(
      'The recovery flow has expired. Redirect the user to the recovery flow init endpoint to initialize a new recovery flow.',
    );
  });

  test('a missing email is 4000002 under email', async () => {
    const { res } = await kratos.submitFresh(h.app, 'recovery', { method: 'code', email: '' });
    expect(res.status).toBe(400);
    expect(kratos.nodeByName(res.body, 'email').messages[0]).toMatchObject({
      id: 4000002,
      text: 'Property email is missing.',
    });
  });

  test('the emailed code signs the person in and sends them to settings with a 422', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'recovery', 'return_to=/topology');
    const sent = await kratos.submit(browser, 'recovery', flow, { method: 'code', email: EMAIL });
    expect(sent.status).toBe(200);
    expect(sent.body.state).toBe('sent_email');
    expect(sent.body.ui.messages).toEqual([
      kratos.uiMessage(
        1060003,
        'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
        undefined,
        'info',
      ),
    ]);
    expect(sent.body.ui.nodes.map((n: Json) => [n.attributes.name, n.attributes.type])).toEqual([
      ['csrf_token', 'hidden'],
      ['code', 'text'],
      ['method', 'hidden'],
      ['method', 'submit'],
      ['email', 'submit'],
    ]);
    expect(kratos.nodeByName(sent.body, 'code').meta.label).toMatchObject({
      id: 1070010,
      text: 'Recovery code',
    });
    expect(kratos.nodeByName(sent.body, 'email', 'submit')).toMatchObject({
      attributes: { value: EMAIL },
      meta: { label: { id: 1070008, text: 'Resend code' } },
    });
    const code = await kratos.latestCode(browser, EMAIL);
    expect(h.logs.some((line) => line.includes(EMAIL) && line.includes(code))).toBe(true);

    const wrongCode = kratos.otherCode(code);
    const wrong = await kratos.submit(browser, 'recovery', sent.body, {
      method: 'code',
      code: wrongCode,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ui.messages).toEqual([
      kratos.uiMessage(
        4060006,
        'The recovery code is invalid or has already been used. Please try again.',
      ),
    ]);

    const ok = await kratos.submit(browser, 'recovery', sent.body, { method: 'code', code });
    expect(ok.status).toBe(422);
    expect(ok.body.error.id).toBe('browser_location_change_required');
    const target = new URL(ok.body.redirect_browser_to);
    expect(`${target.origin}${target.pathname}`).toBe(`${kratos.ORIGIN}/profile-settings`);
    expect(
      ok.setCookies.some((c) => c.startsWith('ory_kratos_session=') && /HttpOnly/.test(c)),
    ).toBe(true);

    const settings = await browser.get(
      `/api/.ory/self-service/settings/flows?id=${target.searchParams.get('flow')}`,
    );
    expect(settings.status).toBe(200);
    expect(settings.body.return_to).toBe(`${kratos.ORIGIN}/topology`);
    expect(settings.body.ui.messages[0]).toMatchObject({ id: 1060001, type: 'success' });
    expect(settings.body.ui.messages[0].text).toMatch(
      /^You successfully recovered your account\. Please change your password or set up an alternative login method \(e\.g\. social sign in\) within the next 60\.00 minutes\.$/,
    );
    const whoami = await browser.get('/api/.ory/sessions/whoami');
    expect(whoami.body.authentication_methods[0].method).toBe('code_recovery');
    expect(whoami.body.identity.verifiable_addresses[0].verified).toBe(true);

    const newPassword = 'a brand new secret';
    const changed = await kratos.submit(browser, 'settings', settings.body, {
      method: 'password',
      password: newPassword,
    });
    expect(changed.status).toBe(200);
    expect((await kratos.signIn(new kratos.Browser(h.app), EMAIL, newPassword)).status).toBe(200);

    const reused = await new kratos.Browser(h.app).get(
      `/api/.ory/self-service/recovery/flows?id=${flow.id}`,
    );
    expect(reused.status).toBe(403);
  });

  test('resending issues a new code that replaces the old one', async () => {
    const { browser, res: first } = await kratos.submitFresh(h.app, 'recovery', {
      method: 'code',
      email: EMAIL,
    });
    const firstCode = await kratos.latestCode(browser, EMAIL);
    await kratos.submit(browser, 'recovery', first.body, { method: 'code', email: EMAIL });
    const secondCode = await kratos.latestCode(browser, EMAIL);
    if (firstCode !== secondCode) {
      const old = await kratos.submit(browser, 'recovery', first.body, {
        method: 'code',
        code: firstCode,
      });
      expect(old.status).toBe(400);
    }
    const ok = await kratos.submit(browser, 'recovery', first.body, {
      method: 'code',
      code: secondCode,
    });
    expect(ok.status).toBe(422);
  });

  test('an unknown address gets the same answer and no message', async () => {
    const before = await mailboxCount('ghost@example.com');
    const { browser, res } = await kratos.submitFresh(h.app, 'recovery', {
      method: 'code',
      email: 'ghost@example.com',
    });
    expect(res.status).toBe(200);
    expect(kratos.messageIds(res.body)).toEqual([1060003]);
    expect(await mailboxCount('ghost@example.com')).toBe(before);
    const guess = await kratos.submit(browser, 'recovery', res.body, {
      method: 'code',
      code: '123456',
    });
    expect(kratos.messageIds(guess.body)).toEqual([4060006]);
  });

  test('five wrong codes void the code', async () => {
    const { browser, res: sent } = await kratos.submitFresh(h.app, 'recovery', {
      method: 'code',
      email: EMAIL,
    });
    const code = await kratos.latestCode(browser, EMAIL);
    const wrongCode = kratos.otherCode(code);
    for (let i = 0; i < 5; i++) {
      expect(
        (await kratos.submit(browser, 'recovery', sent.body, { method: 'code', code: wrongCode }))
          .status,
      ).toBe(400);
    }
    const late = await kratos.submit(browser, 'recovery', sent.body, { method: 'code', code });
    expect(late.status).toBe(400);
  });

  test('submitting an expired flow is 410 and the new flow carries 4060005', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'recovery');
    h.clock.advance(kratos.FLOW_LIFETIME_MS + 1);
    const res = await kratos.submit(browser, 'recovery', flow, { method: 'code', email: EMAIL });
    expect(res.status).toBe(410);
    const replacement = await browser.get(
      `/api/.ory/self-service/recovery/flows?id=${res.body.use_flow_id}`,
    );
    expect(kratos.messageIds(replacement.body)).toEqual([4060005]);
  });

  test('with a session, creating a recovery flow is session_already_available', async () => {
    const browser = new kratos.Browser(h.app);
    await kratos.register(browser, 'recovering-while-in@example.com');
    const res = await browser.get('/api/.ory/self-service/recovery/browser');
    expect(res.status).toBe(400);
    expect(res.body.error.id).toBe('session_already_available');
  });

  test('an invitation from createIdentity: the link opens the recovery page and the code signs in', async () => {
    const created = await createIdentity(
      h.db,
      { email: 'invitee@example.com', firstName: 'In', lastName: 'Vitee', role: 'editor' },
      { publicBaseUrl: kratos.PUBLIC, now: h.clock.now },
    );
    expect(created.identity).toMatchObject({ email: 'invitee@example.com', role: 'editor' });
    expect(created.recoveryCode).toMatch(/^\d{6}$/);
    const browser = new kratos.Browser(h.app);
    const link = await browser.get(created.recoveryLink.slice(kratos.ORIGIN.length), 'html');
    expect(link.status).toBe(303);
    const flowId = new URL(link.location as string).searchParams.get('flow');
    expect(link.location).toBe(`${kratos.ORIGIN}/recovery?flow=${flowId}`);
    const flow = await browser.get(`/api/.ory/self-service/recovery/flows?id=${flowId}`);
    expect(flow.status).toBe(200);
    expect(flow.body.state).toBe('sent_email');
    const ok = await browser.post(`/api/.ory/self-service/recovery?flow=${flowId}`, {
      method: 'code',
      code: created.recoveryCode,
    });
    expect(ok.status).toBe(422);
    const whoami = await browser.get('/api/.ory/sessions/whoami');
    expect(whoami.body.identity).toMatchObject({
      id: created.identity.id,
      traits: { name: { first: 'In', last: 'Vitee' } },
    });
    const person = await h.db.query(`SELECT name FROM people WHERE id = $1`, [
      created.identity.personId,
    ]);
    expect(person.rows[0]).toEqual({ name: 'In Vitee' });
  });
});

describe('verification by code', () => {
  test('create, send, wrong code 4070006, right code passes the challenge', async () => {
    const email = 'vera@example.com';
    await kratos.register(new kratos.Browser(h.app), email, kratos.PASSWORD, 'Vera', 'Fy');
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'verification', 'return_to=/catalog');
    expect(flow.state).toBe('choose_method');
    expect(kratos.nodeByName(flow, 'email').group).toBe('code');
    const html = await new kratos.Browser(h.app).get(
      '/api/.ory/self-service/verification/browser',
      'html',
    );
    expect(html.location).toMatch(new RegExp(`^${kratos.ORIGIN}/verification\\?flow=`));

    const sent = await kratos.submit(browser, 'verification', flow, { method: 'code', email });
    expect(sent.status).toBe(200);
    expect(sent.body.state).toBe('sent_email');
    expect(sent.body.ui.messages[0]).toMatchObject({ id: 1080003, type: 'info' });
    expect(kratos.nodeByName(sent.body, 'code').meta.label).toMatchObject({
      id: 1070011,
      text: 'Verification code',
    });
    const code = await kratos.latestCode(browser, email);

    const wrongCode = kratos.otherCode(code);
    const wrong = await kratos.submit(browser, 'verification', sent.body, {
      method: 'code',
      code: wrongCode,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.ui.messages).toEqual([
      kratos.uiMessage(
        4070006,
        'The verification code is invalid or has already been used. Please try again.',
      ),
    ]);

    const ok = await kratos.submit(browser, 'verification', sent.body, { method: 'code', code });
    expect(ok.status).toBe(200);
    expect(ok.body.state).toBe('passed_challenge');
    expect(ok.body.ui).toEqual({
      action: `${kratos.ORIGIN}/catalog`,
      method: 'GET',
      nodes: [
        {
          type: 'a',
          group: 'code',
          attributes: {
            id: 'continue',
            href: `${kratos.ORIGIN}/catalog`,
            title: { id: 1070009, text: 'Continue', type: 'info' },
            node_type: 'a',
          },
          messages: [],
          meta: { label: { id: 1070009, text: 'Continue', type: 'info' } },
        },
      ],
      messages: [
        { id: 1080002, text: 'You successfully verified your email address.', type: 'success' },
      ],
    });
    const rows = await h.db.query(
      `SELECT verified FROM demo_identities WHERE traits->>'email' = $1`,
      [email],
    );
    expect(rows.rows[0]).toEqual({ verified: true });
  });

  test('get 403/404/410 and update 410 with 4070005', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'verification');
    const url = `/api/.ory/self-service/verification/flows?id=${flow.id}`;
    expect((await new kratos.Browser(h.app).get(url)).status).toBe(403);
    await kratos.expectUnknownThenExpired(browser, h.clock, 'verification', url, 'x');
    const res = await kratos.submit(browser, 'verification', flow, {
      method: 'code',
      email: 'vera@example.com',
    });
    expect(res.status).toBe(410);
    const replacement = await browser.get(
      `/api/.ory/self-service/verification/flows?id=${res.body.use_flow_id}`,
    );
    expect(kratos.messageIds(replacement.body)).toEqual([4070005]);
  });

  test('a missing CSRF token is 403', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'verification');
    const res = await browser.post(`/api/.ory/self-service/verification?flow=${flow.id}`, {
      method: 'code',
      email: 'a@b.c',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.id).toBe('security_csrf_violation');
  });
});

describe('the demo mailbox', () => {
  test('lists messages newest first, filtered by recipient', async () => {
    const browser = new kratos.Browser(h.app);
    const all = await browser.get('/api/demo/mailbox');
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThan(1);
    expect(Object.keys(all.body[0]).sort()).toEqual([
      'body',
      'code',
      'created_at',
      'id',
      'recipient',
      'subject',
    ]);
    const times = all.body.map((m: Json) => new Date(m.created_at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const mine = await browser.get(`/api/demo/mailbox?recipient=${encodeURIComponent(EMAIL)}`);
    expect(mine.body.every((m: Json) => m.recipient === EMAIL)).toBe(true);
    expect(mine.body[0].body).toContain(mine.body[0].code);
  });
});
