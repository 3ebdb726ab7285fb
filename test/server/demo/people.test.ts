import { isDate } from '../../../server/demo/db/values';
import { Browser, csrfOf, latestCode, signIn as signInAs } from '../identity/support';
import { demoSuite } from './support';

jest.setTimeout(60_000);

const { h, as, send: request } = demoSuite(['admin', 'editor']);
const PASSWORD = 'a fine long password';

interface Invitee {
  email: string;
  firstName: string;
  lastName: string;
  role: string;
}

async function invite(invitee: Invitee): Promise<string> {
  const res = await request('POST', '/api/auth/invite_user', as('admin'), invitee);
  expect(res.statusCode).toBe(200);
  const body = res.json();
  expect(Object.keys(body)).toEqual(['link']);
  return body.link as string;
}

/** Follows an invitation as the invitee's browser: link, emailed code, new password. */
async function acceptInvitation(link: string, email: string, password: string): Promise<void> {
  const url = new URL(link);
  const browser = new Browser(h.app);
  const opened = await browser.get(url.pathname + url.search, 'html');
  expect(opened.status).toBe(303);
  const flowId = new URL(opened.location as string).searchParams.get('flow');
  expect(new URL(opened.location as string).pathname).toBe('/recovery');
  const flow = await browser.get(`/api/.ory/self-service/recovery/flows?id=${flowId}`);
  expect(flow.status).toBe(200);
  expect(flow.body.state).toBe('sent_email');
  const code = await latestCode(browser, email);
  const recovered = await browser.post(`/api/.ory/self-service/recovery?flow=${flowId}`, {
    method: 'code',
    code,
  });
  expect(recovered.status).toBe(422);
  const settingsUrl = new URL(recovered.body.redirect_browser_to as string);
  expect(settingsUrl.pathname).toBe('/profile-settings');
  const settingsId = settingsUrl.searchParams.get('flow');
  const settings = await browser.get(`/api/.ory/self-service/settings/flows?id=${settingsId}`);
  expect(settings.status).toBe(200);
  const saved = await browser.post(`/api/.ory/self-service/settings?flow=${settingsId}`, {
    csrf_token: csrfOf(settings.body),
    method: 'password',
    password,
  });
  expect(saved.status).toBe(200);
  expect(saved.body.state).toBe('success');
}

/** Signs in through the login flow; the browser keeps the session cookie on success. */
async function signInWith(
  email: string,
  password: string,
): Promise<{ status: number; browser: Browser; body: unknown }> {
  const browser = new Browser(h.app);
  const res = await signInAs(browser, email, password);
  return { status: res.status, browser, body: res.body };
}

async function whoami(browser: Browser) {
  return browser.get('/api/auth/whoami');
}

async function personByEmail(email: string) {
  const { rows } = await h.db.query<{ id: string; name: string; deleted_at: unknown }>(
    'SELECT id, name, deleted_at FROM people WHERE email = $1 ORDER BY created_at DESC',
    [email],
  );
  return rows[0];
}

async function rolesOf(id: string): Promise<string[]> {
  const res = await request('GET', `/api/db/people_roles?id=in.(${id})`, as('admin'));
  return (res.json()[0]?.roles as string[] | undefined) ?? [];
}

async function identityOf(id: string) {
  const res = await request('GET', '/api/db/identities', as('admin'));
  return (res.json() as Array<{ id: string; state: string; traits: unknown }>).find(
    (i) => i.id === id,
  );
}

