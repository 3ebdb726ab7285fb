import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type React from 'react';
import { createRoutes } from '../../../src/app/routes';
import { formatDate } from '../../../src/lib/dates';
import type { CheckSummary } from '../../../src/api/schemas/healthSummary';
import { renderApp } from '../../support/renderApp';
import type { RenderAppOptions } from '../../support/renderApp';
import { disabledFeatures } from '../../support/shellHandlers';
import type { SummaryBackendOptions } from './healthBackend';
import { ago, healthUi, loadHealthPageFirst, summaryBackend, summaryCheck } from './healthBackend';
import { SLOW } from '../../support/tables';

jest.mock('../../../src/features/health/detail/CheckDetailDialog', () => {
  const { createElement } = jest.requireActual<typeof React>('react');
  return {
    CheckDetailDialog: (props: { checkId: string; onClose: () => void; embedded?: boolean }) =>
      createElement(
        'div',
        { role: 'dialog', 'aria-label': 'Check detail' },
        createElement('p', null, `Check ${props.checkId}`),
        createElement('p', null, props.embedded ? 'embedded' : 'on the page'),
        createElement('button', { type: 'button', onClick: props.onClose }, 'Close check'),
      ),
  };
});

const HOUR = 3_600_000;

loadHealthPageFirst();

const ui = {
  ...healthUi,
  row: (title: string) => {
    const row = within(screen.getByRole('table', { name: 'Health checks' }))
      .getAllByRole('row')
      .find((r) => r.querySelector('.mc-health-title')?.textContent === title);
    if (!row) throw new Error(`No row ${title}`);
    return row;
  },
  cells: (title: string) =>
    within(ui.row(title))
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  header: (name: string) => screen.getByRole('button', { name }),
};

function renderHealth(
  checks: CheckSummary[],
  {
    url = '/health',
    backend = {},
    ...options
  }: RenderAppOptions & { backend?: SummaryBackendOptions } = {},
) {
  const summary = summaryBackend(checks, backend);
  const rendered = renderApp(createRoutes({ publicRoutes: [] }), { url, ...options });
  const params = () => new URLSearchParams(rendered.currentUrl().split('?')[1] ?? '');
  return { ...rendered, summary, params };
}

