import * as kratos from './support';

const h = kratos.identitySuite();

function fields(email: string, password = kratos.PASSWORD) {
  return {
    method: 'password',
    password,
    'traits.email': email,
    'traits.name.first': 'Alan',
    'traits.name.last': 'Turing',
  };
}

describe('creating and getting a registration flow', () => {
  test('JSON mode: 200 with trait inputs, password and the Sign up button', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'registration');
    expect(flow).toMatchObject({ type: 'browser', state: 'choose_method', ui: { method: 'POST' } });
    expect(flow.ui.action).toBe(`${kratos.PUBLIC}/self-service/registration?flow=${flow.id}`);
    expect(flow.refresh).toBeUndefined();
    expect(kratos.nodeShapes(flow)).toEqual([
      ['csrf_token', 'default', 'hidden'],
      ['traits.email', 'password', 'email'],
      ['traits.name.first', 'password', 'text'],
      ['traits.name.last', 'password', 'text'],
      ['password', 'password', 'password'],
      ['method', 'password', 'submit'],
    ]);
    expect(kratos.nodeByName(flow, 'traits.email')).toMatchObject({
      attributes: { required: true, autocomplete: 'email' },
      meta: {
        label: {
          id: 1070002,
          text: 'E-Mail',
          type: 'info',
          context: { title: 'E-Mail', name: 'traits.email' },
        },
      },
    });
    expect(kratos.nodeByName(flow, 'traits.name.first').meta.label.text).toBe('First Name');
    expect(kratos.nodeByName(flow, 'password').attributes.autocomplete).toBe('new-password');
    expect(kratos.nodeByName(flow, 'method').meta.label).toMatchObject({
      id: 1040001,
      text: 'Sign up',
    });
    expect(browser.cookies.size).toBe(1);
  });

  test('redirect mode: 303 to the registration page', async () => {
    const res = await new kratos.Browser(h.app).get(
      '/api/.ory/self-service/registration/browser',
      'html',
    );
    expect(res.status).toBe(303);
    expect(res.location).toMatch(new RegExp(`^${kratos.ORIGIN}/registration\\?flow=`));
  });

  test('get: 200, 403 for another browser, 404 for an unknown id, 410 after expiry', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'registration');
    const url = `/api/.ory/self-service/registration/flows?id=${flow.id}`;
    expect((await browser.get(url)).status).toBe(200);
    const stranger = await new kratos.Browser(h.app).get(url);
    expect(stranger.status).toBe(403);
    expect(stranger.body.error.id).toBe('security_csrf_violation');
    const expired = await kratos.expectUnknownThenExpired(
      browser,
      h.clock,
      'registration',
      url,
      'not-a-uuid',
      kratos.FLOW_LIFETIME_MS,
    );
    expect(expired.body.error.id).toBe('self_service_flow_expired');
    expect(expired.body.error.details.redirect_to).toBe(
      `${kratos.PUBLIC}/self-service/registration/browser`,
    );
  });
});

