import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createRoutes } from '../../../src/app/routes';
import type { Token } from '../../../src/api/schemas/tokens';
import { server } from '../../support/msw';
import { renderApp } from '../../support/renderApp';
import type { RenderAppOptions } from '../../support/renderApp';
import { DEFAULT_USER } from '../../support/shellHandlers';
import type { TokenBackend } from './tokenBackend';
import { tokenBackend } from './tokenBackend';
import { SLOW, cellTexts, findTable } from '../../support/tables';
import { confirmDelete } from '../../support/confirm';

jest.setTimeout(30_000);

const PAGE_URL = '/settings/tokens';
const OTHER_ID = '0190d1a2-7c4e-7000-8000-0000000000ff';

const TOKENS: Token[] = [
  {
    id: 't-1',
    name: 'ci-bot',
    person_id: DEFAULT_USER.id,
    created_by: DEFAULT_USER.id,
    created_at: '2024-05-01T10:00:00Z',
    expires_at: '2024-07-30T10:00:00Z',
    person: { id: DEFAULT_USER.id, name: DEFAULT_USER.name },
  },
  {
    id: 't-2',
    name: 'grafana',
    person_id: OTHER_ID,
    created_at: '2024-06-01T10:00:00Z',
    expires_at: null,
    person: { id: OTHER_ID, name: 'Bob Builder' },
  },
  {
    id: 't-3',
    name: 'legacy',
    person_id: OTHER_ID,
    created_at: '2024-04-01T10:00:00Z',
    person: { id: OTHER_ID, name: 'Bob Builder' },
  },
];

const ui = {
  title: () => screen.findByRole('heading', { name: 'API Tokens', level: 1 }, SLOW),
  table: () => findTable('API tokens'),
  rows: () => cellTexts('API tokens', 4),
  create: () => screen.queryByRole('button', { name: 'Create new token' }),
};

let backend: TokenBackend;
afterEach(() => {
  backend?.settleAll();
});

function renderPage(tokens: Token[] = TOKENS, options: RenderAppOptions = {}) {
  backend = tokenBackend(tokens);
  return renderApp(createRoutes({ publicRoutes: [] }), {
    url: PAGE_URL,
    ...options,
  });
}

