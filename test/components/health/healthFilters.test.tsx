import { act, screen, waitFor, within } from '@testing-library/react';
import { createRoutes } from '../../../src/app/routes';
import type { CheckSummary } from '../../../src/api/schemas/healthSummary';
import { postgrestTable } from '../../support/postgrestTable';
import { renderApp } from '../../support/renderApp';
import { healthUi, loadHealthPageFirst, summaryBackend, summaryCheck } from './healthBackend';
import { SLOW } from '../../support/tables';

jest.mock('../../../src/features/health/detail/CheckDetailDialog', () => ({
  CheckDetailDialog: () => null,
}));

loadHealthPageFirst();

const ui = {
  ...healthUi,
  hidePassing: () => screen.getByRole('checkbox', { name: 'Hide Passing' }),
  groupBy: () => screen.getByRole('combobox', { name: 'Group By' }),
  tabBy: () => screen.getByRole('combobox', { name: 'Tab By' }),
  tabs: () =>
    screen.getAllByRole('tab').map((tab) => tab.firstChild?.textContent ?? tab.textContent ?? ''),
  tab: (name: string) =>
    screen.getAllByRole('tab').find((tab) => tab.firstChild?.textContent === name)!,
};

const checks: CheckSummary[] = [
  summaryCheck({
    name: 'payments-api',
    canary_name: 'payments',
    description: 'Card payments endpoint',
    endpoint: 'https://pay.example.com/health',
    namespace: 'shop',
    status: 'unhealthy',
    labels: { team: 'money', env: 'prod', critical: 'true' },
  }),
  summaryCheck({
    name: 'payments-db',
    canary_name: 'payments',
    namespace: 'shop',
    status: 'healthy',
    labels: { team: 'money', env: 'prod' },
  }),
  summaryCheck({
    name: 'search',
    canary_name: 'search',
    description: 'Product search',
    namespace: 'catalog',
    status: 'unhealthy',
    labels: { team: 'discovery', env: 'dev' },
  }),
  summaryCheck({
    name: 'login',
    canary_name: 'auth',
    endpoint: 'https://sso.example.com',
    namespace: 'auth',
    status: 'unhealthy',
    labels: { team: 'identity', env: 'prod', critical: 'true' },
  }),
];

function renderHealth(url = '/health') {
  summaryBackend(checks);
  const rendered = renderApp(createRoutes({ publicRoutes: [] }), { url });
  const params = () => new URLSearchParams(rendered.currentUrl().split('?')[1] ?? '');
  return { ...rendered, params };
}

describe('health page: search', () => {
  it('narrows the rows 400 ms after typing, and keeps the search in the URL', async () => {
    const { user, params } = renderHealth('/health?groupBy=no-group');
    await ui.table();
    expect(ui.search()).toHaveAttribute('placeholder', 'Search by name, description, or endpoint');
    expect(ui.titles()).toEqual(['login', 'payments-api', 'search']);

    await user.type(ui.search(), 'SSO');
    // Not yet: the search waits for a pause in typing.
    expect(ui.titles()).toEqual(['login', 'payments-api', 'search']);
    expect(params().get('query')).toBeNull();
    await waitFor(() => expect(ui.titles()).toEqual(['login']));
    expect(params().get('query')).toBe('SSO');
  });

  it.each([
    ['product', ['search']],
    ['PAY.EXAMPLE', ['payments-api']],
    ['payments', ['payments-api']],
    ['nothing-like-this', []],
  ])('matches %p in description, canary name, endpoint or name', async (query, expected) => {
    renderHealth(`/health?groupBy=no-group&query=${encodeURIComponent(query)}`);
    if (expected.length === 0) {
      expect(
        await screen.findByRole('heading', { name: 'No data available' }, SLOW),
      ).toBeInTheDocument();
      return;
    }
    await ui.table();
    expect(ui.titles()).toEqual(expected);
    expect(ui.search()).toHaveValue(query);
  });

  it('follows the URL back and forward', async () => {
    const { user, router } = renderHealth('/health?groupBy=no-group');
    await ui.table();
    await user.type(ui.search(), 'login');
    await waitFor(() => expect(ui.titles()).toEqual(['login']));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(ui.titles()).toEqual(['login', 'payments-api', 'search']));
    expect(ui.search()).toHaveValue('');
    await act(() => router.navigate(1));
    await waitFor(() => expect(ui.titles()).toEqual(['login']));
    expect(ui.search()).toHaveValue('login');
  });
});

describe('health page: Hide Passing', () => {
  it('hides passing checks by default and shows them when turned off', async () => {
    const { user, params } = renderHealth('/health?groupBy=no-group');
    await ui.table();
    expect(ui.hidePassing()).toBeChecked();
    expect(ui.titles()).not.toContain('payments-db');

    await user.click(ui.hidePassing());
    expect(params().get('hidePassing')).toBe('false');
    expect(ui.titles()).toEqual(['login', 'payments-api', 'payments-db', 'search']);
  });
});

