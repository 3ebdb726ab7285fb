import '../../support/withMonacoMock';
import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { appPages } from '../../../src/app/routes';
import { server } from '../../support/msw';
import { SLOW, findTable } from '../../support/tables';
import { renderPages } from '../../support/renderPages';

const CONFIG_ID = '018f4b8e-7777-7000-8000-0000000000d1';
const COMPONENT_ID = '018f4b8e-7777-7000-8000-0000000000d2';
const CHECK_ID = '018f4b8e-7777-7000-8000-0000000000d3';
const UI_ID = '018f4b8e-7777-7000-8000-0000000000e1';
const FILTER_ID = '018f4b8e-7777-7000-8000-0000000000e2';
const CHECK_SILENCE_ID = '018f4b8e-7777-7000-8000-0000000000e3';
const CRD_ID = '018f4b8e-7777-7000-8000-0000000000e4';

const FUTURE = '2099-01-01T00:00:00.000Z';
const PAST = '2020-01-02T00:00:00.000Z';

type Row = Record<string, unknown> & { id: string };

const ROWS: Row[] = [
  {
    id: UI_ID,
    name: 'db maintenance',
    namespace: null,
    description: 'weekly',
    filter: null,
    from: '2026-01-01T00:00:00.000Z',
    until: null,
    recursive: true,
    config_id: CONFIG_ID,
    check_id: null,
    canary_id: null,
    component_id: null,
    source: 'UI',
    created_at: '2026-01-01T00:00:00.000Z',
    catalog: {
      id: CONFIG_ID,
      name: 'orders-db',
      type: 'AWS::RDS::DBInstance',
      config_class: 'Database',
    },
    createdBy: { id: 'p1', name: 'Ada Admin', avatar: null, email: 'ada@example.com' },
  },
  {
    id: FILTER_ID,
    name: 'old noise',
    namespace: 'ops',
    filter: 'config.type == "Kubernetes::Pod"',
    from: '2020-01-01T00:00:00.000Z',
    until: PAST,
    recursive: false,
    source: 'UI',
    created_at: '2020-01-01T00:00:00.000Z',
  },
  {
    id: CHECK_SILENCE_ID,
    name: 'flaky check',
    from: '2026-01-01T00:00:00.000Z',
    until: FUTURE,
    recursive: false,
    check_id: CHECK_ID,
    component_id: null,
    source: 'UI',
    checks: { id: CHECK_ID, name: 'http-health', type: 'http', status: 'healthy' },
  },
  {
    id: CRD_ID,
    name: 'from the cluster',
    namespace: 'mc',
    from: '2026-01-01T00:00:00.000Z',
    until: FUTURE,
    recursive: false,
    component_id: COMPONENT_ID,
    source: 'KubernetesCRD',
    component: { id: COMPONENT_ID, name: 'payments', icon: null },
  },
];

interface Backend {
  lists: URL[];
  prefers: Array<string | null>;
  patches: Array<{ url: URL; body: unknown }>;
}

function silencesBackend(): Backend {
  const backend: Backend = { lists: [], prefers: [], patches: [] };
  server.use(
    http.get('*/api/db/notification_silences', ({ request }) => {
      const url = new URL(request.url);
      const id = url.searchParams.get('id');
      if (id) {
        const row = ROWS.find((r) => `eq.${r.id}` === id);
        return HttpResponse.json(row ? [row] : [], {
          headers: { 'Content-Range': row ? '0-0/1' : '*/0' },
        });
      }
      backend.lists.push(url);
      backend.prefers.push(request.headers.get('prefer'));
      return HttpResponse.json(ROWS, { headers: { 'Content-Range': `0-3/${ROWS.length}` } });
    }),
    http.patch('*/api/db/notification_silences', async ({ request }) => {
      const body = await request.json();
      backend.patches.push({ url: new URL(request.url), body });
      return HttpResponse.json([body]);
    }),
  );
  return backend;
}

const PAGES = appPages.filter((page) => page.path.startsWith('/notifications/silences'));

function renderSilences(url = '/notifications/silences', roles?: string[]) {
  const backend = silencesBackend();
  const rendered = renderPages(PAGES, url, { roles });
  return { ...rendered, backend };
}

const ui = {
  table: () => findTable('Silences'),
  row: async (name: string) => {
    const table = await ui.table();
    const cell = within(table).getByText(name);
    const row = cell.closest('tr');
    if (!row) throw new Error(`no row for ${name}`);
    return row;
  },
  dialog: () => screen.findByRole('dialog', { name: 'Edit silence' }, SLOW),
};