describe('health page: loading the summary', () => {
  it('shows a skeleton until the list arrives, then the checks', async () => {
    renderHealth([summaryCheck({ name: 'api', status: 'unhealthy' })], {
      backend: { delayMs: 1000 },
    });
    expect(
      await screen.findByRole('status', { name: 'Loading health checks' }, SLOW),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Health checks' })).toBeNull();
    await ui.table();
    expect(ui.titles()).toEqual(['api']);
    expect(screen.queryByRole('status', { name: 'Loading health checks' })).toBeNull();
  });

  it('asks for the summary without a query string and titles the page', async () => {
    const { summary } = renderHealth([summaryCheck({ status: 'unhealthy' })]);
    await ui.table();
    expect(await screen.findByRole('heading', { name: 'Health', level: 1 })).toBeInTheDocument();
    expect(summary.requests).toHaveLength(1);
    expect(summary.requests[0]?.url.pathname).toBe('/api/canary/api/summary');
    expect(summary.requests[0]?.url.search).toBe('');
  });

  it('says when there is nothing to show', async () => {
    renderHealth([]);
    expect(
      await screen.findByRole('heading', { name: 'No data available' }, SLOW),
    ).toBeInTheDocument();
  });

  it('says so when every check is hidden as passing', async () => {
    renderHealth([summaryCheck({ status: 'healthy' })]);
    expect(
      await screen.findByRole('heading', { name: 'No data available' }, SLOW),
    ).toBeInTheDocument();
  });

  it("shows the server's message when the call fails, and retries", async () => {
    const { summary, user } = renderHealth([], {
      backend: { fail: { status: 500, body: { error: 'canary-checker is unreachable' } } },
    });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('canary-checker is unreachable');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(summary.requests).toHaveLength(2));
  });

  it('refetches on the refresh button and on a time-range change', async () => {
    const { summary, user, params } = renderHealth([summaryCheck({ status: 'unhealthy' })]);
    await ui.table();
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(summary.requests).toHaveLength(2));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time range' }), '3d');
    await waitFor(() => expect(summary.requests).toHaveLength(3));
    expect(params().get('timeRange')).toBe('3d');
    expect(summary.requests.every((request) => request.url.search === '')).toBe(true);
  });

  it('cancels the request in flight when a new one starts, silently', async () => {
    const { summary, user } = renderHealth([summaryCheck({ status: 'unhealthy' })], {
      backend: { delayMs: 1500 },
    });
    await waitFor(() => expect(summary.requests).toHaveLength(1));
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Time range' }, SLOW),
      '1d',
    );
    await waitFor(() => expect(summary.requests).toHaveLength(2));
    await waitFor(() => expect(summary.requests[0]?.signal.aborted).toBe(true));
    expect(summary.requests[1]?.signal.aborted).toBe(false);
    await ui.table();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('polls at the chosen refresh rate and stops when it is turned off', async () => {
    const { summary, user, params } = renderHealth([summaryCheck({ status: 'unhealthy' })], {
      url: '/health?refreshRate=1s',
    });
    await ui.table();
    await waitFor(() => expect(summary.requests.length).toBeGreaterThanOrEqual(3), {
      timeout: 4000,
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Refresh rate' }), 'none');
    // Off is the default, which the address leaves out.
    expect(params().get('refreshRate')).toBeNull();
    const settled = summary.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(summary.requests.length).toBeLessThanOrEqual(settled + 1);
  }, 15_000);

  it('is hidden when the health feature is off', async () => {
    renderHealth([summaryCheck()], { properties: disabledFeatures('health') });
    expect(await screen.findByRole('heading', { name: 'Unauthorized' }, SLOW)).toBeInTheDocument();
  });

  it('has a sidebar entry', async () => {
    renderHealth([summaryCheck({ status: 'unhealthy' })]);
    await ui.table();
    expect(screen.getByRole('link', { name: 'Health' })).toHaveAttribute('href', '/health');
  });
});

describe('health page: the table', () => {
  it('shows health, uptime, latency and transition of a check', async () => {
    const deletedAt = ago(HOUR);
    renderHealth([
      summaryCheck({
        name: 'slow',
        canary_name: 'one',
        status: 'unhealthy',
        uptime: { passed: 199, failed: 1 },
        latency: { rolling1h: 65_000 },
        last_runtime: ago(3 * HOUR + 60_000),
        last_transition_time: ago(26 * HOUR),
      }),
      summaryCheck({
        name: 'fast',
        canary_name: 'two',
        status: 'unhealthy',
        uptime: { passed: 1, failed: 2 },
        latency: { rolling1h: 250 },
        last_runtime: ago(10 * 60_000),
      }),
      summaryCheck({
        name: 'gone',
        canary_name: 'three',
        status: 'unhealthy',
        latency: { rolling1h: 2500 },
        last_runtime: ago(8 * 24 * HOUR),
        deleted_at: deletedAt,
      }),
    ]);
    await ui.table();
    expect(ui.cells('slow').slice(2)).toEqual(['3h', '99.50%', '1.1m', '1d']);
    expect(ui.cells('fast').slice(2)).toEqual(['', '33.33%', '250ms', '2h']);
    expect(ui.cells('gone')[4]).toBe('2.5s');
    // A deleted check reads as a deleted config does: "Deleted: {time}".
    const deleted = `Deleted: ${formatDate(deletedAt, { format: 'medium', timezone: 'browser' })}`;
    expect(within(ui.row('gone')).getByLabelText(deleted)).toBeInTheDocument();
    expect(within(ui.row('slow')).queryByLabelText(/^Deleted/)).toBeNull();
  });

  it('groups by canary, shows passing over total, and expands a group', async () => {
    const { user } = renderHealth(
      [
        summaryCheck({
          canary_name: 'shop',
          name: 'cart',
          status: 'unhealthy',
          uptime: { passed: 3, failed: 1 },
        }),
        summaryCheck({
          canary_name: 'shop',
          name: 'checkout',
          status: 'healthy',
          uptime: { passed: 5, failed: 0 },
        }),
        summaryCheck({
          canary_name: 'shop',
          name: 'search',
          status: 'healthy',
          uptime: { passed: 4, failed: 0 },
        }),
        summaryCheck({ canary_name: 'db', name: 'primary', status: 'unhealthy' }),
        summaryCheck({ canary_name: 'db', name: 'replica', status: 'unhealthy' }),
      ],
      { url: '/health?hidePassing=false' },
    );
    await ui.table();
    expect(ui.titles()).toEqual(['db', 'shop']);
    expect(ui.cells('shop')[3]).toBe('2/3');
    expect(within(ui.row('shop')).getByRole('img', { name: 'Some failing' })).toHaveAttribute(
      'data-color',
      'orange',
    );
    expect(within(ui.row('db')).getByRole('img', { name: 'All failing' })).toHaveAttribute(
      'data-color',
      'red',
    );

    await user.click(screen.getByRole('button', { name: 'Expand shop' }));
    expect(ui.titles()).toEqual(['db', 'shop', 'cart', 'checkout', 'search']);
    expect(ui.row('shop')).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Collapse shop' }));
    expect(ui.titles()).toEqual(['db', 'shop']);
  });

  it('sorts by a header click, kept in the URL', async () => {
    const { user, params } = renderHealth([
      summaryCheck({
        canary_name: 'a',
        name: 'beta',
        status: 'unhealthy',
        latency: { rolling1h: 10 },
      }),
      summaryCheck({
        canary_name: 'b',
        name: 'alpha',
        status: 'unhealthy',
        latency: { rolling1h: 30 },
      }),
      summaryCheck({
        canary_name: 'c',
        name: 'gamma',
        status: 'unhealthy',
        latency: { rolling1h: 20 },
      }),
    ]);
    await ui.table();
    expect(ui.titles()).toEqual(['alpha', 'beta', 'gamma']);

    await user.click(ui.header('Latency'));
    expect(params().get('sortBy')).toBe('latency');
    expect(params().get('sortDesc')).toBe('false');
    expect(ui.titles()).toEqual(['beta', 'gamma', 'alpha']);
    expect(screen.getByRole('columnheader', { name: 'Latency' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await user.click(ui.header('Latency'));
    expect(params().get('sortDesc')).toBe('true');
    expect(ui.titles()).toEqual(['alpha', 'gamma', 'beta']);

    // Back to the default sort (by name, ascending): the address leaves it out.
    await user.click(ui.header('Checks'));
    expect(params().get('sortBy')).toBeNull();
    expect(ui.titles()).toEqual(['alpha', 'beta', 'gamma']);
  });

  it('opens a check with checkId, keeping the other parameters, and closes it', async () => {
    const check = summaryCheck({ name: 'login', status: 'unhealthy' });
    const { user, params } = renderHealth([check], { url: '/health?query=log&timeRange=3d' });
    await ui.table();
    await waitFor(() => expect(ui.titles()).toEqual(['login']));
    await user.click(within(ui.row('login')).getByText('login'));

    const dialog = await screen.findByRole('dialog', { name: 'Check detail' });
    expect(dialog).toHaveTextContent(`Check ${check.id}`);
    expect(dialog).toHaveTextContent('on the page');
    expect(params().get('checkId')).toBe(check.id);
    expect(params().get('query')).toBe('log');
    expect(params().get('timeRange')).toBe('3d');

    await user.click(within(dialog).getByRole('button', { name: 'Close check' }));
    expect(screen.queryByRole('dialog', { name: 'Check detail' })).toBeNull();
    expect(params().get('checkId')).toBeNull();
    expect(params().get('timeRange')).toBe('1h');
    expect(params().get('query')).toBe('log');
  });

  it('opens the check named in the URL', async () => {
    const check = summaryCheck({ status: 'unhealthy' });
    renderHealth([check], { url: `/health?checkId=${check.id}&timeRange=1h` });
    expect(await screen.findByRole('dialog', { name: 'Check detail' }, SLOW)).toHaveTextContent(
      `Check ${check.id}`,
    );
  });
});

describe('health page: many checks', () => {
  it('keeps only the rows in view in the page, and follows the scroll', async () => {
    const many = Array.from({ length: 600 }, (_, i) =>
      summaryCheck({ name: `check-${String(i).padStart(3, '0')}`, status: 'unhealthy' }),
    );
    renderHealth(many, { url: '/health?groupBy=no-group' });
    const table = await ui.table();
    expect(table).toHaveAttribute('aria-rowcount', '601');
    const first = ui.titles();
    expect(first[0]).toBe('check-000');
    expect(first.length).toBeGreaterThan(10);
    expect(first.length).toBeLessThan(60);

    const scroller = table.parentElement!;
    Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: 300 * 36 });
    fireEvent.scroll(scroller);
    await waitFor(() => expect(ui.titles()).toContain('check-300'));
    expect(ui.titles()).not.toContain('check-000');
    expect(ui.titles().length).toBeLessThan(60);
  }, 30_000);
});

describe('health page: layouts', () => {
  it('shows cards with name, icon and status dots', async () => {
    const { user, params } = renderHealth([
      summaryCheck({
        name: 'api',
        status: 'unhealthy',
        checkStatuses: [
          { time: ago(60_000), status: false, duration: 10 },
          { time: ago(120_000), status: true, duration: 12 },
        ],
      }),
      summaryCheck({ name: 'db', status: 'unhealthy' }),
    ]);
    await ui.table();
    await user.click(screen.getByRole('radio', { name: 'Cards' }));
    expect(params().get('layout')).toBe('card');
    const list = await screen.findByRole('list', { name: 'Health checks' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['api', 'db']);
    const dots = within(cards[0]!).getAllByRole('img');
    expect(dots.map((dot) => dot.getAttribute('data-color'))).toEqual(['green', 'red']);
    expect(within(cards[1]!).getByRole('img', { name: 'unhealthy' })).toBeInTheDocument();
    await user.click(cards[1]!);
    expect(await screen.findByRole('dialog', { name: 'Check detail' })).toBeInTheDocument();
  });

  it('is shown without the shell at /view/health, with its own refresh', async () => {
    const { summary, user } = renderHealth([summaryCheck({ name: 'api', status: 'unhealthy' })], {
      url: '/view/health',
    });
    await ui.table();
    expect(screen.queryByRole('link', { name: 'Health' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(summary.requests).toHaveLength(2));
  });
});