describe('health page: grouping and tabs', () => {
  it('groups by the chosen field, kept in the URL', async () => {
    const { user, params } = renderHealth('/health?hidePassing=false');
    await ui.table();
    expect(ui.groupBy()).toHaveValue('canary_name');
    expect(ui.titles()).toEqual(['login', 'payments', 'search']);

    await user.selectOptions(ui.groupBy(), 'no-group');
    expect(params().get('groupBy')).toBe('no-group');
    expect(ui.titles()).toEqual(['login', 'payments-api', 'payments-db', 'search']);

    await user.selectOptions(ui.groupBy(), 'label:env');
    expect(params().get('groupBy')).toBe('label:env');
    expect(ui.titles()).toEqual(['prod', 'search']);
  });

  it('offers one Group By choice per label key', async () => {
    renderHealth();
    await ui.table();
    const options = within(ui.groupBy())
      .getAllByRole('option')
      .map((option) => option.getAttribute('value'));
    expect(options).toEqual([
      'no-group',
      'canary_name',
      'name',
      'description',
      'type',
      'label:critical',
      'label:env',
      'label:team',
    ]);
  });

  it('shows All first and a tab per namespace; a tab filters and is kept in the URL', async () => {
    const { user, params } = renderHealth('/health?groupBy=no-group');
    await ui.table();
    expect(ui.tabs()).toEqual(['All', 'auth', 'catalog', 'shop']);
    await user.click(ui.tab('shop'));
    expect(params().get('tab')).toBe('shop');
    expect(ui.titles()).toEqual(['payments-api']);
    await user.click(ui.tab('All'));
    expect(params().get('tab')).toBeNull();
    expect(ui.titles()).toEqual(['login', 'payments-api', 'search']);
  });

  it('tabs by a label, kept in the URL, starting again from All', async () => {
    const { user, params } = renderHealth('/health?groupBy=no-group&tab=shop');
    await ui.table();
    expect(ui.titles()).toEqual(['payments-api']);
    await user.selectOptions(ui.tabBy(), 'label:team');
    expect(params().get('tabBy')).toBe('label:team');
    expect(params().get('tab')).toBeNull();
    expect(ui.tabs()).toEqual(['All', 'discovery', 'identity', 'money']);
    await user.click(ui.tab('identity'));
    expect(ui.titles()).toEqual(['login']);
  });
});

describe('health page: tabs by agent', () => {
  it('names agent tabs from the agents list, the local agent as local', async () => {
    const agents = postgrestTable('agents', [
      { id: 'agent-eu', name: 'eu-west', description: null },
    ]);
    summaryBackend([
      summaryCheck({ name: 'remote', agent_id: 'agent-eu', status: 'unhealthy' }),
      summaryCheck({ name: 'home', agent_id: null, status: 'unhealthy' }),
    ]);
    const { user } = renderApp(createRoutes({ publicRoutes: [] }), {
      url: '/health?groupBy=no-group&tabBy=agent',
    });
    await ui.table();
    await waitFor(() => expect(ui.tabs()).toEqual(['All', 'eu-west', 'local']));
    expect(agents.reads.map((read) => read.url.search)).toEqual([
      '?select=id%2Cname%2Cdescription',
    ]);
    await user.click(ui.tab('eu-west'));
    expect(ui.titles()).toEqual(['remote']);
  });
});

describe('health page: label filters', () => {
  it('includes and excludes by label value, kept in the URL as JSON', async () => {
    const { user, params } = renderHealth('/health?groupBy=no-group');
    await ui.table();
    await user.click(screen.getByRole('button', { name: 'team filter' }));
    const list = await screen.findByRole('list', { name: 'team' });
    await user.click(within(list).getByRole('button', { name: 'Include money' }));
    expect(JSON.parse(params().get('labels') ?? '')).toEqual({ 'canary:team:money': 1 });
    expect(ui.titles()).toEqual(['payments-api']);

    await user.click(within(list).getByRole('button', { name: 'Exclude money' }));
    expect(JSON.parse(params().get('labels') ?? '')).toEqual({ 'canary:team:money': -1 });
    expect(ui.titles()).toEqual(['login', 'search']);
  });

  it('filters by a flag label with a tri-state toggle', async () => {
    const { user, params } = renderHealth('/health?groupBy=no-group');
    await ui.table();
    await user.click(screen.getByRole('button', { name: 'Include critical' }));
    expect(JSON.parse(params().get('labels') ?? '')).toEqual({ 'canary:critical:true': 1 });
    expect(ui.titles()).toEqual(['login', 'payments-api']);
    await user.click(screen.getByRole('button', { name: 'Exclude critical' }));
    expect(ui.titles()).toEqual(['search']);
    await user.click(screen.getByRole('button', { name: 'Exclude critical' }));
    expect(params().get('labels')).toBeNull();
    expect(ui.titles()).toEqual(['login', 'payments-api', 'search']);
  });

  it('applies labels from the URL', async () => {
    const labels = encodeURIComponent(JSON.stringify({ 'canary:env:prod': -1 }));
    renderHealth(`/health?groupBy=no-group&labels=${labels}`);
    await ui.table();
    expect(ui.titles()).toEqual(['search']);
  });

  it('logs and ignores a labels parameter that is not JSON', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      renderHealth('/health?groupBy=no-group&labels=%7Bteam%3A');
      await ui.table();
      expect(ui.titles()).toEqual(['login', 'payments-api', 'search']);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('labels'), expect.anything());
    } finally {
      warn.mockRestore();
    }
  });
});
