import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import type { AppPage } from '../../../src/app/routes';
import { createRoutes } from '../../../src/app/routes';
import { ViewByNamePage, ViewPage } from '../../../src/features/views/ViewPage';
import { renderApp } from '../../support/renderApp';
import { disabledFeatures } from '../../support/shellHandlers';
import type { ViewsBackendOptions } from './viewsBackend';
import { DEPLOYMENTS_ID, PODS_ID, fingerprintOf, viewsBackend } from './viewsBackend';
import { SLOW, bodyRows, findTable } from '../../support/tables';

jest.setTimeout(60_000);

const VIEW_PAGES: AppPage[] = [
  {
    path: '/views/:id',
    load: async () => ViewPage,
    access: { resource: 'views', feature: 'views' },
  },
  {
    path: '/view/:namespace/:name',
    load: async () => ViewByNamePage,
    access: { resource: 'views', feature: 'views' },
  },
  {
    path: '/view/:name',
    load: async () => ViewByNamePage,
    access: { resource: 'views', feature: 'views' },
  },
];

const ui = {
  table: () => findTable('View table'),
  bodyRows,
  panel: (name: string) => screen.findByRole('region', { name }, SLOW),
  cellOf: async (rowName: string, header: string) => {
    const table = await ui.table();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent?.trim());
    const index = headers.indexOf(header);
    if (index < 0) throw new Error(`No column ${header} in ${headers.join(', ')}`);
    const row = ui.bodyRows(table).find((r) => within(r).queryByText(rowName));
    if (!row) throw new Error(`No row ${rowName}`);
    return within(row).getAllByRole('cell')[index]!;
  },
};

function render(
  url = `/views/${PODS_ID}`,
  options: ViewsBackendOptions = {},
  properties = disabledFeatures(),
) {
  const backend = viewsBackend(options);
  const rendered = renderApp(createRoutes({ pages: VIEW_PAGES, publicRoutes: [] }), {
    url,
    properties,
    userOptions: { delay: null },
    sidebarViews: [
      { id: PODS_ID, name: 'pods', namespace: 'mission-control', title: 'Pods', ordinal: 1 },
      {
        id: DEPLOYMENTS_ID,
        name: 'deployments',
        namespace: 'mission-control',
        title: 'Deployments',
        ordinal: 2,
      },
    ],
  });
  return { ...rendered, backend };
}

const params = (url: string) => new URLSearchParams(url.split('?')[1] ?? '');

