import '../../../support/withEditableMonacoMock';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import type { ScrapePluginRow } from '../../../../src/api/schemas/scrapePlugins';
import { clearToasts } from '../../../../src/ui/toaster';
import scrapePluginSchema from '../../../../server/demo/schemas/scrape_plugin.schema.json';
import { confirmDelete } from '../../../support/confirm';
import { onlyWrite } from '../../../support/expectations';
import { replaceCode } from '../../../support/fillFields';
import { server } from '../../../support/msw';
import { postgrestTable } from '../../../support/postgrestTable';
import type { PostgrestTable } from '../../../support/postgrestTable';
import { pagesAt, renderPages } from '../../../support/renderPages';
import type { RenderPagesOptions } from '../../../support/renderPages';
import { SLOW, bodyRows, findTable } from '../../../support/tables';

jest.setTimeout(30_000);

const PAGES = pagesAt('/catalog/plugins');

const NOISE_ID = '6a1f0c52-3d7e-4b0a-9c41-2f5e8d9b7a01';
const RETENTION_ID = '6a1f0c52-3d7e-4b0a-9c41-2f5e8d9b7a02';

const ROWS: ScrapePluginRow[] = [
  {
    id: NOISE_ID,
    name: 'kubernetes-change-noise',
    namespace: 'mission-control',
    source: 'KubernetesCRD',
    spec: { changes: { exclude: ['change_type == "Pulled"'] }, retention: {} },
    created_by: null,
    created_at: '2026-10-01T10:00:00Z',
    updated_at: '2026-10-02T10:00:00Z',
  },
  {
    id: RETENTION_ID,
    name: 'retention-defaults',
    namespace: 'default',
    source: 'UI',
    spec: { retention: { staleItemAge: '7d' }, relationship: [{ filter: 'true' }] },
    created_by: { id: 'p-1', name: 'Ada Admin', email: 'ada@example.com', avatar: null },
    created_at: '2026-10-05T10:00:00Z',
    updated_at: '2026-10-06T10:00:00Z',
  },
];

let table: PostgrestTable<ScrapePluginRow>;
let schemaReads = 0;

function renderPage(url = '/catalog/plugins', options: RenderPagesOptions = {}, rows = ROWS) {
  table = postgrestTable('scrape_plugins', rows, {
    embed: {
      created_by: (value) =>
        typeof value === 'string'
          ? { id: value, name: 'Ada Admin', email: null, avatar: null }
          : value,
    },
    onInsert: (body) =>
      ({
        id: '6a1f0c52-3d7e-4b0a-9c41-2f5e8d9b7aff',
        created_at: '2026-11-01T10:00:00Z',
        deleted_at: null,
        ...body,
      }) as ScrapePluginRow,
  });
  schemaReads = 0;
  server.use(
    http.get('*/api/schemas/scrape_plugin.schema.json', () => {
      schemaReads += 1;
      return HttpResponse.json(scrapePluginSchema);
    }),
  );
  return renderPages(PAGES, url, options);
}

const ui = {
  table: () => findTable('Scrape plugins'),
  names: () =>
    bodyRows('Scrape plugins').map((row) => within(row).getAllByRole('cell')[0]?.textContent),
  dialog: (name: 'Add Scrape Plugin' | 'Edit Scrape Plugin') =>
    screen.findByRole('dialog', { name }, SLOW),
  form: () => screen.getByRole('form', { name: 'Scrape plugin' }),
  text: (label: string) =>
    within(ui.form()).getByRole('textbox', { name: new RegExp(`^${label}(\\s|$)`) }),
  spec: () =>
    within(within(ui.form()).getByRole('group', { name: 'Spec' })).findByRole('textbox', {
      name: 'Code',
    }),
};

afterEach(async () => {
  await act(() => clearToasts());
});

