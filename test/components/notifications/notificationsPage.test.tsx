import { act, screen, waitFor, within } from '@testing-library/react';
import type { AppPage } from '../../../src/app/routes';
import { paths } from '../../../src/shell/paths';
import { COMPONENT_ID, CONFIG_ID, historyBackend, summaryRows } from './historyBackend';
import { SLOW, bodyRows, findTable } from '../../support/tables';
import { pagesAt, renderPages } from '../../support/renderPages';

const SUMMARY_PAGES = pagesAt(paths.notifications.path);
const RESOURCE_PAGE: AppPage = {
  path: paths.notificationResource.path,
  load: async () =>
    function ResourceMarker() {
      return <p>resource history page</p>;
    },
  access: { resource: 'notifications' },
};

const ui = {
  table: () => findTable('Notifications by resource'),
  bodyRows,
  filter: (name: string) => screen.getByRole('button', { name: new RegExp(`^${name} filter`) }),
  include: (label: string) => screen.getByRole('button', { name: `Include ${label}` }),
  exclude: (label: string) => screen.getByRole('button', { name: `Exclude ${label}` }),
};

function renderSummary(url = '/notifications', options: Parameters<typeof historyBackend>[0] = {}) {
  const backend = historyBackend(options);
  return { ...renderPages([...SUMMARY_PAGES, RESOURCE_PAGE], url), backend };
}

const lastBody = (backend: ReturnType<typeof historyBackend>) =>
  backend.summaryBodies[backend.summaryBodies.length - 1];

/** What the status filter excludes while suppressed sends are hidden (the default). */
const HIDDEN = '!skipped,!silenced,!inhibited,!repeat-interval';

/** The address's query as an object. */
const urlParams = (url: string) => Object.fromEntries(new URLSearchParams(url.split('?')[1] ?? ''));

