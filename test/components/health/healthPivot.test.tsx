import { screen, waitFor, within } from '@testing-library/react';
import { createRoutes } from '../../../src/app/routes';
import type { CheckSummary } from '../../../src/api/schemas/healthSummary';
import { renderApp } from '../../support/renderApp';
import { SLOW, bodyRows, cellTexts, findTable } from '../../support/tables';
import { healthUi, loadHealthPageFirst, summaryBackend, summaryCheck } from './healthBackend';

jest.mock('../../../src/features/health/detail/CheckDetailDialog', () => ({
  CheckDetailDialog: ({ checkId }: { checkId: string }) => (
    <div role="dialog" aria-label={`Check ${checkId}`} />
  ),
}));

loadHealthPageFirst();

const ui = {
  pivot: () => findTable('Health pivot'),
  headers: () =>
    within(screen.getByRole('table', { name: 'Health pivot' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent),
  pivotBy: () => screen.getByRole('combobox', { name: 'Pivot By' }),
  pivotLabel: () => screen.getByRole('combobox', { name: 'Pivot Label' }),
  cellType: () => screen.getByRole('combobox', { name: 'Cell Type' }),
};

const paymentsApi = summaryCheck({
  name: 'payments-api',
  canary_name: 'payments',
  namespace: 'shop',
  status: 'unhealthy',
  labels: { team: 'money', env: 'prod', critical: 'true' },
  uptime: { passed: 9, failed: 1 },
  latency: { rolling1h: 200 },
});
const paymentsDb = summaryCheck({
  name: 'payments-db',
  canary_name: 'payments',
  namespace: 'shop',
  status: 'healthy',
  labels: { team: 'money', env: 'dev' },
  uptime: { passed: 10, failed: 0 },
  latency: { rolling1h: 50 },
});
const search = summaryCheck({
  name: 'search',
  canary_name: 'search',
  namespace: 'catalog',
  status: 'unhealthy',
  labels: { team: 'discovery', env: 'dev' },
  uptime: { passed: 3, failed: 1 },
  latency: { rolling1h: 1500 },
});
const login = summaryCheck({
  name: 'login',
  canary_name: 'auth',
  namespace: 'auth',
  status: 'unhealthy',
  labels: { team: 'identity' },
  uptime: { passed: 1, failed: 1 },
  latency: { rolling1h: 80 },
});
const checks: CheckSummary[] = [paymentsApi, paymentsDb, search, login];

function renderHealth(url: string) {
  summaryBackend(checks);
  const rendered = renderApp(createRoutes({ publicRoutes: [] }), { url });
  const params = () => new URLSearchParams(rendered.currentUrl().split('?')[1] ?? '');
  return { ...rendered, params };
}

describe('health page: pivot from the address', () => {
  it('draws the groups against the values of a label, with the uptime in each cell', async () => {
    const { user } = renderHealth(
      '/health?hidePassing=false&pivotBy=labels&pivotLabel=env&pivotCellType=uptime',
    );
    await ui.pivot();
    expect(screen.queryByRole('table', { name: 'Health checks' })).not.toBeInTheDocument();
    expect(ui.headers()).toEqual(['', 'Checks', 'dev', 'prod', '(none)']);
    expect(cellTexts('Health pivot')).toEqual([
      ['', 'login', '', '', '50.00%'],
      ['', 'payments2', '100.00%', '90.00%', ''],
      ['', 'search', '75.00%', '', ''],
    ]);
    expect(ui.pivotBy()).toHaveValue('labels');
    expect(ui.pivotLabel()).toHaveValue('env');
    expect(ui.cellType()).toHaveValue('uptime');

    // A check's cell links to the check.
    const link = screen.getByRole('link', { name: 'Uptime of payments-api in prod: 90.00%' });
    expect(link).toHaveAttribute('href', `/health?checkId=${paymentsApi.id}&timeRange=1h`);

    // A group expands to its members, each in its own column.
    await user.click(screen.getByRole('button', { name: 'Expand payments' }));
    expect(cellTexts('Health pivot')).toEqual([
      ['', 'login', '', '', '50.00%'],
      ['', 'payments2', '100.00%', '90.00%', ''],
      ['', 'payments-api', '', '90.00%', ''],
      ['', 'payments-db', '100.00%', '', ''],
      ['', 'search', '75.00%', '', ''],
    ]);
  });

  it('reads pivotBy=label as a label pivot and aggregates several checks in one cell', async () => {
    renderHealth(
      '/health?hidePassing=false&groupBy=label:team&pivotBy=label&pivotLabel=team&pivotCellType=latency',
    );
    await ui.pivot();
    expect(ui.headers()).toEqual(['', 'Checks', 'discovery', 'identity', 'money']);
    // A team of one check is that check's row; money's two checks average 125 ms.
    expect(cellTexts('Health pivot')).toEqual([
      ['', 'login', '', '80ms', ''],
      ['', 'money2', '', '', '125ms'],
      ['', 'search', '1.5s', '', ''],
    ]);
  });

  it('shows the recent runs by default, and the health of a group cell', async () => {
    renderHealth('/health?hidePassing=false&pivotBy=namespace');
    await ui.pivot();
    expect(ui.headers()).toEqual(['', 'Checks', 'auth', 'catalog', 'shop']);
    expect(ui.cellType()).toHaveValue('checkStatuses');
    const [, payments] = bodyRows('Health pivot');
    const shop = within(payments!).getAllByRole('cell')[4]!;
    // One of the two checks passes: an orange dot and 1/2.
    expect(within(shop).getByRole('img', { name: 'Some failing' })).toBeInTheDocument();
    expect(shop).toHaveTextContent('1/2');
    const loginLink = screen.getByRole('link', { name: 'Health of login in auth: unhealthy' });
    expect(within(loginLink).getByRole('img', { name: 'unhealthy' })).toBeInTheDocument();
  });

  it('asks for a label when pivoting by labels without one', async () => {
    renderHealth('/health?hidePassing=false&pivotBy=labels');
    expect(
      await screen.findByRole('heading', { name: 'Choose a label to pivot by' }, SLOW),
    ).toBeInTheDocument();
    expect(ui.pivotLabel()).toHaveDisplayValue('Choose a label');
    // Flags (critical) are not offered: their values are only true or false.
    expect(
      within(ui.pivotLabel())
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a label', 'env', 'team']);
  });

  it('says so when no check matches, and when the checks could not be loaded', async () => {
    renderHealth('/health?hidePassing=false&pivotBy=namespace&query=nothing-like-this');
    expect(
      await screen.findByRole('heading', { name: 'No data available' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Health pivot' })).not.toBeInTheDocument();
  });

  it('shows the server’s reason when the summary fails', async () => {
    summaryBackend([], { fail: { status: 500, body: { message: 'canary store is down' } } });
    renderApp(createRoutes({ publicRoutes: [] }), { url: '/health?pivotBy=namespace' });
    expect(await screen.findByText('canary store is down', undefined, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Health checks could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Health pivot' })).not.toBeInTheDocument();
  });
});

describe('health page: choosing the pivot', () => {
  it('writes each choice to the address, and None brings the table back', async () => {
    const { user, params } = renderHealth('/health?hidePassing=false&groupBy=no-group');
    await healthUi.table();
    expect(ui.pivotBy()).toHaveValue('none');
    expect(screen.queryByRole('combobox', { name: 'Cell Type' })).not.toBeInTheDocument();

    await user.selectOptions(ui.pivotBy(), 'namespace');
    expect(params().get('pivotBy')).toBe('namespace');
    await ui.pivot();
    expect(ui.headers()).toEqual(['', 'Checks', 'auth', 'catalog', 'shop']);

    await user.selectOptions(ui.cellType(), 'latency');
    expect(params().get('pivotCellType')).toBe('latency');
    expect(cellTexts('Health pivot')).toEqual([
      ['', 'login', '80ms', '', ''],
      ['', 'payments-api', '', '', '200ms'],
      ['', 'payments-db', '', '', '50ms'],
      ['', 'search', '', '1.5s', ''],
    ]);

    // Label pivots by the first label that is not a flag until another is chosen.
    await user.selectOptions(ui.pivotBy(), 'labels');
    expect(params().get('pivotBy')).toBe('labels');
    expect(params().get('pivotLabel')).toBe('env');
    await waitFor(() => expect(ui.headers()).toEqual(['', 'Checks', 'dev', 'prod', '(none)']));
    await user.selectOptions(ui.pivotLabel(), 'team');
    expect(params().get('pivotLabel')).toBe('team');
    expect(ui.headers()).toEqual(['', 'Checks', 'discovery', 'identity', 'money']);
    expect(params().get('pivotCellType')).toBe('latency');

    await user.selectOptions(ui.pivotBy(), 'none');
    expect(params().get('pivotBy')).toBeNull();
    expect(params().get('pivotLabel')).toBeNull();
    expect(params().get('pivotCellType')).toBeNull();
    await healthUi.table();
    expect(screen.queryByRole('table', { name: 'Health pivot' })).not.toBeInTheDocument();
    expect(healthUi.titles()).toEqual(['login', 'payments-api', 'payments-db', 'search']);
  });

  it('returns to the card layout when the pivot is turned off', async () => {
    const { user } = renderHealth('/health?hidePassing=false&layout=card&pivotBy=type');
    await ui.pivot();
    await user.selectOptions(ui.pivotBy(), 'none');
    expect(await screen.findByRole('listitem', { name: 'login' }, SLOW)).toBeInTheDocument();
  });

  it('opens a check from its cell by click or keyboard and keeps the pivot', async () => {
    const { user, params } = renderHealth(
      '/health?hidePassing=false&pivotBy=labels&pivotLabel=env&pivotCellType=uptime',
    );
    await ui.pivot();
    await user.click(screen.getByRole('link', { name: 'Uptime of search in dev: 75.00%' }));
    expect(params().get('checkId')).toBe(search.id);
    expect(params().get('pivotBy')).toBe('labels');
    expect(params().get('pivotLabel')).toBe('env');
    expect(await screen.findByRole('dialog', { name: `Check ${search.id}` })).toBeInTheDocument();

    screen.getByRole('link', { name: 'Uptime of login in (none): 50.00%' }).focus();
    await user.keyboard('{Enter}');
    expect(params().get('checkId')).toBe(login.id);
    expect(params().get('pivotCellType')).toBe('uptime');
  });
});