describe('API tokens page', () => {
  it('lists name, owner, created and expiry, newest first', async () => {
    renderPage();
    expect(await ui.title()).toBeInTheDocument();
    await ui.table();
    const rows = ui.rows();
    expect(rows.map((row) => row.slice(0, 2))).toEqual([
      ['grafana', 'Bob Builder'],
      ['ci-bot', 'Ada Admin'],
      ['legacy', 'Bob Builder'],
    ]);
    expect(rows[0]?.[2]).toMatch(/2024/);
    // No expiry: Never; expiry not sent by the backend: nothing.
    expect(rows[0]?.[3]).toBe('Never');
    expect(rows[1]?.[3]).toMatch(/2024/);
    expect(rows[2]?.[3]).toBe('');
    expect(screen.getByRole('link', { name: 'API Tokens' })).toHaveAttribute('href', PAGE_URL);
  });

  it('says when there are none', async () => {
    renderPage([]);
    expect(await screen.findByText('No data available', {}, SLOW)).toBeInTheDocument();
  });

  it('lets an admin delete any token, after confirmation', async () => {
    const { user } = renderPage();
    await ui.table();
    await user.click(screen.getByRole('button', { name: 'Delete grafana' }));
    await confirmDelete(user, 'Are you sure you want to delete the token grafana?');
    expect(await screen.findByText('Token deleted successfully')).toBeInTheDocument();
    expect(backend.deleted).toEqual(['t-2']);
    await waitFor(() => expect(ui.rows().map((row) => row[0])).toEqual(['ci-bot', 'legacy']));
  });

  it('does not delete when the confirmation is cancelled', async () => {
    const { user } = renderPage();
    await ui.table();
    await user.click(screen.getByRole('button', { name: 'Delete ci-bot' }));
    const confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(backend.deleted).toEqual([]);
  });

  it('shows the server message when a delete is refused', async () => {
    const { user } = renderPage();
    await ui.table();
    backend.failDeletes(403, { error: 'only the creator or an admin may delete a token' });
    await user.click(screen.getByRole('button', { name: 'Delete ci-bot' }));
    await confirmDelete(user);
    expect(
      await screen.findByText('only the creator or an admin may delete a token'),
    ).toBeInTheDocument();
    expect(ui.rows()).toHaveLength(3);
  });

  it('lets others delete only the tokens they created', async () => {
    renderPage(TOKENS, { user: { roles: ['editor'] } });
    await ui.table();
    expect(screen.getByRole('button', { name: 'Delete ci-bot' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete grafana' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete legacy' })).toBeNull();
    expect(ui.create()).toBeInTheDocument();
  });

  it('creates a token from the page, and the list refreshes', async () => {
    const { user } = renderPage([]);
    await screen.findByText('No data available', {}, SLOW);
    await user.click(ui.create()!);
    const dialog = await screen.findByRole('dialog', { name: 'Create new token' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'new-bot');
    await user.click(within(dialog).getByRole('button', { name: /Create$/ }));
    await waitFor(() => expect(backend.waiting).toBe(1));
    backend.tokens.push({
      id: 't-9',
      name: 'new-bot',
      person_id: DEFAULT_USER.id,
      created_at: '2024-08-01T10:00:00Z',
      person: { id: DEFAULT_USER.id, name: DEFAULT_USER.name },
    });
    backend.settle({ token: 'secret-value' });
    await screen.findByRole('dialog', { name: 'Token Created Successfully' });
    await ui.table();
    expect(ui.rows().map((row) => row[0])).toEqual(['new-bot']);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('secret-value')).toBeNull();
  });

  it('puts Create new token in the address, so a reload or a shared link shows it open', async () => {
    const { user, currentUrl } = renderPage();
    await ui.table();
    await user.click(ui.create()!);
    await screen.findByRole('dialog', { name: 'Create new token' });
    expect(currentUrl()).toBe(`${PAGE_URL}?new=1`);
  });

  it('opens Create new token from a shared link', async () => {
    const { user, currentUrl } = renderPage(TOKENS, { url: `${PAGE_URL}?new=1` });
    const dialog = await screen.findByRole('dialog', { name: 'Create new token' }, SLOW);
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentUrl()).toBe(PAGE_URL));
  });

  it.each([['viewer'], ['guest']])('a %s sees the tokens but no Create button', async (role) => {
    renderPage(TOKENS, { user: { roles: [role] } });
    await ui.table();
    expect(ui.create()).toBeNull();
  });

  it('shows what a token may do, read from the server when asked', async () => {
    const asked: string[] = [];
    const entry = (object: string, action: string, deny = false) => ({
      subject: DEFAULT_USER.id,
      object,
      action,
      deny,
    });
    server.use(
      http.get('*/api/rbac/token/:id/permissions', ({ params }) => {
        asked.push(String(params.id));
        const payload =
          params.id === 't-1'
            ? [
                entry('catalog', 'read'),
                entry('catalog', 'create'),
                entry('catalog', 'delete', true),
                entry('playbooks', 'read'),
                entry('playbooks', 'playbook:run'),
                entry('mcp', '*', true),
              ]
            : [entry('catalog', 'read', true)];
        return HttpResponse.json({ message: '', payload });
      }),
    );
    const { user } = renderPage();
    await ui.table();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toContain(
      'Permissions',
    );
    // Nothing is read until a token's permissions are opened.
    expect(asked).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Show permissions of ci-bot' }));
    const list = await screen.findByLabelText('Permissions of ci-bot', {}, SLOW);
    expect(
      within(list)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    ).toEqual([
      ['catalog', 'read, create'],
      ['playbooks', 'read, playbook:run'],
    ]);
    expect(asked).toEqual(['t-1']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Show permissions of legacy' }));
    expect(await screen.findByText('This token may do nothing', {}, SLOW)).toBeInTheDocument();
    expect(asked).toEqual(['t-1', 't-3']);
  });
});
