import '../../support/withEditableMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { AppPage } from '../../../src/app/routes';
import { ResourceEditorPage } from '../../../src/features/resources/ResourceEditorPage';
import { ResourcesListPage } from '../../../src/features/resources/ResourcesListPage';
import { DASHBOARD_TAG } from '../../../src/features/resources/DashboardTag';
import { USE_AS_DASHBOARD } from '../../../src/features/resources/useDashboardChoice';
import { propertiesBackend } from '../../support/propertiesBackend';
import { server } from '../../support/msw';
import { postgrestTable } from '../../support/postgrestTable';
import type { RenderAppOptions } from '../../support/renderApp';
import { testUser } from '../../support/shellHandlers';
import { SLOW, bodyRows, findTable } from '../../support/tables';
import { renderPages } from '../../support/renderPages';
import { replaceCode } from '../../support/fillFields';
import { onlyWrite } from '../../support/expectations';

const UI_VIEW = '0190d1a2-7c4e-7000-8000-00000000b001';
const CRD_VIEW = '0190d1a2-7c4e-7000-8000-00000000b002';
const NEW_ID = '0190d1a2-7c4e-7000-8000-00000000b0b0';

const BANNER =
  'Read-Only Mode: This resource is managed by Kubernetes CRD and cannot be edited from the UI.';

type Row = Record<string, unknown> & { id: string };

function view(index: number, overrides: Partial<Row> = {}): Row {
  return {
    id: `0190d1a2-7c4e-7000-8000-0000000c${String(index).padStart(4, '0')}`,
    name: `view-${String(index).padStart(3, '0')}`,
    namespace: 'default',
    spec: { display: { title: `View ${index}` } },
    source: 'KubernetesCRD',
    labels: null,
    created_by: null,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString(),
    updated_at: null,
    deleted_at: null,
    last_ran: null,
    error: null,
    ...overrides,
  };
}

const VIEWS: Row[] = [
  view(900, {
    id: UI_VIEW,
    name: 'pods',
    namespace: 'mission-control',
    spec: { display: { title: 'Pods overview' }, queries: {} },
    source: 'UI',
    created_at: '2026-02-01T10:00:00Z',
    last_ran: '2026-02-02T10:00:00Z',
    error: 'query configs: timeout',
  }),
  view(901, {
    id: CRD_VIEW,
    name: 'deployments',
    namespace: 'mission-control',
    spec: { title: 'Deployments' },
    created_at: '2026-01-31T10:00:00Z',
  }),
];

/** MISC-06's view schema for the editor: a view needs `display`. */
const VIEW_SCHEMA = {
  type: 'object',
  required: ['display'],
  properties: { display: { type: 'object' } },
};

function backend(rows: readonly Row[] = VIEWS) {
  const table = postgrestTable<Row>('views', rows, {
    onInsert: (body) => ({ id: NEW_ID, deleted_at: null, ...body }) as Row,
  });
  server.use(
    http.get('*/api/schemas/:file', ({ params }) =>
      params.file === 'view.schema.json'
        ? HttpResponse.json(VIEW_SCHEMA)
        : HttpResponse.json({ error: 'not found' }, { status: 404 }),
    ),
  );
  return table;
}

const access = { resource: 'views' as const };
const PAGES: AppPage[] = [
  { path: '/settings/:table', load: async () => ResourcesListPage as React.ComponentType, access },
  { path: '/settings/:table/:id', load: async () => Editor, access },
];

function Editor() {
  return <ResourceEditorPage />;
}

function render(url: string, options: RenderAppOptions & { rows?: Row[] } = {}) {
  const { rows, ...rest } = options;
  const table = backend(rows);
  const rendered = renderPages(PAGES, url, rest);
  return { ...rendered, table };
}

const ui = {
  table: () => findTable('Views'),
  rows: () => bodyRows('Views'),
  firstCells: () => ui.rows().map((row) => within(row).getAllByRole('cell')[0]!.textContent ?? ''),
  form: () => screen.findByRole('form', { name: 'Views spec' }, SLOW),
  field: (form: HTMLElement, label: string) =>
    within(form).getByRole('textbox', { name: new RegExp(`^${label}(\\s|$)`) }),
  spec: (form: HTMLElement) =>
    within(within(form).getByRole('group', { name: 'Spec' })).findByRole('textbox', {
      name: 'Code',
    }),
  button: (name: string) => screen.getByRole('button', { name }),
};