describe('View page (/views/:id)', () => {
  it('evaluates the view with no variables and draws each panel by its type', async () => {
    const { backend } = render();
    expect(
      await screen.findByRole('heading', { name: 'Pods', level: 1 }, SLOW),
    ).toBeInTheDocument();
    expect(backend.evaluations[0]).toEqual({
      id: PODS_ID,
      body: { variables: {} },
      cacheControl: null,
    });

    const pie = await ui.panel('Pods by health');
    expect(
      within(pie).getByRole('img', { name: 'Pods by health: healthy 40, unhealthy 2' }),
    ).toBeInTheDocument();
    const legend = within(pie).getByRole('list', { name: 'Pods by health legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['healthy40', 'unhealthy2']);
    expect(within(await ui.panel('Pods')).getByText('42 pods')).toBeInTheDocument();
    expect(within(await ui.panel('Average CPU')).getByText('12.3%')).toBeInTheDocument();
    expect(within(await ui.panel('Notes')).getByText('Cluster prod')).toBeInTheDocument();
    const breakdown = within(await ui.panel('By namespace')).getByRole('table', {
      name: 'By namespace',
    });
    expect(
      within(breakdown)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['LabelValue', 'default3', 'kube-system9']);
    const gauge = within(await ui.panel('Memory used')).getByRole('meter', { name: 'Memory used' });
    expect(gauge).toHaveAttribute('aria-valuenow', '85');
    expect(gauge).toHaveAttribute('aria-valuetext', '85%');
    // 85% reaches the 80% band: the filled arc takes its colour.
    expect(gauge.querySelector('[data-color]')).toHaveAttribute('data-color', '#cd4246');
    expect(within(await ui.panel('Deploy time')).getByText('45s')).toBeInTheDocument();
  });

  it('draws each table column by its type and hides hidden columns', async () => {
    render();
    const table = await ui.table();
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent?.trim());
    expect(headers).toEqual([
      'Name',
      'Health',
      'Status',
      'Cpu Usage',
      'Memory',
      'Age',
      'Created',
      'Link',
      'Kind',
      'Cpu Request',
      'Ratio',
      'Restarts',
      'Ready',
      'Labels',
    ]);
    expect(within(table).queryByText('hunter2')).not.toBeInTheDocument();

    const health = await ui.cellOf('api-7f9c', 'Health');
    expect(within(health).getByRole('img', { name: 'healthy' })).toHaveAttribute(
      'data-color',
      'green',
    );
    expect(
      within(await ui.cellOf('worker-1a2b', 'Health')).getByRole('img', { name: 'unhealthy' }),
    ).toHaveAttribute('data-color', 'red');
    expect((await ui.cellOf('worker-1a2b', 'Status')).textContent).toBe('CrashLoopBackOff');
    const cpu = within(await ui.cellOf('api-7f9c', 'Cpu Usage')).getByRole('meter', {
      name: 'Cpu Usage',
    });
    expect(cpu).toHaveAttribute('aria-valuemax', '200');
    // 160 of 200 is 80%, past the 75% band.
    expect(cpu.querySelector('[data-color]')).toHaveAttribute('data-color', '#cd4246');
    expect(
      within(await ui.cellOf('worker-1a2b', 'Cpu Usage'))
        .getByRole('meter')
        .querySelector('[data-color]')
        ?.getAttribute('data-color'),
    ).not.toBe('#cd4246');
    expect((await ui.cellOf('api-7f9c', 'Memory')).textContent).toBe('1.5 KB');
    expect((await ui.cellOf('worker-1a2b', 'Memory')).textContent).toBe('3 GB');
    expect((await ui.cellOf('api-7f9c', 'Age')).textContent).toBe('2m 7s');
    expect((await ui.cellOf('worker-1a2b', 'Age')).textContent).toBe('1h 5m');
    const created = (await ui.cellOf('api-7f9c', 'Created')).querySelector('time');
    expect(created).toHaveAttribute('dateTime', '2024-05-01T10:00:00Z');
    expect(created?.textContent).toMatch(/2024/);
    expect((await ui.cellOf('worker-1a2b', 'Created')).textContent).toBe('');
    expect(
      within(await ui.cellOf('api-7f9c', 'Link')).getByRole('link', {
        name: 'https://grafana.example.com/d/pods',
      }),
    ).toHaveAttribute('target', '_blank');
    expect((await ui.cellOf('api-7f9c', 'Kind')).textContent).toBe('Pod');
    expect((await ui.cellOf('api-7f9c', 'Cpu Request')).textContent).toBe('250m');
    expect((await ui.cellOf('worker-1a2b', 'Cpu Request')).textContent).toBe('1.5 cores');
    expect((await ui.cellOf('api-7f9c', 'Ratio')).textContent).toBe('3.14');
    expect((await ui.cellOf('worker-1a2b', 'Restarts')).textContent).toBe('14 times');
    expect((await ui.cellOf('api-7f9c', 'Ready')).textContent).toBe('Yes');
    expect((await ui.cellOf('worker-1a2b', 'Ready')).textContent).toBe('No');
    expect((await ui.cellOf('api-7f9c', 'Labels')).textContent).toBe('app: api');
  });

  it('reads the table of the evaluation (VIEW-05) a page of 50 at a time', async () => {
    const { backend } = render();
    await ui.table();
    const url = backend.tableReads[0]!;
    expect(url.pathname).toBe('/api/db/view_mission_control_pods');
    expect(url.search).toBe(
      `?select=*&limit=50&offset=0&request_fingerprint=eq.${fingerprintOf('prod')}`,
    );
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
  });

  it('asks for no table (VIEW-05) for a view of panels only', async () => {
    const PANELS_ONLY = '018f4b8e-7777-7000-8000-0000000000aa';
    const { backend } = render(`/views/${PANELS_ONLY}`, {
      views: {
        [PANELS_ONLY]: () => ({
          namespace: 'mission-control',
          name: 'summary',
          title: 'Summary',
          requestFingerprint: 'fp-summary',
          columns: [],
          panels: [{ name: 'Replicas', type: 'number', rows: [{ value: 3 }] }],
        }),
      },
    });
    expect(within(await ui.panel('Replicas')).getByText('3')).toBeInTheDocument();
    await waitFor(() => expect(backend.evaluations).toHaveLength(1));
    expect(backend.tableReads).toEqual([]);
    expect(screen.queryByRole('table', { name: 'View table' })).not.toBeInTheDocument();
  });

  it('filters a column with the tri-state dropdown: {col} in the address, {col}.filter sent', async () => {
    const { backend, user, currentUrl } = render();
    await ui.table();
    await user.click(screen.getByRole('button', { name: 'Health filter' }));
    await user.click(await screen.findByRole('button', { name: 'Exclude unhealthy' }));
    await waitFor(() => expect(params(currentUrl()).get('health')).toBe('unhealthy:-1'));
    await waitFor(async () => expect(ui.bodyRows(await ui.table())).toHaveLength(1));
    const last = backend.tableReads.at(-1)!;
    expect(last.searchParams.get('health.filter')).toBe('!unhealthy');
    expect(last.search).toBe(
      `?select=*&limit=50&offset=0&health.filter=%21unhealthy&request_fingerprint=eq.${fingerprintOf('prod')}`,
    );
    // Clicking the pressed toggle again clears the filter.
    await user.click(screen.getByRole('button', { name: 'Exclude unhealthy' }));
    await waitFor(() => expect(params(currentUrl()).has('health')).toBe(false));
    await waitFor(async () => expect(ui.bodyRows(await ui.table())).toHaveLength(2));

    // Options sent as `{ list }` are offered too; including one sends it as it is.
    await user.click(screen.getByRole('button', { name: 'Status filter' }));
    await user.click(await screen.findByRole('button', { name: 'Include Running' }));
    await waitFor(() => expect(params(currentUrl()).get('status')).toBe('Running:1'));
    await waitFor(() =>
      expect(backend.tableReads.at(-1)!.searchParams.get('status.filter')).toBe('Running'),
    );
    expect(screen.getByRole('button', { name: 'Include CrashLoopBackOff' })).toBeInTheDocument();
  });

  it('sorts by a column: ascending, then descending with nulls last', async () => {
    const { backend, user, currentUrl } = render();
    const table = await ui.table();
    await user.click(within(table).getByRole('button', { name: /Created/ }));
    await waitFor(() => expect(params(currentUrl()).get('sortBy')).toBe('created'));
    await waitFor(() =>
      expect(backend.tableReads.at(-1)!.searchParams.get('order')).toBe('created.asc'),
    );
    await user.click(within(await ui.table()).getByRole('button', { name: /Created/ }));
    await waitFor(() => expect(params(currentUrl()).get('sortOrder')).toBe('desc'));
    await waitFor(() =>
      expect(backend.tableReads.at(-1)!.searchParams.get('order')).toBe('created.desc.nullslast'),
    );
  });

  it('offers each variable with its options and default; a change goes to the URL and re-evaluates', async () => {
    const { backend, user, currentUrl } = render();
    const cluster = await screen.findByRole('combobox', { name: 'Cluster' }, SLOW);
    expect(cluster).toHaveValue('prod');
    expect(
      within(cluster)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['prod', 'staging']);
    await user.selectOptions(cluster, 'staging');
    await waitFor(() => expect(params(currentUrl()).get('var-cluster')).toBe('staging'));
    expect(await screen.findByText('7 pods', {}, SLOW)).toBeInTheDocument();
    expect(backend.evaluations.at(-1)).toEqual({
      id: PODS_ID,
      body: { variables: { cluster: 'staging' } },
      cacheControl: null,
    });
    // The table follows the new evaluation's fingerprint.
    await waitFor(() =>
      expect(backend.tableReads.at(-1)!.searchParams.get('request_fingerprint')).toBe(
        `eq.${fingerprintOf('staging')}`,
      ),
    );
  });

  it('evaluates a deep link with the variables of its address', async () => {
    const { backend } = render(`/views/${PODS_ID}?var-cluster=staging&other=1`);
    expect(await screen.findByText('7 pods', {}, SLOW)).toBeInTheDocument();
    expect(backend.evaluations[0]!.body).toEqual({ variables: { cluster: 'staging' } });
    expect(screen.getByRole('combobox', { name: 'Cluster' })).toHaveValue('staging');
  });

  it('refreshes with cache-control: max-age=1 and shows the last refresh and its error', async () => {
    const { backend, user } = render(undefined, { refreshError: 'query timed out' });
    expect(await screen.findByTestId('view-last-refreshed', {}, SLOW)).toHaveTextContent(
      /^Last refreshed .*2024/,
    );
    expect(screen.getByText('query timed out')).toBeInTheDocument();
    await ui.table();
    const reads = backend.tableReads.length;
    await user.click(screen.getByRole('button', { name: 'Refresh view' }));
    await waitFor(() => expect(backend.evaluations).toHaveLength(2));
    expect(backend.evaluations[1]).toEqual({
      id: PODS_ID,
      body: { variables: {} },
      cacheControl: 'max-age=1',
    });
    // The table is read again after the re-evaluation.
    await waitFor(() => expect(backend.tableReads.length).toBeGreaterThan(reads));
  });

  it("shows VIEW-02's error, or the status line without one, with a Retry", async () => {
    let fail = true;
    const { backend, user } = render(undefined, {
      evaluate: () =>
        fail
          ? new HttpResponse(null, { status: 500, statusText: 'Internal Server Error' })
          : undefined,
    });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Error loading the view');
    expect(alert).toHaveTextContent('HTTP 500: Internal Server Error');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await ui.panel('Pods')).toBeInTheDocument();
    expect(backend.evaluations).toHaveLength(2);
  });

  it("shows the body's error of a missing view", async () => {
    render('/views/nope');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('view nope not found');
  });
});