describe('silence list', () => {
  it('asks NOTIF-09 exactly and shows each column', async () => {
    const { backend } = renderSilences();
    await ui.table();
    const url = backend.lists[0]!;
    expect(url.search.endsWith('&deleted_at=is.null&')).toBe(true);
    expect([...url.searchParams]).toEqual([
      [
        'select',
        '*,checks:check_id(id,name,type,status),catalog:config_id(id,name,type,config_class),' +
          'component:component_id(id,name,icon),createdBy:created_by(id,name,avatar,email)',
      ],
      ['order', 'created_at.desc'],
      ['limit', '50'],
      ['offset', '0'],
      ['deleted_at', 'is.null'],
    ]);
    expect(backend.prefers[0]).toMatch(/count=exact/);

    const db = await ui.row('db maintenance');
    expect(within(db).getByRole('link', { name: 'orders-db' })).toHaveAttribute(
      'href',
      `/catalog/${CONFIG_ID}`,
    );
    expect(db).toHaveTextContent('Indefinitely');
    expect(db).toHaveTextContent('Yes');
    expect(db).toHaveTextContent('Ada Admin');
    expect(within(db).queryByText('Expired')).toBeNull();

    const check = await ui.row('flaky check');
    expect(within(check).getByRole('link', { name: 'http-health' })).toHaveAttribute(
      'href',
      `/health?checkId=${CHECK_ID}&timeRange=1h`,
    );
    expect(check).not.toHaveTextContent('Indefinitely');

    const crd = await ui.row('from the cluster');
    expect(within(crd).getByRole('link', { name: 'payments' })).toHaveAttribute(
      'href',
      `/topology/${COMPONENT_ID}`,
    );
    expect(crd).toHaveTextContent('KubernetesCRD');

    const old = await ui.row('old noise');
    expect(old).toHaveTextContent('filter: config.type == "Kubernetes::Pod"');
    expect(within(old).getByText('Expired')).toBeInTheDocument();
    expect(old).toHaveClass('mc-silence-expired');
    expect(db).not.toHaveClass('mc-silence-expired');
  });

  it('sorts on the server with a second order parameter, kept in the address', async () => {
    const { user, backend, currentUrl } = renderSilences();
    const table = await ui.table();
    await user.click(within(table).getByRole('button', { name: /Until/ }));
    await waitFor(() => expect(currentUrl()).toMatch(/sortBy=until/));
    await waitFor(() =>
      expect(backend.lists.at(-1)!.searchParams.getAll('order')).toEqual([
        'created_at.desc',
        'until.asc',
      ]),
    );
  });

  it('opens the edit dialog from a row and sends NOTIF-12 exactly', async () => {
    const { user, backend, currentUrl } = renderSilences();
    await user.click(within(await ui.row('db maintenance')).getByText('Indefinitely'));
    const dialog = await ui.dialog();
    expect(currentUrl()).toBe(`/notifications/silences?id=${UI_ID}`);
    // The form shows once the silence is read.
    const name = await within(dialog).findByRole('textbox', { name: /Name/ }, SLOW);
    await waitFor(() => expect(name).toHaveValue('db maintenance'));
    await user.clear(name);
    await user.type(name, 'db window');
    await user.click(within(dialog).getByRole('checkbox', { name: /children/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(backend.patches).toHaveLength(1));
    const patch = backend.patches[0]!;
    expect(patch.url.search).toBe(`?id=eq.${UI_ID}`);
    expect(patch.body).toEqual({
      id: UI_ID,
      name: 'db window',
      filter: null,
      updated_at: 'now()',
      source: 'UI',
      canary_id: null,
      check_id: null,
      component_id: null,
      config_id: CONFIG_ID,
      from: '2026-01-01T00:00:00.000Z',
      until: null,
      description: 'weekly',
      recursive: false,
      namespace: '',
    });
    expect(await screen.findByText('Silence updated', undefined, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(currentUrl()).toBe('/notifications/silences'));
  });

  it('opens the dialog named by ?id= in the address', async () => {
    renderSilences(`/notifications/silences?id=${FILTER_ID}`);
    const dialog = await ui.dialog();
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /Filter/ })).toHaveValue(
        'config.type == "Kubernetes::Pod"',
      ),
    );
  });

  it('shows CRD silences read-only and offers no delete for them', async () => {
    const { user } = renderSilences();
    const crd = await ui.row('from the cluster');
    expect(within(crd).queryByRole('button', { name: /Delete/ })).toBeNull();
    await user.click(within(crd).getByText('KubernetesCRD'));
    const dialog = await ui.dialog();
    expect(
      await within(dialog).findByText(/managed by Kubernetes CRD/, undefined, SLOW),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Update' })).toBeNull();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Duration' })).toBeDisabled();
  });

  it('deletes a UI silence after a confirmation (NOTIF-13)', async () => {
    const { user, backend } = renderSilences();
    const db = await ui.row('db maintenance');
    await user.click(within(db).getByRole('button', { name: 'Delete db maintenance' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Silence' });
    expect(backend.patches).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(backend.patches).toHaveLength(1));
    expect(backend.patches[0]!.url.search).toBe(`?id=eq.${UI_ID}`);
    expect(backend.patches[0]!.body).toEqual({ deleted_at: 'now()' });
    expect(await screen.findByText('Silence deleted', undefined, SLOW)).toBeInTheDocument();
  });

  it('offers a viewer neither Add silence nor Delete', async () => {
    renderSilences('/notifications/silences', ['viewer']);
    const table = await ui.table();
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
    expect(screen.queryByRole('button', { name: 'Add silence' })).toBeNull();
    expect(within(table).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('links to the other notification pages from the header, Silences marked', async () => {
    const { user, currentUrl } = renderSilences();
    await ui.table();
    const nav = screen.getByRole('navigation', { name: 'Notification sections' });
    expect(within(nav).getByRole('link', { name: 'Silences' })).toHaveClass(Classes.ACTIVE);
    expect(within(nav).getByRole('link', { name: 'Rules' })).not.toHaveClass(Classes.ACTIVE);
    expect(within(nav).getByRole('link', { name: 'Notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
    await user.click(within(nav).getByRole('link', { name: 'Rules' }));
    await waitFor(() => expect(currentUrl()).toBe('/notifications/rules'));
  });

  it('leads a writer to the add form', async () => {
    const { user, currentUrl } = renderSilences();
    await ui.table();
    await user.click(await screen.findByRole('button', { name: 'Add silence' }));
    await waitFor(() => expect(currentUrl()).toBe('/notifications/silences/add'));
  });
});