async function typeSpec(user: ReturnType<typeof render>['user'], form: HTMLElement, text: string) {
  return replaceCode(user, await ui.spec(form), text);
}

describe('/settings/views list (VIEW-01)', () => {
  it('reads a page of views with the count, newest first, and shows their columns', async () => {
    const { table } = render('/settings/views');
    await ui.table();
    const read = table.reads[0]!;
    expect(read.url.pathname).toBe('/api/db/views');
    expect([...read.url.searchParams.entries()]).toEqual([
      ['select', '*'],
      ['deleted_at', 'is.null'],
      ['limit', '50'],
      ['offset', '0'],
      ['order', 'created_at.desc'],
    ]);
    expect(read.prefer).toMatch(/count=exact/);
    const headers = within(screen.getByRole('table', { name: 'Views' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Name',
      'Namespace',
      'Title',
      'Source',
      'Last Ran',
      'Error',
      'Created',
      // An admin's "Use as dashboard".
      'Actions',
    ]);
    expect(ui.firstCells()).toEqual(['pods', 'deployments']);
    const pods = ui.rows()[0]!;
    expect(within(pods).getByText('Pods overview')).toBeInTheDocument();
    expect(within(pods).getByText('query configs: timeout')).toBeInTheDocument();
    expect(within(ui.rows()[1]!).getByText('Deployments')).toBeInTheDocument();
  });

  it('pages on the server with the page in the address', async () => {
    const many = Array.from({ length: 60 }, (_, index) => view(index));
    const { user, table, currentUrl } = render('/settings/views', { rows: many });
    await ui.table();
    expect(ui.rows()).toHaveLength(50);
    expect(screen.getByText(/of 60/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(currentUrl()).toMatch(/pageIndex=1/));
    await waitFor(() => expect(table.reads.at(-1)!.url.searchParams.get('offset')).toBe('50'));
    await waitFor(() => expect(ui.rows()).toHaveLength(10));
  });

  it('sorts on the server by the header clicked', async () => {
    const { user, table, currentUrl } = render('/settings/views');
    await ui.table();
    const header = within(screen.getByRole('table', { name: 'Views' })).getByRole('columnheader', {
      name: 'Name',
    });
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(table.reads.at(-1)!.url.searchParams.get('order')).toBe('name.asc'));
    expect(currentUrl()).toMatch(/sortBy=name/);
    await waitFor(() => expect(ui.firstCells()).toEqual(['deployments', 'pods']));
  });

  it('opens a row in the editor and offers Add to writers only', async () => {
    const writer = render('/settings/views');
    await ui.table();
    await writer.user.click(screen.getByText('pods'));
    await waitFor(() => expect(writer.currentUrl()).toBe(`/settings/views/${UI_VIEW}`));
    writer.unmount();

    const again = render('/settings/views');
    await ui.table();
    await again.user.click(await screen.findByRole('button', { name: 'Add' }));
    await waitFor(() => expect(again.currentUrl()).toBe('/settings/views/new'));
    again.unmount();

    render('/settings/views', { user: { roles: ['viewer'] } });
    await ui.table();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
  });

  it("shows the server's reason and retries", async () => {
    const table = backend();
    table.fail('GET', 500, { message: 'relation "views" is locked' }, { times: 1 });
    const { user } = renderPages(PAGES, '/settings/views');
    expect(
      await screen.findByText('relation "views" is locked', undefined, SLOW),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await ui.table();
    expect(ui.firstCells()).toEqual(['pods', 'deployments']);
  });
});

describe('/settings/views editor (VIEW-03)', () => {
  it('creates a view checked against the view schema, then returns to the list', async () => {
    const { user, table, currentUrl } = render('/settings/views/new');
    const form = await ui.form();
    expect(ui.field(form, 'Namespace')).toHaveValue('default');
    await user.type(ui.field(form, 'Name'), 'nodes');
    await typeSpec(user, form, 'columns: []\n');
    expect(
      await within(form).findByText("/: must have required property 'display'", {}, SLOW),
    ).toBeInTheDocument();
    // A view that breaks its schema cannot be run: Save waits for a valid spec.
    expect(ui.button('Save')).toBeDisabled();
    await typeSpec(user, form, 'display:\n  title: Nodes\n');
    await waitFor(() => expect(within(form).queryByText(/must have required property/)).toBeNull());
    await waitFor(() => expect(ui.button('Save')).toBeEnabled());
    await user.click(ui.button('Save'));
    expect(await onlyWrite(table)).toMatchObject({
      method: 'POST',
      body: {
        name: 'nodes',
        namespace: 'default',
        spec: { display: { title: 'Nodes' } },
        source: 'UI',
        created_by: testUser().id,
      },
    });
    await waitFor(() => expect(currentUrl()).toBe('/settings/views'));
  });

  it('updates a UI view with PATCH, its name and namespace locked', async () => {
    const { user, table, currentUrl } = render(`/settings/views/${UI_VIEW}`);
    const form = await ui.form();
    expect(table.reads[0]!.url.search).toBe(`?id=eq.${UI_VIEW}`);
    expect(ui.field(form, 'Name')).toBeDisabled();
    expect(ui.field(form, 'Namespace')).toBeDisabled();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Spec']);
    await typeSpec(user, form, 'display:\n  title: Pods\n');
    await user.click(ui.button('Update'));
    expect(await onlyWrite(table)).toMatchObject({
      method: 'PATCH',
      filters: { id: `eq.${UI_VIEW}` },
      body: { id: UI_VIEW, name: 'pods', spec: { display: { title: 'Pods' } } },
    });
    await waitFor(() => expect(currentUrl()).toBe('/settings/views'));
  });

  it('deletes a view for good after the confirmation', async () => {
    const { user, table, currentUrl } = render(`/settings/views/${UI_VIEW}`);
    await ui.form();
    await user.click(ui.button('Delete'));
    const confirm = await screen.findByRole('alertdialog');
    expect(table.writes).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await onlyWrite(table)).toMatchObject({
      method: 'DELETE',
      filters: { id: `eq.${UI_VIEW}` },
    });
    expect(table.rows.find((row) => row.id === UI_VIEW)).toBeUndefined();
    await waitFor(() => expect(currentUrl()).toBe('/settings/views'));
  });

  it("shows the server's reason when saving fails and keeps the typed values", async () => {
    const { user, table, currentUrl } = render('/settings/views/new');
    table.fail('POST', 409, {
      code: '23505',
      message: 'duplicate key value violates unique constraint "views_name_namespace_key"',
    });
    const form = await ui.form();
    await user.type(ui.field(form, 'Name'), 'pods');
    await typeSpec(user, form, 'display:\n  title: Again\n');
    await user.click(ui.button('Save'));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'duplicate key value violates unique constraint "views_name_namespace_key"',
    );
    expect(ui.field(form, 'Name')).toHaveValue('pods');
    expect(await ui.spec(form)).toHaveValue('display:\n  title: Again\n');
    expect(currentUrl()).toBe('/settings/views/new');
  });

  it('opens a view defined outside the console read-only under the banner', async () => {
    const { table } = render(`/settings/views/${CRD_VIEW}`);
    const form = await ui.form();
    expect(within(form).getByRole('status')).toHaveTextContent(BANNER);
    expect(await ui.spec(form)).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Update' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(table.writes).toHaveLength(0);
  });
});