describe('Scrape plugins page', () => {
  it('lists the live plugins by namespace and name with what each transforms', async () => {
    renderPage();
    await ui.table();
    expect(decodeURIComponent(table.reads[0]!.url.search)).toBe(
      '?select=id,name,namespace,spec,source,created_at,updated_at,created_by(id,name,avatar,email)&deleted_at=is.null&order=namespace.asc,name.asc',
    );
    expect(ui.names()).toEqual(['retention-defaults', 'kubernetes-change-noise']);
    const [retention, noise] = bodyRows('Scrape plugins').map((row) =>
      within(row).getAllByRole('cell'),
    );
    expect(retention![1]).toHaveTextContent('default');
    expect(retention![2]).toHaveTextContent('Retention, Relationships');
    expect(retention![3]).toHaveTextContent('UI');
    expect(retention![4]).toHaveTextContent('Ada Admin');
    // An empty part of the spec transforms nothing.
    expect(noise![2]).toHaveTextContent(/^Changes$/);
    // The catalog's sections link here.
    const sections = screen.getByRole('navigation', { name: 'Catalog sections' });
    expect(within(sections).getByRole('link', { name: 'Plugins' })).toHaveAttribute(
      'href',
      '/catalog/plugins',
    );
  });

  it('says when there are no plugins', async () => {
    renderPage('/catalog/plugins', {}, []);
    expect(await screen.findByText('No scrape plugins', undefined, SLOW)).toBeVisible();
  });

  it('shows the server’s reason when the list fails, and Retry reloads it', async () => {
    const { user } = renderPage();
    table.fail('GET', 500, { message: 'relation is locked' }, { times: 1 });
    expect(await screen.findByText('Error loading scrape plugins', undefined, SLOW)).toBeVisible();
    expect(screen.getByText('relation is locked')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(ui.names()).toHaveLength(2));
  });

  it('adds a plugin made in the console, stamped with its creator', async () => {
    const { user, currentUrl } = renderPage();
    await ui.table();
    await user.click(screen.getByRole('button', { name: 'Add Scrape Plugin' }));
    await ui.dialog('Add Scrape Plugin');
    expect(currentUrl()).toBe('/catalog/plugins?new=1');
    expect(ui.text('Namespace')).toHaveValue('default');
    await user.type(ui.text('Name'), 'drop-pulls');
    await replaceCode(
      user,
      await ui.spec(),
      'changes:\n  exclude:\n    - change_type == "Pulled"\n',
    );
    await user.click(within(ui.form()).getByRole('button', { name: 'Save' }));
    const write = await onlyWrite(table);
    expect(write).toMatchObject({
      method: 'POST',
      body: {
        name: 'drop-pulls',
        namespace: 'default',
        source: 'UI',
        spec: { changes: { exclude: ['change_type == "Pulled"'] } },
      },
    });
    expect((write.body as { created_by?: string }).created_by).toBeTruthy();
    expect(await screen.findByText('Scrape plugin created successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/catalog/plugins'));
    await waitFor(() => expect(ui.names()).toContain('drop-pulls'));
    expect(schemaReads).toBeGreaterThan(0);
  });

  it('checks the spec against the plugin schema before saving', async () => {
    const { user } = renderPage('/catalog/plugins?new=1');
    await ui.dialog('Add Scrape Plugin');
    await user.type(ui.text('Name'), 'bad');
    await replaceCode(user, await ui.spec(), 'locations:\n  - filter: "true"\n');
    await user.click(within(ui.form()).getByRole('button', { name: 'Save' }));
    expect(await within(ui.form()).findByText(/must have required property 'type'/)).toBeVisible();
    expect(table.writes).toEqual([]);
  });

  it('updates the plugin of ?id= with its name, namespace and spec', async () => {
    const { user, currentUrl } = renderPage(`/catalog/plugins?id=${RETENTION_ID}`);
    await ui.dialog('Edit Scrape Plugin');
    await waitFor(() => expect(ui.text('Name')).toHaveValue('retention-defaults'));
    expect(await ui.spec()).toHaveValue(
      "retention:\n  staleItemAge: 7d\nrelationship:\n  - filter: 'true'\n",
    );
    await user.clear(ui.text('Namespace'));
    await replaceCode(user, await ui.spec(), 'retention:\n  staleItemAge: 3d\n');
    await user.click(within(ui.form()).getByRole('button', { name: 'Update' }));
    expect(await onlyWrite(table)).toEqual({
      method: 'PATCH',
      filters: { id: `eq.${RETENTION_ID}` },
      prefer: expect.any(String),
      body: {
        name: 'retention-defaults',
        namespace: null,
        spec: { retention: { staleItemAge: '3d' } },
      },
    });
    expect(await screen.findByText('Scrape plugin updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/catalog/plugins'));
  });

  it('shows the server’s reason when a save fails and keeps what was typed', async () => {
    const { user, currentUrl } = renderPage(`/catalog/plugins?id=${RETENTION_ID}`);
    await ui.dialog('Edit Scrape Plugin');
    await waitFor(() => expect(ui.text('Name')).toHaveValue('retention-defaults'));
    table.fail('PATCH', 409, { message: 'a plugin of this name exists' });
    await user.clear(ui.text('Name'));
    await user.type(ui.text('Name'), 'kubernetes-change-noise');
    await replaceCode(user, await ui.spec(), 'aliases:\n  - type: Kubernetes::Pod\n');
    await user.click(within(ui.form()).getByRole('button', { name: 'Update' }));
    expect(await within(ui.form()).findByRole('alert')).toHaveTextContent(
      'a plugin of this name exists',
    );
    expect(ui.text('Name')).toHaveValue('kubernetes-change-noise');
    expect(await ui.spec()).toHaveValue('aliases:\n  - type: Kubernetes::Pod\n');
    expect(currentUrl()).toBe(`/catalog/plugins?id=${RETENTION_ID}`);
  });

  it('deletes the plugin of ?id= softly once confirmed', async () => {
    const { user, currentUrl } = renderPage(`/catalog/plugins?id=${RETENTION_ID}`);
    await ui.dialog('Edit Scrape Plugin');
    await waitFor(() => expect(ui.text('Name')).toHaveValue('retention-defaults'));
    await user.click(within(ui.form()).getByRole('button', { name: 'Delete' }));
    await confirmDelete(user);
    expect(await onlyWrite(table)).toMatchObject({
      method: 'PATCH',
      filters: { id: `eq.${RETENTION_ID}` },
      body: { deleted_at: 'now()' },
    });
    expect(await screen.findByText('Scrape plugin deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/catalog/plugins'));
    await waitFor(() => expect(ui.names()).toEqual(['kubernetes-change-noise']));
  });

  it('shows a plugin that came from Kubernetes read-only', async () => {
    renderPage(`/catalog/plugins?id=${NOISE_ID}`);
    await ui.dialog('Edit Scrape Plugin');
    await waitFor(() => expect(ui.text('Name')).toHaveValue('kubernetes-change-noise'));
    expect(within(ui.form()).getByRole('status')).toHaveTextContent('Read-Only Mode:');
    expect(within(ui.form()).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(within(ui.form()).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('says when the plugin of ?id= no longer exists', async () => {
    renderPage('/catalog/plugins?id=6a1f0c52-3d7e-4b0a-9c41-2f5e8d9b7a99');
    const dialog = await ui.dialog('Edit Scrape Plugin');
    expect(await within(dialog).findByText('The scrape plugin no longer exists.')).toBeVisible();
  });

  it('offers Add and editing only to users who may write the catalog', async () => {
    renderPage(`/catalog/plugins?id=${RETENTION_ID}`, { roles: ['viewer'] });
    await ui.table();
    expect(screen.queryByRole('button', { name: 'Add Scrape Plugin' })).toBeNull();
    await ui.dialog('Edit Scrape Plugin');
    await waitFor(() => expect(ui.text('Name')).toHaveValue('retention-defaults'));
    expect(within(ui.form()).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(within(ui.form()).queryByRole('button', { name: 'Delete' })).toBeNull();
  });
});
