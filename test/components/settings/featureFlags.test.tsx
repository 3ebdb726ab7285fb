import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { createRoutes } from '../../../src/app/routes';
import { server } from '../../support/msw';
import { propertiesBackend } from '../../support/propertiesBackend';
import { renderApp } from '../../support/renderApp';
import type { RenderAppOptions } from '../../support/renderApp';
import { DEFAULT_USER, serverFails } from '../../support/shellHandlers';
import { cellTexts, findTable } from '../../support/tables';
import { confirmDelete } from '../../support/confirm';

const URL = '/settings/feature-flags';

const ui = {
  title: () => screen.findByRole('heading', { name: 'Feature Flags', level: 1 }),
  table: () => findTable('Feature flags'),
  rows: () => cellTexts('Feature flags', 3),
  add: () => screen.findByRole('button', { name: 'Add' }),
  dialog: (name: string) => screen.findByRole('dialog', { name }),
  field: (name: string) => screen.getByLabelText(new RegExp(`^${name}`)),
  save: () => screen.getByRole('button', { name: /^(Save|Update)$/ }),
};

function renderPage(backend = propertiesBackend(), options: RenderAppOptions = {}) {
  const rendered = renderApp(createRoutes({ publicRoutes: [] }), {
    url: URL,
    properties: backend.list,
    ...options,
  });
  return { ...rendered, backend };
}

function seededBackend() {
  return propertiesBackend({
    local: [{ name: 'log.level', value: 'info', source: 'local', description: 'From the flags' }],
    rows: [
      { name: 'playbooks.disable', value: 'false' },
      { name: 'logs.disable', value: 'true' },
    ],
  });
}

