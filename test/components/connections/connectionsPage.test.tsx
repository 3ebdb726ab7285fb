import '../../support/withMonacoMock';
import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import type { PermissionSummary } from '../../../src/api/schemas/permissions';
import { postgrestTable } from '../../support/postgrestTable';
import { CONNECTIONS, CRD_ID, NEW_ID, SLOW, UI_ID, renderConnections } from './connectionsBackend';
import { bodyRows, findTable } from '../../support/tables';

const ui = {
  table: () => findTable('Connections'),
  row: (name: string) => screen.getByText(name).closest('tr')!,
  cells: (name: string) =>
    within(ui.row(name))
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  typeGrid: () => screen.findByRole('dialog', { name: 'Add Connection' }, SLOW),
  dialog: (name: string | RegExp) => screen.findByRole('dialog', { name }, SLOW),
  text: (within_: HTMLElement, name: RegExp) => within(within_).getByRole('textbox', { name }),
};

/** A read's path and parameters, decoded, in order. */
function request(read: { url: URL }) {
  return { path: read.url.pathname, params: [...read.url.searchParams.entries()] };
}

describe('connections page', () => {
  it('lists the connections newest first with type, namespace, URL, source and creator', async () => {
    const { backend } = renderConnections();
    await ui.table();
    expect(request(backend.connections.reads[0]!)).toEqual({
      path: '/api/db/connections',
      params: [
        ['select', '*,created_by(id,name,avatar,email)'],
        ['order', 'created_at.desc'],
        ['deleted_at', 'is.null'],
        ['limit', '100'],
      ],
    });
    const crm = ui.cells('legacy-crm');
    expect(crm.slice(0, 5)).toEqual([
      'legacy-crm',
      'MySQL',
      'default',
      'mysql://crm.internal:3306/crm',
      'UI',
    ]);
    expect(within(ui.row('legacy-crm')).getByText('Ada Admin')).toBeInTheDocument();
    expect(ui.cells('aws-prod').slice(0, 5)).toEqual([
      'aws-prod',
      'AWS',
      'platform',
      '',
      'KubernetesCRD',
    ]);
    expect(within(ui.row('aws-prod')).getByText('Bob Builder')).toBeInTheDocument();
  });

  it('sorts on the server by the clicked column and keeps the sort in the address', async () => {
    const { backend, user, currentUrl } = renderConnections();
    const table = await ui.table();
    await user.click(within(table).getByRole('button', { name: /^Name(?!space)/ }));
    await waitFor(() =>
      expect(backend.connections.reads.at(-1)!.url.searchParams.get('order')).toBe('name.asc'),
    );
    expect(currentUrl()).toContain('sortBy=name');
    // The sorted answer replaces the rows once it arrives.
    const names = () =>
      bodyRows('Connections').map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    await waitFor(() => expect(names()).toEqual(['aws-prod', 'legacy-crm']));
  });

  it('shows the server reason with a Retry, not in a toast, when the list fails to load', async () => {
    const { backend, user } = renderConnections();
    backend.connections.fail(
      'GET',
      500,
      { message: 'relation "connections" is broken' },
      {
        times: 1,
      },
    );
    // Once, in the table's error state.
    const reason = await screen.findByText('relation "connections" is broken', {}, SLOW);
    expect(reason.closest('[role="alert"]')).toHaveTextContent('Error loading connections');
    expect(screen.getAllByText('relation "connections" is broken')).toHaveLength(1);
    expect(document.querySelector(`.${Classes.TOAST}`)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('legacy-crm', {}, SLOW)).toBeInTheDocument();
  });

  it('creates a Postgres connection from the type grid, storing secret keys as secret:// strings', async () => {
    const { backend, user, currentUrl } = renderConnections();
    await ui.table();
    await user.click(screen.getByRole('button', { name: 'Add' }));
    const grid = await ui.typeGrid();
    expect(currentUrl()).toContain('id=new');
    expect(within(grid).queryByRole('button', { name: 'JMeter' })).toBeNull();
    await user.type(
      within(grid).getByRole('searchbox', { name: 'Search connection types' }),
      'post',
    );
    expect(
      within(within(grid).getByRole('group', { name: 'Connection types' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Postgres']);
    await user.click(within(grid).getByRole('button', { name: 'Postgres' }));

    const form = await ui.dialog('Add Postgres Connection');
    expect(currentUrl()).toContain('type=postgres');
    expect(ui.text(form, /^Namespace/)).toHaveValue('default');
    await user.type(ui.text(form, /^Name\b/), 'orders-db');
    await user.type(ui.text(form, /^URL/), 'postgres://orders.internal:5432/orders');
    await user.selectOptions(
      within(form).getByRole('combobox', { name: 'Username from' }),
      'secret',
    );
    await user.type(ui.text(form, /^Username secret name/), 'orders-db-ro');
    await user.type(ui.text(form, /^Username secret key/), 'username');
    await user.type(within(form).getByLabelText('Password'), 'hunter2');
    await user.click(within(form).getByLabelText('Insecure TLS'));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('Connection created successfully', {}, SLOW),
    ).toBeInTheDocument();
    const post = backend.connections.writes.find((write) => write.method === 'POST')!;
    expect(post.body).toEqual({
      name: 'orders-db',
      namespace: 'default',
      type: 'postgres',
      url: 'postgres://orders.internal:5432/orders',
      username: 'secret://orders-db-ro/username',
      password: 'hunter2',
      insecure_tls: true,
      properties: {},
      created_by: '0190d1a2-7c4e-7000-8000-000000000001',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentUrl()).not.toContain('id=');
    expect(await screen.findByText('orders-db', {}, SLOW)).toBeInTheDocument();
    expect(backend.connections.rows.some((row) => row.id === NEW_ID)).toBe(true);
  });

  it('picks the first matching type with Enter in the search', async () => {
    const { user, currentUrl } = renderConnections('/settings/connections?id=new');
    const grid = await ui.typeGrid();
    await user.type(
      within(grid).getByRole('searchbox', { name: 'Search connection types' }),
      'kube{Enter}',
    );
    const form = await ui.dialog('Add Kubernetes Connection');
    expect(currentUrl()).toContain('type=kubernetes');
    expect(within(form).getByRole('combobox', { name: 'Kubeconfig from' })).toHaveValue('value');
  });

  it('keeps what was typed and shows the server reason when saving fails', async () => {
    const { backend, user } = renderConnections('/settings/connections?id=new&type=redis');
    const form = await ui.dialog('Add Redis Connection');
    backend.connections.fail(
      'POST',
      409,
      {
        code: '23505',
        message: 'duplicate key value violates unique constraint',
      },
      { times: 1 },
    );
    await user.type(ui.text(form, /^Name\b/), 'cache');
    await user.type(ui.text(form, /^URL/), 'redis://cache:6379');
    await user.type(ui.text(form, /^DB/), '3');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert', {}, SLOW)).toHaveTextContent(
      'duplicate key value violates unique constraint',
    );
    expect(ui.text(form, /^Name\b/)).toHaveValue('cache');
    expect(ui.text(form, /^DB/)).toHaveValue('3');

    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Connection created successfully', {}, SLOW),
    ).toBeInTheDocument();
    expect(backend.connections.writes.at(-1)!.body).toMatchObject({
      name: 'cache',
      type: 'redis',
      url: 'redis://cache:6379',
      properties: { db: '3' },
    });
  });

  it('keeps the open dialog in the address, so a reload shows it open and filled', async () => {
    const { user, currentUrl } = renderConnections(`/settings/connections?id=${UI_ID}`);
    const form = await ui.dialog('MySQL Connection');
    expect(await within(form).findByRole('textbox', { name: /^URL/ }, SLOW)).toHaveValue(
      'mysql://crm.internal:3306/crm',
    );
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(currentUrl()).toBe('/settings/connections'));
  });

  it('opens a new connection of the type the address names', async () => {
    renderConnections('/settings/connections?id=new&type=redis');
    const form = await ui.dialog('Add Redis Connection');
    expect(within(form).getByRole('textbox', { name: /^URL/ })).toHaveValue('');
  });

  it('opens a row in its dialog, filled from the row, and updates it', async () => {
    const { backend, user, currentUrl } = renderConnections();
    await ui.table();
    await user.click(screen.getByText('legacy-crm'));
    const form = await ui.dialog('MySQL Connection');
    expect(currentUrl()).toContain(`id=${UI_ID}`);
    expect(ui.text(form, /^URL/)).toHaveValue('mysql://crm.internal:3306/crm');
    expect(ui.text(form, /^Username( \(required\))?$/)).toHaveValue('mc_reader');
    expect(within(form).getByRole('combobox', { name: 'Password from' })).toHaveValue('secret');
    expect(ui.text(form, /^Password secret name/)).toHaveValue('crm-mysql');
    expect(ui.text(form, /^Password secret key/)).toHaveValue('password');

    await user.clear(ui.text(form, /^Password secret key/));
    await user.type(ui.text(form, /^Password secret key/), 'reader-password');
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    expect(
      await screen.findByText('Connection updated successfully', {}, SLOW),
    ).toBeInTheDocument();
    const patch = backend.connections.writes.find((write) => write.method === 'PATCH')!;
    expect(patch.filters).toEqual({ id: `eq.${UI_ID}` });
    // What the form did not change goes back as it was loaded.
    const { id, name, namespace, type, url, username } = CONNECTIONS[0]!;
    const unchanged = { id, name, namespace, type, url, username };
    expect(patch.body).toEqual({
      ...unchanged,
      password: 'secret://crm-mysql/reader-password',
      insecure_tls: false,
      properties: {},
      created_by: '0190d1a2-7c4e-7000-8000-000000000001',
    });
  });

  it('tests a connection and shows ok', async () => {
    const { backend, user } = renderConnections(`/settings/connections?id=${UI_ID}`);
    const form = await ui.dialog('MySQL Connection');
    await user.click(within(form).getByRole('button', { name: 'Test' }));
    const result = await within(form).findByRole('status', { name: 'Test result' }, SLOW);
    expect(result).toHaveTextContent('Connection test passed');
    expect(result).toHaveTextContent('ok');
    expect(backend.tests).toEqual([UI_ID]);
  });

  it('tests a connection and shows the parsed error', async () => {
    const { backend, user } = renderConnections(`/settings/connections?id=${UI_ID}`);
    backend.answerTest({
      status: 400,
      body: { error: JSON.stringify({ message: 'dial tcp 10.0.0.7:3306: connection refused' }) },
    });
    const form = await ui.dialog('MySQL Connection');
    await user.click(within(form).getByRole('button', { name: 'Test' }));
    const result = await within(form).findByRole('alert', { name: 'Test result' }, SLOW);
    expect(result).toHaveTextContent('Connection test failed');
    expect(result).toHaveTextContent('dial tcp 10.0.0.7:3306: connection refused');
    expect(result).not.toHaveTextContent('{');
  });

  it('shows a connection from a CRD read-only, testable but not deletable', async () => {
    const { backend, user } = renderConnections(`/settings/connections?id=${CRD_ID}`);
    const form = await ui.dialog('AWS Connection');
    expect(
      within(form).getByText(
        'This resource is managed by Kubernetes CRD and cannot be edited from the UI.',
      ),
    ).toBeInTheDocument();
    expect(ui.text(form, /^Region/)).toHaveValue('eu-west-1');
    expect(ui.text(form, /^Region/)).toBeDisabled();
    expect(ui.text(form, /^Name\b/)).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(within(form).queryByRole('button', { name: 'Delete' })).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Test' }));
    expect(
      await within(form).findByRole('status', { name: 'Test result' }, SLOW),
    ).toHaveTextContent('ok');
    expect(within(form).getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(backend.connections.writes).toEqual([]);
  });

  it('deletes a connection softly after a confirmation', async () => {
    const { backend, user, currentUrl } = renderConnections(`/settings/connections?id=${UI_ID}`);
    const form = await ui.dialog('MySQL Connection');
    await user.click(within(form).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Connection' }, SLOW);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Connection deleted successfully', {}, SLOW),
    ).toBeInTheDocument();
    expect(backend.connections.writes).toEqual([
      expect.objectContaining({
        method: 'PATCH',
        filters: { id: `eq.${UI_ID}` },
        body: { deleted_at: 'now()' },
      }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentUrl()).not.toContain('id=');
  });

  it('shows the permissions that name the connection, in their own dialog', async () => {
    const onConnection: PermissionSummary & { deleted_at: null } = {
      id: '7d0e7a43-52a6-4c38-a0e4-3f5b2d1c9e01',
      description: 'Ada reads the MySQL connection',
      source: 'UI',
      action: 'read',
      connection_id: UI_ID,
      subject: '0190d1a2-7c4e-7000-8000-000000000001',
      subject_type: 'person',
      deny: false,
      deleted_at: null,
      created_at: '2026-01-02T10:00:00Z',
      updated_at: '2026-01-02T10:00:00Z',
    };
    const other: PermissionSummary & { deleted_at: null } = {
      ...onConnection,
      id: '7d0e7a43-52a6-4c38-a0e4-3f5b2d1c9e02',
      description: 'Elsewhere',
      connection_id: CRD_ID,
    };
    const summary = postgrestTable<PermissionSummary & { deleted_at: null }>(
      'permissions_summary',
      [onConnection, other],
    );
    const { user } = renderConnections(`/settings/connections?id=${UI_ID}`);
    const form = await ui.dialog('MySQL Connection');
    // Nothing is read before the permissions are asked for.
    expect(summary.reads).toEqual([]);
    await user.click(await within(form).findByRole('button', { name: 'Permissions' }, SLOW));
    const dialog = await ui.dialog(/^Permissions: /);
    const table = await within(dialog).findByRole(
      'table',
      { name: 'Permissions', busy: false },
      SLOW,
    );
    expect(within(table).getByText('Ada reads the MySQL connection')).toBeInTheDocument();
    expect(within(table).queryByText('Elsewhere')).toBeNull();
    expect(summary.reads[0]!.url.searchParams.get('connection_id')).toBe(`eq.${UI_ID}`);
    expect(within(dialog).getByRole('button', { name: 'Add Permission' })).toBeInTheDocument();
  });
});