describe('views in the sidebar', () => {
  const sidebar = () => screen.findByRole('navigation', { name: 'Main' }, SLOW);

  it('links each sidebar view to its page', async () => {
    const { user, currentUrl } = render(`/views/${DEPLOYMENTS_ID}`);
    const link = await within(await sidebar()).findByRole('link', { name: 'Pods' }, SLOW);
    expect(link).toHaveAttribute('href', `/views/${PODS_ID}`);
    await user.click(link);
    await waitFor(() => expect(currentUrl()).toBe(`/views/${PODS_ID}`));
    expect(await ui.panel('Pods by health')).toBeInTheDocument();
  });

  it('has no view entries or pages when views.disable is set', async () => {
    const { backend } = render(`/views/${PODS_ID}`, {}, disabledFeatures('views'));
    expect(
      await screen.findByText('You do not have permission to access this page.', {}, SLOW),
    ).toBeInTheDocument();
    expect(within(await sidebar()).queryByRole('link', { name: 'Pods' })).not.toBeInTheDocument();
    expect(backend.evaluations).toHaveLength(0);
  });
});

describe('View by name (/view/:namespace/:name, /view/:name)', () => {
  it('finds the id by namespace and name (VIEW-07) and shows that view', async () => {
    const { backend } = render('/view/mission-control/deployments');
    expect(await ui.panel('Replicas')).toBeInTheDocument();
    expect(backend.evaluations[0]!.id).toBe(DEPLOYMENTS_ID);
  });

  it('finds the id by name alone (VIEW-08)', async () => {
    const { backend } = render('/view/pods');
    expect(await ui.panel('Pods by health')).toBeInTheDocument();
    expect(backend.evaluations[0]!.id).toBe(PODS_ID);
  });

  it('says so when no view has the name', async () => {
    const { backend } = render('/view/mission-control/missing');
    expect(
      await screen.findByRole('heading', { name: 'View not found' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.getByText('There is no view named mission-control/missing.')).toBeInTheDocument();
    expect(backend.evaluations).toHaveLength(0);
  });
});