describe('/settings/views: the dashboard view', () => {
  const dashboardTag = (row: HTMLElement) => within(row).queryByText(DASHBOARD_TAG);
  const rowOf = (name: string) => ui.rows().find((row) => within(row).queryByText(name))!;
  const useAsDashboard = (name: string) =>
    screen.queryByRole('button', { name: `${USE_AS_DASHBOARD}: ${name}` });

  function renderWith(properties: ReturnType<typeof propertiesBackend>, roles?: string[]) {
    return render('/settings/views', {
      properties: properties.list,
      ...(roles ? { user: { roles } } : {}),
    });
  }

  it('marks the current dashboard and lets an admin make another view the dashboard', async () => {
    const properties = propertiesBackend({
      rows: [{ name: 'dashboard.default.view', value: 'mission-control/deployments' }],
    });
    const { user } = renderWith(properties);
    await ui.table();
    await waitFor(() => expect(dashboardTag(rowOf('deployments'))).toBeInTheDocument());
    expect(dashboardTag(rowOf('pods'))).toBeNull();
    // The dashboard itself offers no "Use as dashboard".
    expect(useAsDashboard('deployments')).toBeNull();

    await user.click(useAsDashboard('pods')!);
    expect(
      await screen.findByText('mission-control/pods is now the dashboard', {}, SLOW),
    ).toBeInTheDocument();
    const write = await onlyWrite(properties);
    expect(write).toEqual(
      expect.objectContaining({
        method: 'PATCH',
        filters: { name: 'eq.dashboard.default.view' },
        body: expect.objectContaining({
          name: 'dashboard.default.view',
          value: 'mission-control/pods',
        }),
      }),
    );
    await waitFor(() => expect(dashboardTag(rowOf('pods'))).toBeInTheDocument());
    expect(dashboardTag(rowOf('deployments'))).toBeNull();
    expect(useAsDashboard('deployments')).toBeInTheDocument();
  });

  it('creates the property when no row names the dashboard yet', async () => {
    const properties = propertiesBackend();
    const { user } = renderWith(properties);
    await ui.table();
    await user.click(await screen.findByRole('button', { name: `${USE_AS_DASHBOARD}: pods` }));
    await screen.findByText('mission-control/pods is now the dashboard', {}, SLOW);
    expect(properties.writes.map((write) => write.method)).toEqual(['PATCH', 'POST']);
    expect(properties.rows).toEqual([
      expect.objectContaining({ name: 'dashboard.default.view', value: 'mission-control/pods' }),
    ]);
    await waitFor(() => expect(dashboardTag(rowOf('pods'))).toBeInTheDocument());
  });

  it('shows the mark but not the action to users who are not admins', async () => {
    const properties = propertiesBackend({
      rows: [{ name: 'dashboard.default.view', value: 'mission-control/pods' }],
    });
    renderWith(properties, ['editor']);
    await ui.table();
    await waitFor(() => expect(dashboardTag(rowOf('pods'))).toBeInTheDocument());
    expect(useAsDashboard('deployments')).toBeNull();
    expect(properties.writes).toHaveLength(0);
  });
});