describe('/notifications', () => {
  it('shows one row per resource with its counts, from the first page of NOTIF-06', async () => {
    const { backend } = renderSummary();
    const table = await ui.table();
    const [config, component] = ui.bodyRows(table);
    expect(within(config!).getByText('checkout-api')).toBeInTheDocument();
    expect(within(config!).getByText('Kubernetes::Deployment')).toBeInTheDocument();
    expect(within(config!).getByText('unhealthy')).toBeInTheDocument();
    expect(within(config!).getByText('Deployment checkout-api is unhealthy')).toBeInTheDocument();
    const cells = within(config!)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // total, sent, errors, suppressed, in progress
    expect(cells.slice(2, 7)).toEqual(['4', '1', '1', '1', '1']);
    // Counts sent as text read as numbers.
    expect(within(component!).getAllByRole('cell')[2]).toHaveTextContent('7');
    expect(backend.summaryBodies[0]).toEqual({ pageIndex: 0, pageSize: 50, status: HIDDEN });
  });

  it('shows the last message as plain text, not Markdown', async () => {
    renderSummary();
    const [config] = ui.bodyRows(await ui.table());
    const message = within(config!).getByText('Deployment checkout-api is unhealthy');
    expect(message).toHaveAttribute('title', 'Deployment checkout-api is unhealthy');
    expect(config).not.toHaveTextContent('**');
    expect(config).not.toHaveTextContent('##');
  });

  it('hides suppressed sends until asked, in the address', async () => {
    const { backend, user, currentUrl } = renderSummary();
    await ui.table();
    const show = screen.getByRole('checkbox', { name: 'Show suppressed' });
    expect(show).not.toBeChecked();
    await user.click(show);
    await waitFor(() => expect(lastBody(backend)).toEqual({ pageIndex: 0, pageSize: 50 }));
    expect(urlParams(currentUrl())).toEqual({ suppressed: 'true' });
    await user.click(show);
    await waitFor(() => expect(urlParams(currentUrl())).toEqual({}));
    expect(show).not.toBeChecked();
  });

  it('filters by resource type and tags of the resources notified about', async () => {
    const { backend, user, currentUrl } = renderSummary();
    await ui.table();
    await user.click(ui.filter('Resource type'));
    await user.click(await screen.findByRole('button', { name: 'Include Kubernetes::Deployment' }));
    await user.click(ui.filter('Tags'));
    await user.click(await screen.findByRole('button', { name: 'Include namespace: shop' }));
    await user.click(await screen.findByRole('button', { name: 'Exclude cluster: prod' }));
    await waitFor(() =>
      expect(lastBody(backend)).toEqual({
        pageIndex: 0,
        pageSize: 50,
        status: HIDDEN,
        resourceType: 'Kubernetes::Deployment',
        tags: 'namespace=shop,cluster!=prod',
      }),
    );
    expect(urlParams(currentUrl())).toEqual({
      resourceType: 'Kubernetes________Deployment:1',
      tags: 'namespace=shop:1,cluster=prod:-1',
    });
  });

  it('writes the tri-state filters and the switch into the address and the body', async () => {
    const { backend, user, currentUrl } = renderSummary();
    await ui.table();
    await user.click(ui.filter('Status'));
    await user.click(ui.include('Failed'));
    await user.click(ui.include('Sent'));
    await waitFor(() => expect(lastBody(backend)).toMatchObject({ status: 'error,sent' }));
    await user.click(ui.filter('Resource kind'));
    await user.click(ui.exclude('Check'));
    await user.click(screen.getByRole('checkbox', { name: 'Include deleted resources' }));
    await waitFor(() =>
      expect(lastBody(backend)).toEqual({
        includeDeletedResources: true,
        pageIndex: 0,
        pageSize: 50,
        status: 'error,sent',
        resourceKind: '!check',
      }),
    );
    expect(urlParams(currentUrl())).toEqual({
      status: 'error:1,sent:1',
      resourceKind: 'check:-1',
      includeDeleted: 'true',
    });
  });

  it('searches by resource name and clears every filter', async () => {
    const { backend, user, currentUrl } = renderSummary('/notifications?resourceKind=check:-1');
    await ui.table();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'check');
    await waitFor(() => expect(urlParams(currentUrl())).toMatchObject({ search: 'check' }), SLOW);
    await waitFor(() =>
      expect(lastBody(backend)).toEqual({
        search: 'check',
        pageIndex: 0,
        pageSize: 50,
        status: HIDDEN,
        resourceKind: '!check',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(urlParams(currentUrl())).toEqual({}));
    await waitFor(() =>
      expect(lastBody(backend)).toEqual({ pageIndex: 0, pageSize: 50, status: HIDDEN }),
    );
  });

  it('restores the filters and the page from the address, the size capped at 50', async () => {
    const { backend } = renderSummary(
      '/notifications?search=pay&status=sent:1&includeDeleted=true&pageIndex=1&pageSize=100',
      { summaryTotal: 120 },
    );
    await ui.table();
    expect(backend.summaryBodies[0]).toEqual({
      search: 'pay',
      includeDeletedResources: true,
      pageIndex: 1,
      pageSize: 50,
      status: 'sent',
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('pay');
    expect(ui.filter('Status')).toHaveTextContent('Sent');
    expect(screen.getByRole('checkbox', { name: 'Include deleted resources' })).toBeChecked();
  });

  it('pages through the resources', async () => {
    const { backend, user, currentUrl } = renderSummary('/notifications', { summaryTotal: 120 });
    await ui.table();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() =>
      expect(lastBody(backend)).toEqual({ pageIndex: 1, pageSize: 50, status: HIDDEN }),
    );
    expect(urlParams(currentUrl())).toMatchObject({ pageIndex: '1' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Page size' }), '10');
    await waitFor(() =>
      expect(lastBody(backend)).toEqual({ pageIndex: 0, pageSize: 10, status: HIDDEN }),
    );
  });

  it('opens the resource history from a row, by click or Enter', async () => {
    const { user, currentUrl, router } = renderSummary();
    const [config] = ui.bodyRows(await ui.table());
    await user.click(config!);
    expect(await screen.findByText('resource history page', {}, SLOW)).toBeInTheDocument();
    expect(currentUrl()).toBe(`/notifications/resource/${CONFIG_ID}`);
    await act(() => router.navigate('/notifications'));
    const rows = ui.bodyRows(await ui.table());
    expect(rows[1]).toBeDefined();
    rows[1]!.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(currentUrl()).toBe(`/notifications/resource/${COMPONENT_ID}`));
  });

  it('says when nothing was sent, or nothing matches', async () => {
    renderSummary('/notifications', { summary: [] });
    expect(await screen.findByText('No notifications', {}, SLOW)).toBeInTheDocument();
  });

  it('shows the server reason and retries', async () => {
    const backend = historyBackend({ summary: summaryRows() });
    backend.failSummary = 'summary is broken';
    const { user } = renderPages(SUMMARY_PAGES, '/notifications');
    expect(await screen.findByText('summary is broken', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Error loading notifications')).toBeInTheDocument();
    backend.failSummary = undefined;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const table = await ui.table();
    expect(within(table).getByText('checkout-api')).toBeInTheDocument();
  });
});
