import '../../support/withMonacoMock';
import { Classes } from '@blueprintjs/core';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { notificationSilencesApi } from '../../../src/api/endpoints/notificationSilences';
import { appPages } from '../../../src/app/routes';
import type { AppStore } from '../../../src/app/store';
import { RECURRENCE_PROBE } from '../../../src/features/notifications/silences/useRecurringSilences';
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

/** A nightly maintenance window (the demo backend's columns). */
const NIGHTLY_ID = '018f4b8e-7777-7000-8000-0000000000e5';
const NIGHTLY: Row = {
  id: NIGHTLY_ID,
  name: 'nightly deploys',
  from: '2026-01-01T00:00:00.000Z',
  until: null,
  recursive: false,
  filter: "config.tags.namespace == 'payments'",
  source: 'UI',
  schedule: '0 22 * * 1-5',
  timezone: 'Europe/Paris',
  duration: '2h',
  created_at: '2026-01-02T00:00:00.000Z',
};
const NEXT_WINDOW = { start: '2099-01-05T21:00:00.000Z', end: '2099-01-05T23:00:00.000Z' };

interface Backend {
  lists: URL[];
  prefers: Array<string | null>;
  patches: Array<{ url: URL; body: unknown }>;
  /** The windows asked (the probe first). */
  windows: URL[];
}

/**
 * The silences of `rows`; `windows` answers the maintenance windows (the demo backend), else
 * the windows endpoint answers 404 as Mission Control does.
 */
function silencesBackend(rows: Row[] = ROWS, windows = false): Backend {
  const backend: Backend = { lists: [], prefers: [], patches: [], windows: [] };
  server.use(
    http.get('*/api/notification/silence_windows', ({ request }) => {
      backend.windows.push(new URL(request.url));
      if (!windows) return HttpResponse.json({ error: 'not found' }, { status: 404 });
      return HttpResponse.json({
        last: { start: '2026-01-05T21:00:00.000Z', end: '2026-01-05T23:00:00.000Z', muted: [] },
        next: { ...NEXT_WINDOW, muted: null },
      });
    }),
    http.get('*/api/db/notification_silences', ({ request }) => {
      const url = new URL(request.url);
      const id = url.searchParams.get('id');
      if (id) {
        const row = rows.find((r) => `eq.${r.id}` === id);
        return HttpResponse.json(row ? [row] : [], {
          headers: { 'Content-Range': row ? '0-0/1' : '*/0' },
        });
      }
      backend.lists.push(url);
      backend.prefers.push(request.headers.get('prefer'));
      return HttpResponse.json(rows, {
        headers: { 'Content-Range': `0-${rows.length - 1}/${rows.length}` },
      });
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

function renderSilences(
  url = '/notifications/silences',
  roles?: string[],
  { rows = ROWS, windows = false }: { rows?: Row[]; windows?: boolean } = {},
) {
  const backend = silencesBackend(rows, windows);
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

describe('maintenance windows in the list', () => {
  const probeSettled = (store: AppStore) =>
    waitFor(() => {
      const probe = notificationSilencesApi.endpoints.getSilenceWindows.select(RECURRENCE_PROBE)(
        store.getState(),
      );
      expect(probe.isSuccess || probe.isError).toBe(true);
    }, SLOW);

  it('shows the next window of a recurring silence and tags it as recurring', async () => {
    const { backend } = renderSilences('/notifications/silences', undefined, {
      rows: [NIGHTLY, ...ROWS],
      windows: true,
    });
    const table = await ui.table();
    expect(
      await within(table).findByRole('columnheader', { name: /Next window/ }, SLOW),
    ).toBeInTheDocument();
    const nightly = await ui.row('nightly deploys');
    await waitFor(
      () =>
        expect(nightly.querySelector(`time[datetime="${NEXT_WINDOW.start}"]`)).toHaveTextContent(
          '–',
        ),
      SLOW,
    );
    expect(
      within(nightly).getByLabelText('Recurring: Every Mon–Fri at 22:00 Europe/Paris for 2h'),
    ).toBeInTheDocument();
    const asked = backend.windows.map((url) => Object.fromEntries(url.searchParams));
    expect(asked).toContainEqual({
      schedule: '0 22 * * 1-5',
      duration: '2h',
      timezone: 'Europe/Paris',
    });
    // A silence without a schedule has no next window and asks for none.
    const db = await ui.row('db maintenance');
    expect(within(db).queryByText('Recurring')).toBeNull();
    expect(asked).toHaveLength(2);
  });

  it('hides the Next window column where the backend has no maintenance windows (404)', async () => {
    const { store } = renderSilences();
    const table = await ui.table();
    await probeSettled(store);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).not.toContain('Next window');
    expect(within(table).queryByRole('columnheader', { name: /Next window/ })).toBeNull();
  });

  it('edits a recurring silence in the days-and-time chooser', async () => {
    const { user, backend, store } = renderSilences(
      `/notifications/silences?id=${NIGHTLY_ID}`,
      undefined,
      { rows: [NIGHTLY, ...ROWS], windows: true },
    );
    const dialog = await ui.dialog();
    await probeSettled(store);
    const repeats = await within(dialog).findByRole('checkbox', { name: 'Repeats' }, SLOW);
    expect(repeats).toBeChecked();
    expect(within(dialog).getByRole('button', { name: 'Friday' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(within(dialog).getByRole('button', { name: 'Sunday' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(dialog).getByRole('textbox', { name: /Start time/ })).toHaveValue('22:00');
    expect(
      within(dialog).getByText('Every Mon–Fri at 22:00 Europe/Paris for 2h'),
    ).toBeInTheDocument();
    // Sunday added: the schedule changes with it.
    await user.click(within(dialog).getByRole('button', { name: 'Sunday' }));
    expect(
      within(dialog).getByText('Every Mon–Fri, Sun at 22:00 Europe/Paris for 2h'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(backend.patches).toHaveLength(1));
    expect(backend.patches[0]!.body).toMatchObject({
      schedule: '0 22 * * 0-5',
      timezone: 'Europe/Paris',
      duration: '2h',
    });
  });

  it('writes null for the schedule once Repeats is turned off', async () => {
    const { user, backend, store } = renderSilences(
      `/notifications/silences?id=${NIGHTLY_ID}`,
      undefined,
      { rows: [NIGHTLY, ...ROWS], windows: true },
    );
    const dialog = await ui.dialog();
    await probeSettled(store);
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Repeats' }, SLOW));
    expect(within(dialog).queryByRole('textbox', { name: /Window length/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(backend.patches).toHaveLength(1));
    expect(backend.patches[0]!.body).toMatchObject({
      schedule: null,
      timezone: null,
      duration: null,
    });
  });

  it('offers no Repeats switch and writes no schedule where the backend has none', async () => {
    const { user, backend, store } = renderSilences(`/notifications/silences?id=${UI_ID}`);
    const dialog = await ui.dialog();
    await probeSettled(store);
    await within(dialog).findByRole('textbox', { name: /Name/ }, SLOW);
    expect(within(dialog).queryByRole('checkbox', { name: 'Repeats' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(backend.patches).toHaveLength(1));
    expect(backend.patches[0]!.body).not.toHaveProperty('schedule');
  });
});
