import '../../../support/withMonacoMock';
import { act, screen, waitFor, within } from '@testing-library/react';
import { paths } from '../../../../src/shell/paths';
import { pagesAt, renderPages } from '../../../support/renderPages';
import { SLOW, bodyRows, findTable } from '../../../support/tables';
import {
  CART_POD,
  CHECKOUT,
  COMPONENT_ID,
  CVE,
  LIMITS,
  ORDERS_DB,
  insightsBackend,
} from './insightsBackend';

const INSIGHTS_PAGES = pagesAt(paths.catalogInsights.path);

const ui = {
  table: () => findTable('Insights'),
  bodyRows,
  select: (name: string) => screen.getByRole('combobox', { name }),
  dialog: () => screen.findByRole('dialog', {}, SLOW),
  params: (currentUrl: () => string) => new URLSearchParams(currentUrl().split('?')[1] ?? ''),
};

function renderInsights(url = '/catalog/insights') {
  const backend = insightsBackend();
  return { ...renderPages(INSIGHTS_PAGES, url), backend };
}

/** The parameters of the last read of a fake table. */
function lastRead(table: { reads: Array<{ url: URL }> }): URLSearchParams {
  return table.reads[table.reads.length - 1]!.url.searchParams;
}

/** The analyzer of each body row, in order. */
async function analyzersShown(expected: string[]) {
  await waitFor(async () => {
    const table = await ui.table();
    const rows = ui.bodyRows(table);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(expected);
  }, SLOW);
}