describe('submitting a registration flow', () => {
  test('a missing email puts 4000002 under traits.email and keeps the other values', async () => {
    const { res } = await kratos.submitFresh(h.app, 'registration', {
      ...fields(''),
      'traits.email': '',
    });
    expect(res.status).toBe(400);
    expect(kratos.nodeByName(res.body, 'traits.email').messages).toEqual([
      kratos.uiMessage(4000002, 'Property email is missing.', { property: 'email' }),
    ]);
    expect(kratos.nodeByName(res.body, 'traits.name.first').attributes.value).toBe('Alan');
    expect(kratos.nodeByName(res.body, 'password').attributes.value).toBeUndefined();
  });

  test('a missing password puts 4000002 under password', async () => {
    const { res } = await kratos.submitFresh(h.app, 'registration', {
      ...fields('someone@example.com'),
      password: '',
    });
    expect(res.status).toBe(400);
    expect(kratos.nodeByName(res.body, 'password').messages).toEqual([
      kratos.uiMessage(4000002, 'Property password is missing.', { property: 'password' }),
    ]);
    expect(kratos.nodeByName(res.body, 'traits.email').attributes.value).toBe(
      'someone@example.com',
    );
  });

  test('a short password gets the minimum-length message', async () => {
    const { res } = await kratos.submitFresh(
      h.app,
      'registration',
      fields('short@example.com', 'abc'),
    );
    expect(res.status).toBe(400);
    expect(kratos.nodeByName(res.body, 'password').messages).toEqual([
      kratos.uiMessage(4000032, 'The password must be at least 8 characters long, but got 3.', {
        min_length: 8,
        actual_length: 3,
      }),
    ]);
  });

  test('a password too close to the email is refused with 4000031', async () => {
    const { res } = await kratos.submitFresh(
      h.app,
      'registration',
      fields('margaret@example.com', 'margaret@example'),
    );
    expect(res.status).toBe(400);
    expect(kratos.nodeByName(res.body, 'password').messages[0]).toMatchObject({
      id: 4000031,
      text: 'The password can not be used because it is too similar to the identifier.',
    });
  });

  test('an invalid email is 4000001', async () => {
    const { res } = await kratos.submitFresh(h.app, 'registration', fields('not-an-email'));
    expect(res.status).toBe(400);
    expect(kratos.nodeByName(res.body, 'traits.email').messages[0]).toMatchObject({
      id: 4000001,
      text: '"not-an-email" is not valid "email"',
    });
  });

  test('a missing method is 400 with 4010003', async () => {
    const { res } = await kratos.submitFresh(h.app, 'registration', {
      'traits.email': 'x@example.com',
      password: kratos.PASSWORD,
    });
    expect(res.status).toBe(400);
    expect(kratos.messageIds(res.body)).toEqual([4010003]);
  });

  test('403 on a bad CSRF token', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'registration');
    const res = await browser.post(`/api/.ory/self-service/registration?flow=${flow.id}`, {
      ...fields('csrf@example.com'),
      csrf_token: 'bm9wZQ==',
    });
    expect(res.status).toBe(403);
    expect(res.body.error.id).toBe('security_csrf_violation');
  });

  test('410 with use_flow_id once expired; the new flow carries 4040001', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'registration');
    h.clock.advance(kratos.FLOW_LIFETIME_MS + 1);
    const res = await kratos.submit(browser, 'registration', flow, fields('late@example.com'));
    expect(res.status).toBe(410);
    expect(res.body.error.id).toBe('self_service_flow_expired');
    const replacement = await browser.get(
      `/api/.ory/self-service/registration/flows?id=${res.body.use_flow_id}`,
    );
    expect(kratos.messageIds(replacement.body)).toEqual([4040001]);
    expect(replacement.body.ui.messages[0].text).toMatch(
      /^The registration flow expired 0\.\d\d minutes ago, please try again\.$/,
    );
  });

  test('success creates the identity and its person, signs in, and sends a verification code', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'registration', 'return_to=/topology');
    const res = await kratos.submit(browser, 'registration', flow, fields('alan@example.com'));
    expect(res.status).toBe(200);
    const identity = res.body.identity;
    expect(identity).toMatchObject({
      schema_id: 'default',
      schema_url: `${kratos.PUBLIC}/schemas/ZGVmYXVsdA`,
      state: 'active',
      traits: { email: 'alan@example.com', name: { first: 'Alan', last: 'Turing' } },
      verifiable_addresses: [
        { value: 'alan@example.com', verified: false, via: 'email', status: 'sent' },
      ],
      recovery_addresses: [{ value: 'alan@example.com', via: 'email' }],
      metadata_public: null,
    });
    expect(res.body.session).toMatchObject({ active: true, identity: { id: identity.id } });
    const [next] = res.body.continue_with;
    expect(next).toMatchObject({
      action: 'show_verification_ui',
      flow: { verifiable_address: 'alan@example.com' },
    });
    expect(next.flow.url).toBe(`${kratos.ORIGIN}/verification?flow=${next.flow.id}`);
    expect(browser.cookies.has('ory_kratos_session')).toBe(true);

    const people = await h.db.query(`SELECT name, email FROM people WHERE id = $1`, [identity.id]);
    expect(people.rows).toEqual([{ name: 'Alan Turing', email: 'alan@example.com' }]);
    const stored = await h.db.query(
      `SELECT person_id, role, password_hash FROM demo_identities WHERE id = $1`,
      [identity.id],
    );
    expect(stored.rows[0]).toMatchObject({ person_id: identity.id, role: 'viewer' });
    expect(String(stored.rows[0]?.password_hash)).toMatch(/^scrypt\$16384\$8\$1\$[^$]+\$[^$]+$/);

    expect(await kratos.latestCode(browser, 'alan@example.com')).toMatch(/^\d{6}$/);
    const verification = await browser.get(
      `/api/.ory/self-service/verification/flows?id=${next.flow.id}`,
    );
    expect(verification.status).toBe(200);
    expect(verification.body.state).toBe('sent_email');

    const whoami = await browser.get('/api/.ory/sessions/whoami');
    expect(whoami.body.identity.id).toBe(identity.id);
    expect(
      (await kratos.signIn(new kratos.Browser(h.app), 'alan@example.com', kratos.PASSWORD)).status,
    ).toBe(200);
  });

  test('the same email again is 400 with 4000007', async () => {
    await kratos.register(new kratos.Browser(h.app), 'dup@example.com');
    const { res } = await kratos.submitFresh(h.app, 'registration', fields('DUP@example.com'));
    expect(res.status).toBe(400);
    expect(res.body.ui.messages).toEqual([
      kratos.uiMessage(
        4000007,
        'An account with the same identifier (email, phone, username, ...) exists already.',
      ),
    ]);
  });

  test('a native form post with flattened keys creates the identity and redirects 303 to return_to', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'registration', 'return_to=/health');
    const res = await browser.postForm(`/api/.ory/self-service/registration?flow=${flow.id}`, {
      csrf_token: kratos.csrfOf(flow),
      ...fields('form@example.com'),
    });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`${kratos.ORIGIN}/health`);
    const rows = await h.db.query(
      `SELECT traits FROM demo_identities WHERE traits->>'email' = 'form@example.com'`,
    );
    expect(rows.rows[0]?.traits).toEqual({
      email: 'form@example.com',
      name: { first: 'Alan', last: 'Turing' },
    });
  });

  test('JSON bodies with nested traits work too', async () => {
    const { res } = await kratos.submitFresh(h.app, 'registration', {
      method: 'password',
      password: kratos.PASSWORD,
      traits: { email: 'nested@example.com', name: { first: 'Nes', last: 'Ted' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.identity.traits.name).toEqual({ first: 'Nes', last: 'Ted' });
  });

  test('while signed in, creating or submitting is session_already_available', async () => {
    const browser = new kratos.Browser(h.app);
    const flow = await kratos.createFlow(browser, 'registration');
    await kratos.register(browser, 'signed-in@example.com');
    const create = await browser.get('/api/.ory/self-service/registration/browser');
    expect(create.status).toBe(400);
    expect(create.body.error.id).toBe('session_already_available');
    const update = await browser.post(`/api/.ory/self-service/registration?flow=${flow.id}`, {
      csrf_token: kratos.csrfOf(flow),
      ...fields('another@example.com'),
    });
    expect(update.status).toBe(400);
    expect(update.body.error.id).toBe('session_already_available');
  });
});
