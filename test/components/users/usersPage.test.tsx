import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { Identity, PersonActivity, PersonRoles } from '../../../src/api/schemas/users';
import { formatDate } from '../../../src/lib/dates';
import { createRoutes } from '../../../src/app/routes';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import { renderApp } from '../../support/renderApp';
import type { RenderAppOptions } from '../../support/renderApp';
import { SLOW, cellTexts, findTable } from '../../support/tables';
import { confirmDelete } from '../../support/confirm';

jest.setTimeout(30_000);

const PAGE_URL = '/settings/users';
const LINK = 'http://localhost/api/.ory/self-service/recovery?flow=6c1f&token=invite-code';

const ALICE = '0190d1a2-7c4e-7000-8000-00000000000a';
const BOB = '0190d1a2-7c4e-7000-8000-00000000000b';

function identity(id: string, first: string, last: string, email: string, state = 'active') {
  return {
    id,
    nid: '3a6e3d2c-4b1f-4c7e-9d3a-5f0e6b7c8d91',
    state,
    state_changed_at: '2024-05-01T10:00:00Z',
    created_at: '2024-05-01T10:00:00Z',
    updated_at: '2024-05-01T10:00:00Z',
    traits: { email, name: { first, last } },
  } satisfies Identity;
}

interface Request {
  method: string;
  path: string;
  body?: unknown;
}

/**
 * AUTH-06, 08, 14..16: the identities and people_roles tables, and the identity calls over them,
 * recording every request.
 */
function usersBackend() {
  const identities = postgrestTable('identities', [
    identity(BOB, 'Bob', 'Builder', 'bob@example.com', 'inactive'),
    identity(ALICE, 'Alice', 'Admin', 'alice@example.com'),
  ]);
  const peopleRoles = postgrestTable<PersonRoles>('people_roles', [
    { id: ALICE, roles: ['admin'] },
    { id: BOB, roles: ['editor'] },
  ]);
  const people = postgrestTable<PersonActivity>('people', [
    {
      id: ALICE,
      last_login: '2026-11-20T09:30:00Z',
      team_members: [{ team: { name: 'sre' } }, { team: { name: 'platform' } }],
    },
    { id: BOB, last_login: null, team_members: [] },
  ]);
  const setRole = (id: string, role: string) => {
    const index = peopleRoles.rows.findIndex((row) => row.id === id);
    peopleRoles.rows.splice(index < 0 ? peopleRoles.rows.length : index, 1, { id, roles: [role] });
  };
  /** The identity calls (invite, update, delete). */
  const requests: Request[] = [];
  let failure: { status: number; body: unknown } | undefined;
  const failOr = (respond: () => Response) =>
    failure ? HttpResponse.json(failure.body as object, { status: failure.status }) : respond();

  server.use(
    http.post('*/api/auth/invite_user', async ({ request }) => {
      const body = (await request.json()) as Record<string, string>;
      requests.push({ method: 'POST', path: 'invite_user', body });
      return failOr(() => {
        const id = '0190d1a2-7c4e-7000-8000-00000000000c';
        identities.rows.push(identity(id, body.firstName!, body.lastName!, body.email!));
        setRole(id, body.role!);
        return HttpResponse.json({ link: LINK });
      });
    }),
    http.post('*/api/people/update', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      requests.push({ method: 'POST', path: 'people/update', body });
      return failOr(() => {
        const row = identities.rows.find((candidate) => candidate.id === body.id);
        if (row) {
          row.traits = {
            email: String(body.email),
            name: { first: String(body.firstName), last: String(body.lastName) },
          };
          row.state = body.active ? 'active' : 'inactive';
        }
        setRole(String(body.id), String(body.role));
        return HttpResponse.json({ email: body.email, name: { first: body.firstName } });
      });
    }),
    http.delete('*/api/people/:id', ({ params }) => {
      requests.push({ method: 'DELETE', path: `people/${String(params.id)}` });
      return failOr(() => {
        const index = identities.rows.findIndex((candidate) => candidate.id === params.id);
        if (index >= 0) identities.rows.splice(index, 1);
        return new HttpResponse(null, { status: 204 });
      });
    }),
  );
  return {
    identities,
    peopleRoles,
    people,
    /** Every request: the tables' reads, then the identity calls. */
    requests: () => [
      ...[...identities.reads, ...peopleRoles.reads, ...people.reads].map(({ url }) => ({
        method: 'GET',
        path: url.pathname,
      })),
      ...requests,
    ],
    /** The identity calls, all of them writes. */
    writes: () => requests,
    fail(status: number, body: unknown) {
      failure = { status, body };
    },
  };
}