describe('Insights page (/catalog/insights)', () => {
  it('lists the insights of every config from CAT-27, newest first, each linking its config', async () => {
    const { backend } = renderInsights();
    await analyzersShown([
      'CVE-2025-0001',
      'no-resource-limits',
      'rds-oversized',
      'public-snapshot',
    ]);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Insights');
    const sections = screen.getByRole('navigation', { name: 'Catalog sections' });
    expect(within(sections).getByRole('link', { name: 'Insights' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const { url, prefer } = backend.items.reads[0]!;
    expect(prefer).toBe('count=exact');
    expect([...url.searchParams]).toEqual([
      [
        'select',
        'id,analysis_type,analyzer,severity,summary,status,first_observed,last_observed,config:configs(id,name,config_class,type)',
      ],
      ['limit', '50'],
      ['offset', '0'],
      ['order', 'first_observed.desc'],
    ]);
    const first = ui.bodyRows(await ui.table())[0]!;
    expect(within(first).getByRole('link', { name: /checkout-api/ })).toHaveAttribute(
      'href',
      `/catalog/${CHECKOUT.id}`,
    );
    expect(first).toHaveTextContent('Critical');
    expect(first).toHaveTextContent('security');
    expect(first).toHaveTextContent('Open');
    expect(within(first).getAllByRole('cell')[2]).toHaveTextContent('Upgrade openssl to 3.0.14');
    expect(within(first).getAllByRole('cell')[6]).toHaveTextContent('1d ago');
    expect(screen.getByText('1–4 of 4')).toBeInTheDocument();
  });

  it('sends each filter to CAT-27, back on the first page, and keeps them across a reload', async () => {
    const first = renderInsights('/catalog/insights?pageIndex=1&pageSize=25');
    const { backend, user, currentUrl } = first;
    await ui.table();
    // The options come from one call, rpc/config_analysis_filter_options.
    await waitFor(() =>
      expect(within(ui.select('Analyzer')).getAllByRole('option')).toHaveLength(5),
    );
    expect(backend.optionReads).toHaveLength(1);
    expect([...backend.optionReads[0]!.searchParams]).toEqual([]);
    await waitFor(() => expect(within(ui.select('Type')).getAllByRole('option')).toHaveLength(4));
    await waitFor(() =>
      expect(within(ui.select('Config type')).getAllByRole('option')).toHaveLength(4),
    );

    await user.selectOptions(ui.select('Status'), 'open');
    expect(ui.params(currentUrl).get('pageIndex')).toBeNull();
    expect(ui.params(currentUrl).get('pageSize')).toBe('25');
    await user.selectOptions(ui.select('Type'), 'security');
    await user.selectOptions(ui.select('Severity'), 'critical');
    await user.selectOptions(ui.select('Analyzer'), 'CVE-2025-0001');
    await user.selectOptions(ui.select('Config type'), 'Kubernetes::Deployment');
    await analyzersShown(['CVE-2025-0001']);
    const sent = lastRead(backend.items);
    expect(sent.get('status')).toBe('eq.open');
    expect(sent.get('analysis_type')).toBe('eq.security');
    expect(sent.get('severity')).toBe('eq.critical');
    expect(sent.get('analyzer')).toBe('eq.CVE-2025-0001');
    expect(sent.get('config_type')).toBe('eq.Kubernetes::Deployment');
    expect(sent.get('limit')).toBe('25');
    expect(sent.get('offset')).toBe('0');

    // Reload: the same address gives the same request and the same selections.
    const url = currentUrl();
    expect(Object.fromEntries(ui.params(currentUrl))).toEqual({
      pageSize: '25',
      status: 'open',
      type: 'security',
      severity: 'critical',
      analyzer: 'CVE-2025-0001',
      configType: 'Kubernetes::Deployment',
    });
    first.unmount();
    const again = renderInsights(url);
    await analyzersShown(['CVE-2025-0001']);
    const reread = again.backend.items.reads[0]!.url.searchParams;
    expect(reread.get('status')).toBe('eq.open');
    expect(reread.get('severity')).toBe('eq.critical');
    expect(reread.get('config_type')).toBe('eq.Kubernetes::Deployment');
    expect(ui.select('Status')).toHaveValue('open');
    expect(ui.select('Severity')).toHaveValue('critical');
    expect(ui.select('Type')).toHaveValue('security');
    expect(ui.select('Analyzer')).toHaveValue('CVE-2025-0001');
    expect(ui.select('Config type')).toHaveValue('Kubernetes::Deployment');
  });

  it('sorts on the server by the clicked column', async () => {
    const { backend, user, currentUrl } = renderInsights();
    await ui.table();
    const header = screen.getByRole('columnheader', { name: /^Severity/ });
    await user.click(within(header).queryByRole('button') ?? header);
    await waitFor(() => expect(lastRead(backend.items).get('order')).toBe('severity.asc'));
    expect(ui.params(currentUrl).get('sortBy')).toBe('severity');
    expect(ui.params(currentUrl).get('sortOrder')).toBe('asc');
  });

  it('filters by a config item chosen by name, kept in the address, and back to all', async () => {
    const { backend, user, currentUrl } = renderInsights();
    await ui.table();
    await waitFor(() =>
      expect(
        within(ui.select('Config'))
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All configs', 'cart-api-5d8', 'checkout-api', 'orders-db']),
    );
    await user.selectOptions(ui.select('Config'), 'orders-db');
    await analyzersShown(['rds-oversized', 'public-snapshot']);
    expect(lastRead(backend.items).get('config_id')).toBe(`eq.${ORDERS_DB.id}`);
    expect(ui.params(currentUrl).get('configId')).toBe(ORDERS_DB.id);
    await user.selectOptions(ui.select('Config'), 'All configs');
    await analyzersShown([
      'CVE-2025-0001',
      'no-resource-limits',
      'rds-oversized',
      'public-snapshot',
    ]);
    expect(ui.params(currentUrl).has('configId')).toBe(false);
  });

  it("reads a component's insights from CAT-29 and CAT-05 and filters them here, never asking CAT-27", async () => {
    const { backend, user, currentUrl } = renderInsights(
      `/catalog/insights?component=${COMPONENT_ID}&sortBy=severity&sortOrder=asc`,
    );
    // Sorted here by how severe: medium before critical.
    await analyzersShown(['no-resource-limits', 'CVE-2025-0001']);
    expect([...backend.componentReads[0]!.searchParams]).toEqual([['id', COMPONENT_ID]]);
    expect([...lastRead(backend.configs)]).toEqual([
      ['id', `in.(${[CHECKOUT.id, CART_POD.id].sort().join(',')})`],
      ['select', 'id,name,config_class,type'],
    ]);
    // The configs are named from CAT-05.
    const rows = ui.bodyRows(await ui.table());
    expect(within(rows[0]!).getByRole('link', { name: /cart-api-5d8/ })).toHaveAttribute(
      'href',
      `/catalog/${CART_POD.id}`,
    );
    // The picker shows the component's name.
    expect(await screen.findByDisplayValue('Checkout service', {}, SLOW)).toBeInTheDocument();

    await user.selectOptions(ui.select('Severity'), 'medium');
    await analyzersShown(['no-resource-limits']);
    await user.selectOptions(ui.select('Config type'), 'Kubernetes::Deployment');
    expect(await screen.findByText('No insights match these filters', {}, SLOW)).toBeVisible();
    expect(ui.params(currentUrl).get('component')).toBe(COMPONENT_ID);
    expect(backend.items.reads).toHaveLength(0);
    expect(backend.componentReads).toHaveLength(1);
  });

  it('picks a component by searching for it', async () => {
    const { backend, user, currentUrl } = renderInsights();
    await ui.table();
    const reads = backend.items.reads.length;
    const picker = screen.getByRole('combobox', { name: 'Component' });
    await user.click(picker);
    await user.type(picker, 'check');
    const option = await screen.findByRole('option', { name: /^Checkout service/ }, SLOW);
    await user.click(within(option).getByText('Checkout service'));
    await waitFor(() => expect(ui.params(currentUrl).get('component')).toBe(COMPONENT_ID));
    await analyzersShown(['CVE-2025-0001', 'no-resource-limits']);
    expect(backend.componentReads).toHaveLength(1);
    expect(backend.items.reads).toHaveLength(reads);
  });

  it('opens the insight of a row, filtered by severity, with its message and config link', async () => {
    const { user, currentUrl, router } = renderInsights();
    await ui.table();
    await user.selectOptions(ui.select('Severity'), 'medium');
    await analyzersShown(['no-resource-limits']);
    await user.click(ui.bodyRows(await ui.table())[0]!);
    expect(ui.params(currentUrl).get('insightId')).toBe(LIMITS.id);
    expect(ui.params(currentUrl).get('severity')).toBe('medium');
    const dialog = await ui.dialog();
    expect(await within(dialog).findByTestId('code', {}, SLOW)).toHaveTextContent(
      'container: cart',
    );
    expect(within(dialog).getByRole('link', { name: /cart-api-5d8/ })).toHaveAttribute(
      'href',
      `/catalog/${CART_POD.id}`,
    );
    await user.click(within(dialog).getByRole('tab', { name: 'Message' }));
    expect(within(dialog).getByRole('tabpanel', { name: 'Message' })).toHaveTextContent(
      LIMITS.message,
    );

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ui.params(currentUrl).has('insightId')).toBe(false);
  });

  it('opens the insight named in the address, and closing it removes it', async () => {
    const { user, currentUrl } = renderInsights(`/catalog/insights?insightId=${CVE.id}`);
    const dialog = await ui.dialog();
    expect(await within(dialog).findByText(CVE.summary, {}, SLOW)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentUrl()).toBe('/catalog/insights');
  });

  it("shows the insight's summary and properties, and its message in a tab beside the analysis", async () => {
    const { backend, user } = renderInsights(`/catalog/insights?insightId=${CVE.id}`);
    const dialog = await ui.dialog();
    const properties = await within(dialog).findByRole('region', { name: 'Properties' }, SLOW);
    expect(
      within(properties)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Packageopenssl', 'CVSS9.8', 'Image size120 MB']);
    expect(dialog).toHaveTextContent('Upgrade openssl to 3.0.14');
    expect(lastRead(backend.analysis).get('select')).toBe(
      'id,source,analyzer,analysis_type,message,summary,severity,status,analysis,properties,first_observed,config:configs(id,name,config_class,type)',
    );

    expect(within(dialog).getByRole('tab', { name: 'Analysis' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await within(dialog).findByTestId('code', {}, SLOW)).toHaveTextContent(
      'package: openssl',
    );
    await user.click(within(dialog).getByRole('tab', { name: 'Message' }));
    const message = within(dialog).getByRole('tabpanel', { name: 'Message' });
    expect(message).toHaveTextContent('openssl is vulnerable');
  });

  it('says when nothing matches, and Clear filters lists everything again', async () => {
    const { user, currentUrl } = renderInsights(
      '/catalog/insights?status=resolved&severity=critical&pageSize=25',
    );
    expect(await screen.findByText('No insights match these filters', {}, SLOW)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await analyzersShown([
      'CVE-2025-0001',
      'no-resource-limits',
      'rds-oversized',
      'public-snapshot',
    ]);
    expect(currentUrl()).toBe('/catalog/insights?pageSize=25');
    expect(ui.select('Status')).toHaveValue('');
  });

  it("shows the server's reason when the list cannot be read, and Retry reads it again", async () => {
    const { backend, user } = renderInsights();
    backend.items.fail('GET', 500, { code: 'XX000', message: 'database is down' });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('Error loading insights');
    expect(alert).toHaveTextContent('database is down');
    backend.items.recover();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await analyzersShown([
      'CVE-2025-0001',
      'no-resource-limits',
      'rds-oversized',
      'public-snapshot',
    ]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows why a component's insights cannot be read, and Retry asks CAT-29 again", async () => {
    const backend = insightsBackend();
    backend.componentFailsOnce();
    const { user } = renderPages(INSIGHTS_PAGES, `/catalog/insights?component=${COMPONENT_ID}`);
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('function timed out');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await analyzersShown(['CVE-2025-0001', 'no-resource-limits']);
    expect(backend.componentReads).toHaveLength(2);
    expect(backend.items.reads).toHaveLength(0);
  });

  it("reads the list again from the top bar's Refresh", async () => {
    const { backend, user } = renderInsights();
    await ui.table();
    const reads = backend.items.reads.length;
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(backend.items.reads.length).toBe(reads + 1));
  });
});