describe('/settings/views editor: the dashboard view', () => {
  const dashboardTag = () => screen.queryByText(DASHBOARD_TAG);
  const useAsDashboard = () => screen.queryByRole('button', { name: `${USE_AS_DASHBOARD}: pods` });

  function openPods(properties: ReturnType<typeof propertiesBackend>, roles?: string[]) {
    return render(`/settings/views/${UI_VIEW}`, {
      properties: properties.list,
      ...(roles ? { user: { roles } } : {}),
    });
  }

  it('lets an admin make the open view the dashboard, then marks it', async () => {
    const properties = propertiesBackend({
      rows: [{ name: 'dashboard.default.view', value: 'mission-control/deployments' }],
    });
    const { user } = openPods(properties);
    await ui.form();
    await user.click(await screen.findByRole('button', { name: `${USE_AS_DASHBOARD}: pods` }));
    expect(
      await screen.findByText('mission-control/pods is now the dashboard', {}, SLOW),
    ).toBeInTheDocument();
    expect(await onlyWrite(properties)).toEqual(
      expect.objectContaining({
        method: 'PATCH',
        filters: { name: 'eq.dashboard.default.view' },
        body: expect.objectContaining({ value: 'mission-control/pods' }),
      }),
    );
    expect(await screen.findByText(DASHBOARD_TAG)).toBeInTheDocument();
    expect(useAsDashboard()).toBeNull();
  });

  it('marks the view that already is the dashboard and offers nothing to choose', async () => {
    const properties = propertiesBackend({
      rows: [{ name: 'dashboard.default.view', value: 'mission-control/pods' }],
    });
    openPods(properties);
    await ui.form();
    expect(await screen.findByText(DASHBOARD_TAG)).toBeInTheDocument();
    expect(useAsDashboard()).toBeNull();
  });

  it("shows the server's reason when the choice fails, and the view stays as it was", async () => {
    const properties = propertiesBackend();
    properties.table.fail('PATCH', 403, { message: 'permission denied for table properties' });
    const { user } = openPods(properties);
    await ui.form();
    await user.click(await screen.findByRole('button', { name: `${USE_AS_DASHBOARD}: pods` }));
    expect(
      await screen.findByText('permission denied for table properties', {}, SLOW),
    ).toBeInTheDocument();
    expect(properties.rows).toEqual([]);
    // The toast can show before the button leaves its loading state.
    await waitFor(() => expect(useAsDashboard()).toBeEnabled());
    expect(dashboardTag()).toBeNull();
  });

  it('does not offer the choice to users who are not admins', async () => {
    const properties = propertiesBackend();
    const answered = jest.fn(properties.list);
    render(`/settings/views/${UI_VIEW}`, { properties: answered, user: { roles: ['editor'] } });
    await ui.form();
    await waitFor(() => expect(answered).toHaveBeenCalled());
    expect(useAsDashboard()).toBeNull();
    expect(properties.writes).toHaveLength(0);
  });
});