describe('POST /api/auth/invite_user (AUTH-14)', () => {
  it('creates the person, identity and role and mails a link that leads to a password', async () => {
    const email = 'nina.new@example.com';
    const link = await invite({ firstName: 'Nina', lastName: 'New', email, role: 'editor' });
    expect(link).toMatch(
      /^http:\/\/localhost(:80)?\/api\/\.ory\/self-service\/recovery\?flow=[0-9a-f-]{36}$/,
    );

    const person = await personByEmail(email);
    expect(person?.name).toBe('Nina New');
    const id = person?.id as string;
    expect(await rolesOf(id)).toEqual(['editor']);
    expect(await identityOf(id)).toMatchObject({
      state: 'active',
      traits: { email, name: { first: 'Nina', last: 'New' } },
    });

    const mailbox = await request('GET', `/api/demo/mailbox?recipient=${email}`, {});
    const [message] = mailbox.json();
    expect(message).toMatchObject({ recipient: email, subject: 'User Invite' });
    expect(message.body).toContain(link);
    expect(message.body).toContain(message.code);
    expect(message.body).toMatch(/^Hello Nina,/);

    // No password yet: signing in fails until the invitation is accepted.
    expect((await signInWith(email, PASSWORD)).status).toBe(400);
    await acceptInvitation(link, email, PASSWORD);
    const signedIn = await signInWith(email, PASSWORD);
    expect(signedIn.status).toBe(200);
    const me = await whoami(signedIn.browser);
    expect(me.status).toBe(200);
    expect(me.body.payload).toMatchObject({ user: { id, email }, roles: ['editor'] });
  });

  it('defaults the role to viewer', async () => {
    await invite({ firstName: 'Val', lastName: '', email: 'val@example.com', role: '' });
    const person = await personByEmail('val@example.com');
    expect(await rolesOf(person?.id as string)).toEqual(['viewer']);
  });

  it('refuses bad input with 400, a taken email with 409, and non-admins with 403', async () => {
    const bad: unknown[] = [
      {},
      { email: '' },
      { firstName: 'No', lastName: 'Mail', role: 'viewer' },
      { email: 'not-an-email', role: 'viewer' },
      { email: 'ok@example.com', role: 'superuser' },
      { email: 'ok@example.com', firstName: 7 },
      [{ email: 'ok@example.com' }],
      '{"email"',
    ];
    for (const body of bad) {
      const res = await request('POST', '/api/auth/invite_user', as('admin'), body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(typeof res.json().error).toBe('string');
    }
    expect(await personByEmail('ok@example.com')).toBeUndefined();

    const taken = await request('POST', '/api/auth/invite_user', as('admin'), {
      firstName: 'Eli',
      lastName: 'Again',
      email: 'editor@demo.local',
      role: 'viewer',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'User already exists' });

    const byEditor = await request('POST', '/api/auth/invite_user', as('editor'), {
      email: 'sneaky@example.com',
      role: 'admin',
    });
    expect(byEditor.statusCode).toBe(403);
    expect(await personByEmail('sneaky@example.com')).toBeUndefined();
    const anonymous = await request('POST', '/api/auth/invite_user', {}, { email: 'a@b.c' });
    expect(anonymous.statusCode).toBe(401);
  });
});

async function member(email: string, role = 'viewer'): Promise<string> {
  const link = await invite({ firstName: 'Test', lastName: 'Member', email, role });
  await acceptInvitation(link, email, PASSWORD);
  return (await personByEmail(email))?.id as string;
}

describe('POST /api/people/update (AUTH-15)', () => {
  it('changes name, email and role and answers the new traits', async () => {
    const id = await member('uma@example.com');
    const res = await request('POST', '/api/people/update', as('admin'), {
      id,
      firstName: 'Uma',
      lastName: 'Updated',
      email: 'uma.updated@example.com',
      role: 'responder',
      active: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      email: 'uma.updated@example.com',
      name: { first: 'Uma', last: 'Updated' },
    });
    expect(await personByEmail('uma.updated@example.com')).toMatchObject({
      id,
      name: 'Uma Updated',
    });
    expect(await rolesOf(id)).toEqual(['responder']);
    expect(await identityOf(id)).toMatchObject({
      traits: { email: 'uma.updated@example.com', name: { first: 'Uma', last: 'Updated' } },
    });
    const signedIn = await signInWith('uma.updated@example.com', PASSWORD);
    expect(signedIn.status).toBe(200);
    expect((await whoami(signedIn.browser)).body.payload.roles).toEqual(['responder']);
  });

  it('inactive identities cannot sign in and lose their sessions; reactivating restores sign-in', async () => {
    const id = await member('ivy@example.com');
    const before = await signInWith('ivy@example.com', PASSWORD);
    expect(before.status).toBe(200);
    expect((await whoami(before.browser)).status).toBe(200);

    const update = (active: boolean) =>
      request('POST', '/api/people/update', as('admin'), {
        id,
        firstName: 'Test',
        lastName: 'Member',
        email: 'ivy@example.com',
        role: 'viewer',
        active,
      });
    expect((await update(false)).statusCode).toBe(200);
    expect(await identityOf(id)).toMatchObject({ state: 'inactive' });
    expect((await whoami(before.browser)).status).toBe(401);
    const refused = await signInWith('ivy@example.com', PASSWORD);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('4000006');

    expect((await update(true)).statusCode).toBe(200);
    expect(await identityOf(id)).toMatchObject({ state: 'active' });
    expect((await whoami(before.browser)).status).toBe(401);
    expect((await signInWith('ivy@example.com', PASSWORD)).status).toBe(200);
  });

  it('answers 400 for bad bodies, a taken email or an unknown role, 404 unknown, 403 non-admin', async () => {
    const id = await member('otto@example.com');
    const valid = { id, firstName: 'Otto', lastName: 'M', email: 'otto@example.com' };
    const bad: unknown[] = [
      {},
      { ...valid, id: undefined },
      { ...valid, email: 'nope' },
      { ...valid, role: 'owner' },
      { ...valid, active: 'yes' },
      { ...valid, email: 'editor@demo.local' },
      { ...valid, email: 'ivy@example.com' },
      'null',
    ];
    for (const body of bad) {
      const res = await request('POST', '/api/people/update', as('admin'), body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
      expect(typeof res.json().error).toBe('string');
    }
    expect(await personByEmail('otto@example.com')).toMatchObject({ id });

    for (const missing of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await request('POST', '/api/people/update', as('admin'), {
        ...valid,
        id: missing,
      });
      expect(res.statusCode).toBe(404);
    }
    const byEditor = await request('POST', '/api/people/update', as('editor'), {
      ...valid,
      role: 'admin',
    });
    expect(byEditor.statusCode).toBe(403);
    expect(await rolesOf(id)).toEqual(['viewer']);
  });
});

describe('DELETE /api/people/:id (AUTH-16)', () => {
  it('deletes the identity, soft-deletes the person and ends the sessions', async () => {
    const id = await member('dora@example.com');
    const session = await signInWith('dora@example.com', PASSWORD);
    expect((await whoami(session.browser)).status).toBe(200);
    const created = await session.browser.post('/api/auth/create_token', { name: 'doras' });
    expect(created.status).toBe(200);
    const token = created.body.payload.token as string;
    const viaToken = () => request('GET', '/api/auth/whoami', { authorization: `Bearer ${token}` });
    expect((await viaToken()).statusCode).toBe(200);

    expect((await request('DELETE', `/api/people/${id}`, as('editor'))).statusCode).toBe(403);
    const res = await request('DELETE', `/api/people/${id}`, as('admin'));
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect(await identityOf(id)).toBeUndefined();
    const person = await personByEmail('dora@example.com');
    expect(isDate(person?.deleted_at)).toBe(true);
    expect((await whoami(session.browser)).status).toBe(401);
    expect((await viaToken()).statusCode).toBe(401);
    expect((await signInWith('dora@example.com', PASSWORD)).status).toBe(400);
    expect((await request('DELETE', `/api/people/${id}`, as('admin'))).statusCode).toBe(404);

    // The address can be invited again.
    await invite({ firstName: 'Dora', lastName: 'Back', email: 'dora@example.com', role: 'guest' });
  });
});

describe('POST /api/rbac/:userId/update_role (AUTH-17)', () => {
  it('sets the roles of a person', async () => {
    const id = await member('rhea@example.com');
    const res = await request('POST', `/api/rbac/${id}/update_role`, as('admin'), {
      roles: ['commander', 'editor'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Role updated successfully' });
    expect(await rolesOf(id)).toEqual(['commander', 'editor']);
    const signedIn = await signInWith('rhea@example.com', PASSWORD);
    expect((await whoami(signedIn.browser)).body.payload.roles).toEqual(['commander', 'editor']);
  });

  it('refuses unknown or no roles (400), unknown people (404) and non-admins (403)', async () => {
    const id = await member('rolf@example.com');
    for (const body of [{}, { roles: [] }, { roles: ['root'] }, { roles: 'admin' }]) {
      const res = await request('POST', `/api/rbac/${id}/update_role`, as('admin'), body);
      expect([JSON.stringify(body), res.statusCode]).toEqual([JSON.stringify(body), 400]);
    }
    const missing = await request(
      'POST',
      '/api/rbac/00000000-0000-4000-8000-000000000000/update_role',
      as('admin'),
      { roles: ['viewer'] },
    );
    expect(missing.statusCode).toBe(404);
    const byEditor = await request('POST', `/api/rbac/${id}/update_role`, as('editor'), {
      roles: ['admin'],
    });
    expect(byEditor.statusCode).toBe(403);
    expect(await rolesOf(id)).toEqual(['viewer']);
  });
});

describe('GET /api/db/people with last login and teams (the Users page)', () => {
  it('embeds each person’s teams through team_members, by name, beside people.last_login', async () => {
    const { rows } = await h.db.query<{ id: string; teams: string[] }>(
      `SELECT p.id, array_agg(t.name ORDER BY t.name) AS teams
       FROM people p JOIN team_members tm ON tm.person_id = p.id JOIN teams t ON t.id = tm.team_id
       WHERE p.deleted_at IS NULL GROUP BY p.id ORDER BY p.id LIMIT 2`,
    );
    expect(rows).toHaveLength(2);
    const ids = rows.map((row) => row.id);
    const res = await request(
      'GET',
      `/api/db/people?select=id,last_login,team_members(team:teams(name))&id=in.(${ids.join(',')})`,
      as('admin'),
    );
    expect(res.statusCode).toBe(200);
    const people = res.json() as Array<{
      id: string;
      last_login: string | null;
      team_members: Array<{ team: { name: string } | null }>;
    }>;
    expect(people.map((person) => person.id).sort()).toEqual([...ids].sort());
    for (const person of people) {
      expect(Object.keys(person).sort()).toEqual(['id', 'last_login', 'team_members']);
      const names = person.team_members.map((member) => member.team?.name).sort();
      expect(names).toEqual(rows.find((row) => row.id === person.id)!.teams);
    }
  });
});