const ui = {
  title: () => screen.findByRole('heading', { name: 'Users', level: 1 }, SLOW),
  table: () => findTable('Users'),
  rows: () => cellTexts('Users', 4),
  invite: () => screen.queryByRole('button', { name: 'Invite user' }),
  field: (name: string) => screen.getByLabelText(new RegExp(`^${name}`)),
};

let backend: ReturnType<typeof usersBackend>;

function renderPage(options: RenderAppOptions = {}) {
  backend = usersBackend();
  return renderApp(createRoutes({ publicRoutes: [] }), { url: PAGE_URL, ...options });
}

async function fillInvite(user: ReturnType<typeof renderPage>['user']) {
  await user.click(ui.invite()!);
  const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
  await user.type(ui.field('First name'), 'Carol');
  await user.type(ui.field('Last name'), 'Chen');
  await user.type(ui.field('Email'), 'carol@example.com');
  await user.selectOptions(ui.field('Role'), 'responder');
  return dialog;
}

describe('users page', () => {
  it('lists identities with their roles', async () => {
    renderPage();
    expect(await ui.title()).toBeInTheDocument();
    await ui.table();
    await waitFor(() => expect(ui.rows()[0]?.[2]).toBe('admin'));
    expect(ui.rows()).toEqual([
      ['Alice Admin', 'alice@example.com', 'admin', 'active'],
      ['Bob Builder', 'bob@example.com', 'editor', 'inactive'],
    ]);
    // AUTH-08 without a query, then AUTH-06 for all the ids, unquoted.
    expect(backend.identities.reads[0]?.url.search).toBe('');
    expect(decodeURIComponent(backend.peopleRoles.reads[0]?.url.search ?? '')).toBe(
      `?id=in.(${BOB},${ALICE})`,
    );
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', PAGE_URL);
  });

  it('shows when each person last signed in, "Never" when they did not, and their teams', async () => {
    renderPage();
    await ui.table();
    const lastLogin = formatDate('2026-11-20T09:30:00Z', { format: 'medium', timezone: 'browser' });
    await waitFor(() => expect(cellTexts('Users')[0]?.[5]).toBe(lastLogin));
    expect(cellTexts('Users').map((row) => row.slice(4, 6))).toEqual([
      ['platformsre', lastLogin],
      ['', 'Never'],
    ]);
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual(
      expect.arrayContaining(['Teams', 'Last login']),
    );
    // The people's last login and teams, for all the ids, unquoted.
    expect(decodeURIComponent(backend.people.reads[0]?.url.search ?? '')).toBe(
      `?select=id,last_login,team_members(team:teams(name))&id=in.(${BOB},${ALICE})`,
    );
  });

  it('invites a user and shows the registration link to copy', async () => {
    const { user } = renderPage();
    await ui.table();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    const dialog = await fillInvite(user);
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));

    const link = await within(dialog).findByRole('textbox', { name: 'Registration link' });
    expect(link).toHaveValue(LINK);
    expect(dialog).toHaveTextContent('carol@example.com is invited');
    expect(backend.writes()).toEqual([
      {
        method: 'POST',
        path: 'invite_user',
        body: {
          firstName: 'Carol',
          lastName: 'Chen',
          email: 'carol@example.com',
          role: 'responder',
        },
      },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();

    // The list now has the new person.
    await waitFor(() => expect(ui.rows().map((row) => row[0])).toContain('Carol Chen'));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the invitation with the server’s message when it fails', async () => {
    const { user } = renderPage();
    await ui.table();
    backend.fail(409, { error: 'an identity with this email already exists' });
    const dialog = await fillInvite(user);
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'an identity with this email already exists',
    );
    expect(ui.field('First name')).toHaveValue('Carol');
    expect(ui.field('Email')).toHaveValue('carol@example.com');
    expect(ui.field('Role')).toHaveValue('responder');
  });

  it('checks the invitation before sending', async () => {
    const { user } = renderPage();
    await ui.table();
    await user.click(ui.invite()!);
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    expect(ui.field('Role')).toHaveValue('viewer');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(3);
    await user.type(ui.field('Email'), 'not-an-email');
    expect(within(dialog).getByText('Enter a valid email address')).toBeInTheDocument();
    expect(backend.writes()).toEqual([]);
  });

  it('edits a user: name, email, role and active', async () => {
    const { user } = renderPage();
    await ui.table();
    await waitFor(() => expect(ui.rows()[1]?.[2]).toBe('editor'));
    await user.click(screen.getByRole('button', { name: 'Edit Bob Builder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    expect(ui.field('First name')).toHaveValue('Bob');
    expect(ui.field('Role')).toHaveValue('editor');
    expect(ui.field('Active')).not.toBeChecked();
    await user.clear(ui.field('Last name'));
    await user.type(ui.field('Last name'), 'Baker');
    await user.selectOptions(ui.field('Role'), 'commander');
    await user.click(ui.field('Active'));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(backend.writes()).toEqual([
      {
        method: 'POST',
        path: 'people/update',
        body: {
          id: BOB,
          firstName: 'Bob',
          lastName: 'Baker',
          email: 'bob@example.com',
          role: 'commander',
          active: true,
        },
      },
    ]);
    await waitFor(() =>
      expect(ui.rows()[1]).toEqual(['Bob Baker', 'bob@example.com', 'commander', 'active']),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit user' })).toBeNull());
  });

  it('keeps the open dialog in the address, so a reload shows it open', async () => {
    const { user, currentUrl } = renderPage({ url: `${PAGE_URL}?id=${BOB}` });
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' }, SLOW);
    expect(ui.field('First name')).toHaveValue('Bob');
    expect(ui.field('Role')).toHaveValue('editor');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentUrl()).toBe(PAGE_URL));

    await user.click(ui.invite()!);
    await screen.findByRole('dialog', { name: 'Invite user' });
    expect(currentUrl()).toBe(`${PAGE_URL}?new=1`);
  });

  it('opens Invite user from a shared link', async () => {
    renderPage({ url: `${PAGE_URL}?new=1` });
    await screen.findByRole('dialog', { name: 'Invite user' }, SLOW);
    expect(ui.field('Email')).toHaveValue('');
  });

  it('keeps the edit open with the server’s message when saving fails', async () => {
    const { user } = renderPage();
    await ui.table();
    backend.fail(400, { error: 'traits.email: is not valid "email"' });
    await user.click(screen.getByRole('button', { name: 'Edit Alice Admin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    await user.clear(ui.field('First name'));
    await user.type(ui.field('First name'), 'Alicia');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'traits.email: is not valid "email"',
    );
    expect(ui.field('First name')).toHaveValue('Alicia');
  });

  it('deletes a user after confirmation', async () => {
    const { user } = renderPage();
    await ui.table();
    await user.click(screen.getByRole('button', { name: 'Delete Bob Builder' }));
    await confirmDelete(user, 'Are you sure you want to delete the user Bob Builder?');
    expect(await screen.findByText('User deleted successfully')).toBeInTheDocument();
    expect(backend.writes()).toEqual([{ method: 'DELETE', path: `people/${BOB}` }]);
    await waitFor(() => expect(ui.rows().map((row) => row[0])).toEqual(['Alice Admin']));
  });

  it('shows the server’s message when a delete fails', async () => {
    const { user } = renderPage();
    await ui.table();
    backend.fail(500, { error: 'identity service unavailable' });
    await user.click(screen.getByRole('button', { name: 'Delete Bob Builder' }));
    await confirmDelete(user);
    expect(await screen.findByText('identity service unavailable')).toBeInTheDocument();
    expect(ui.rows()).toHaveLength(2);
  });

  it('a viewer allowed to read identities sees the list without Invite, Edit or Delete', async () => {
    renderPage({
      user: { roles: ['viewer'], permissions: [{ object: 'identities', action: 'read' }] },
    });
    await ui.table();
    expect(ui.rows()).toHaveLength(2);
    expect(ui.invite()).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });

  it.each(['viewer', 'editor', 'responder'])('is Unauthorized for a plain %s', async (role) => {
    renderPage({ user: { roles: [role] } });
    expect(await screen.findByRole('heading', { name: 'Unauthorized' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
    expect(backend.requests()).toEqual([]);
  });

  it('does not exist with the hosted sign-in: no sidebar entry, no page', async () => {
    const { user } = renderPage({ config: { authMode: 'clerk' } });
    expect(
      await screen.findByRole('heading', { name: '404: Page not found' }, SLOW),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(await screen.findByRole('link', { name: 'API Tokens' }, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
    expect(backend.requests()).toEqual([]);
  });
});