describe('feature flags page', () => {
  it('lists the effective properties by name, with their source', async () => {
    renderPage(seededBackend());
    expect(await ui.title()).toBeInTheDocument();
    await ui.table();
    expect(ui.rows()).toEqual([
      ['log.levelFrom the flags', 'info', 'local'],
      ['logs.disable', 'true', 'db'],
      ['playbooks.disable', 'false', 'db'],
    ]);
    expect(await ui.add()).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    renderPage();
    expect(await screen.findByText('No feature flags')).toBeInTheDocument();
  });

  it('shows why the list could not be loaded', async () => {
    serverFails('properties', 500, { error: 'database is down' });
    const { user } = renderPage();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    const callout = retry.closest<HTMLElement>('[role="alert"]')!;
    expect(within(callout).getByText('Feature flags could not be loaded')).toBeInTheDocument();
    expect(callout).toHaveTextContent('database is down');

    server.use(http.get('*/api/properties', () => HttpResponse.json([])));
    await user.click(retry);
    expect(await screen.findByText('No feature flags')).toBeInTheDocument();
  });

  it('adds a property, and the flags refresh everywhere', async () => {
    const { user, backend } = renderPage(seededBackend());
    await ui.table();
    await user.click(await ui.add());
    const dialog = await ui.dialog('Add Feature Flag');
    await user.type(ui.field('Name'), 'settings.feature_flags.disable');
    await user.type(ui.field('Value'), 'true');
    await user.click(within(dialog).getByRole('button', { name: /^(Save|Update)$/ }));

    expect(await screen.findByText('Feature Flag created successfully')).toBeInTheDocument();
    expect(backend.writes).toEqual([
      {
        method: 'POST',
        filters: {},
        prefer: 'return=representation',
        body: {
          name: 'settings.feature_flags.disable',
          value: 'true',
          created_by: DEFAULT_USER.id,
        },
      },
    ]);
    // The page itself is switched off by the new flag, and its sidebar entry goes.
    expect(await screen.findByRole('heading', { name: 'Unauthorized' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Feature Flags' })).toBeNull();
  });

  it('edits a property found by its name', async () => {
    const { user, backend } = renderPage(seededBackend());
    await ui.table();
    await user.click(screen.getByRole('button', { name: 'Edit logs.disable' }));
    const dialog = await ui.dialog('Edit Feature Flag');
    expect(ui.field('Name')).toHaveValue('logs.disable');
    expect(ui.field('Value')).toHaveValue('true');
    await user.clear(ui.field('Value'));
    await user.type(ui.field('Value'), 'false');
    await user.click(within(dialog).getByRole('button', { name: /^(Save|Update)$/ }));

    expect(await screen.findByText('Feature Flag updated successfully')).toBeInTheDocument();
    expect(backend.writes).toEqual([
      {
        method: 'PATCH',
        filters: { name: 'eq.logs.disable' },
        prefer: 'return=representation',
        body: { name: 'logs.disable', value: 'false', created_by: DEFAULT_USER.id },
      },
    ]);
    await waitFor(() => expect(ui.rows()[1]).toEqual(['logs.disable', 'false', 'db']));
    // Closing is a change of address, which the router applies a moment later.
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Edit Feature Flag' })).toBeNull(),
    );
  });

  it('keeps the open dialog in the address, so a reload shows it open', async () => {
    const { user, currentUrl } = renderPage(seededBackend(), { url: `${URL}?id=logs.disable` });
    const dialog = await ui.dialog('Edit Feature Flag');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('logs.disable');
    expect(within(dialog).getByLabelText(/^Value/)).toHaveValue('true');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentUrl()).toBe(URL));

    await user.click(await ui.add());
    await ui.dialog('Add Feature Flag');
    expect(currentUrl()).toBe(`${URL}?new=1`);
  });

  it('opens Add Feature Flag from a shared link', async () => {
    renderPage(seededBackend(), { url: `${URL}?new=1` });
    const dialog = await ui.dialog('Add Feature Flag');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('');
  });

  it('opens no editor for a property set in the server’s configuration', async () => {
    renderPage(seededBackend(), { url: `${URL}?id=log.level` });
    await ui.table();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('deletes a property after confirmation', async () => {
    const { user, backend } = renderPage(seededBackend());
    await ui.table();
    await user.click(screen.getByRole('button', { name: 'Delete playbooks.disable' }));
    await confirmDelete(user, 'Delete the feature flag playbooks.disable?');

    expect(await screen.findByText('Feature Flag deleted successfully')).toBeInTheDocument();
    expect(backend.writes).toEqual([
      {
        method: 'DELETE',
        filters: { name: 'eq.playbooks.disable' },
        prefer: 'return=representation',
      },
    ]);
    await waitFor(() =>
      expect(ui.rows().map((row) => row[0])).toEqual(['log.levelFrom the flags', 'logs.disable']),
    );
  });

  it('keeps the dialog open with the server error', async () => {
    const { user } = renderPage(seededBackend());
    await ui.table();
    await user.click(await ui.add());
    const dialog = await ui.dialog('Add Feature Flag');
    await user.type(ui.field('Name'), 'logs.disable');
    await user.type(ui.field('Value'), 'true');
    await user.click(within(dialog).getByRole('button', { name: /^(Save|Update)$/ }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'duplicate key value violates unique constraint "properties_pkey"',
    );
    expect(screen.getByRole('dialog', { name: 'Add Feature Flag' })).toBeInTheDocument();
  });

  it('checks the form before sending', async () => {
    const { user, backend } = renderPage(seededBackend());
    await ui.table();
    await user.click(await ui.add());
    const dialog = await ui.dialog('Add Feature Flag');
    await user.click(within(dialog).getByRole('button', { name: /^(Save|Update)$/ }));
    expect(within(dialog).getAllByText('This field is required')).toHaveLength(2);
    await user.type(ui.field('Name'), 'logs disable');
    expect(within(dialog).getByText('The name cannot contain spaces')).toBeInTheDocument();
    expect(backend.writes).toEqual([]);
  });

  it('keeps the server’s own properties read-only', async () => {
    renderPage(seededBackend());
    await ui.table();
    expect(screen.queryByRole('button', { name: 'Edit log.level' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete log.level' })).toBeNull();
    expect(screen.getByText('Read-only')).toBeInTheDocument();
  });

  it.each(['viewer', 'guest', 'responder'])('is read-only for a %s', async (role) => {
    renderPage(seededBackend(), { user: { roles: [role] } });
    await ui.table();
    expect(ui.rows()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
  });
});
