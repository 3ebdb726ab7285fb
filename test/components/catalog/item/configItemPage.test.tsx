import '../../../support/withMonacoMock';
import { Classes } from '@blueprintjs/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import { formatDate } from '../../../../src/lib/dates';
import type { RenderAppOptions } from '../../../support/renderApp';
import { DEFAULT_CHANGES_BODY } from '../../../support/catalogChanges';
import { pagesAt, renderPages } from '../../../support/renderPages';
import { SLOW, bodyRows, findTable } from '../../../support/tables';
import type { ConfigItemBackendOptions } from './configItemBackend';
import {
  CHANGES,
  CHECK_ID,
  CLUSTER_ID,
  COMPONENT_ID,
  DELETED_ID,
  DELETED_ITEM,
  EMPTY_ID,
  INCIDENT_ID,
  INSIGHT_ID,
  ITEM,
  ITEM_ID,
  MISSING_ID,
  NAMESPACE_ID,
  OLD_INCIDENT_ID,
  POD_ID,
  SCRAPER_ID,
  configItemBackend,
} from './configItemBackend';

const base = (id = ITEM_ID) => `/catalog/${id}`;

const ui = {
  title: () => screen.getByRole('heading', { level: 1 }),
  tab: (name: string | RegExp) => screen.getByRole('tab', { name }),
  table: findTable,
  bodyRows,
  code: () => screen.findByTestId('code', {}, SLOW),
  dialog: () => screen.findByRole('dialog', {}, SLOW),
};

function renderItem(
  url: string,
  options: ConfigItemBackendOptions = {},
  app: Pick<RenderAppOptions, 'properties'> = {},
) {
  const backend = configItemBackend(options);
  return { ...renderPages(pagesAt('/catalog/:id/*'), url, app), backend };
}

/** Waits until the item's header shows. */
async function itemShown(name = ITEM.name!) {
  await screen.findByRole('heading', { level: 2, name }, SLOW);
}

const lastBody = (bodies: Array<Record<string, unknown>>) => bodies[bodies.length - 1];

describe('config item page', () => {
  it('sends /catalog/:id on to the Spec tab, keeping the query', async () => {
    const { currentUrl } = renderItem(`${base()}?from=link`);
    await waitFor(() => expect(currentUrl()).toBe(`${base()}/spec?from=link`), SLOW);
    await itemShown();
    expect(ui.tab('Spec')).toHaveAttribute('aria-selected', 'true');
  });

  it('reads the item from config_detail and shows its name in the top bar', async () => {
    const { backend } = renderItem(`${base()}/spec`);
    await itemShown();
    expect(ui.title()).toHaveTextContent('checkout-api');
    const { url } = backend.detail.reads[0]!;
    expect([...url.searchParams]).toEqual([
      ['id', `eq.${ITEM_ID}`],
      ['select', '*'],
    ]);
  });

  it("reloads the item and the open tab from the top bar's Refresh", async () => {
    const { backend, user } = renderItem(`${base()}/checks`);
    await ui.table('Health checks');
    const [details, checks] = [backend.detail.reads.length, backend.checks.reads.length];
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(backend.detail.reads.length).toBe(details + 1));
    await waitFor(() => expect(backend.checks.reads.length).toBe(checks + 1));
  });

  it('labels each tab with its count from the summary, and Incidents and Access with the ones listed', async () => {
    renderItem(`${base()}/spec`);
    await itemShown();
    await screen.findByRole('tab', { name: 'Incidents 2' }, SLOW);
    await screen.findByRole('tab', { name: 'Access 2' }, SLOW);
    await screen.findByRole('tab', { name: 'Access Logs 2' }, SLOW);
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-label'))).toEqual([
      'Spec',
      'Changes 12',
      'Insights 3',
      'Relationships 4',
      'Playbooks 2',
      'Checks 1',
      'Incidents 2',
      'Access 2',
      'Access Logs 2',
    ]);
    expect(within(ui.tab('Changes 12')).getByText('12')).toBeInTheDocument();
  });

  it('moves between tabs by their addresses', async () => {
    const { user, currentUrl } = renderItem(`${base()}/spec`);
    await itemShown();
    await user.click(ui.tab('Checks 1'));
    expect(currentUrl()).toBe(`${base()}/checks`);
    expect(ui.tab('Checks 1')).toHaveAttribute('aria-selected', 'true');
    await ui.table('Health checks');
  });

  it('shows the location breadcrumb, health, status and the details', async () => {
    const { backend } = renderItem(`${base()}/spec`);
    await itemShown();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Catalog' })).toHaveAttribute(
      'href',
      '/catalog',
    );
    expect(await within(breadcrumb).findByRole('link', { name: 'prod-eu' }, SLOW)).toHaveAttribute(
      'href',
      `/catalog/${CLUSTER_ID}`,
    );
    expect(within(breadcrumb).getByRole('link', { name: 'shop' })).toHaveAttribute(
      'href',
      `/catalog/${NAMESPACE_ID}`,
    );
    expect([...backend.parents[0]!.searchParams]).toEqual([['config_id', ITEM_ID]]);
    expect(screen.getByText('Healthy')).toBeInTheDocument();
    expect(screen.getByText('Running')).toBeInTheDocument();

    const details = screen.getByRole('complementary', { name: 'Details' });
    const value = (term: string) =>
      within(details).getByText(term, { selector: 'dt' }).nextElementSibling as HTMLElement;
    expect(value('Type')).toHaveTextContent('Kubernetes::Deployment');
    expect(value('Class')).toHaveTextContent('Deployment');
    expect(value('Agent')).toHaveTextContent('local');
    expect(within(value('Scraper')).getByRole('link', { name: 'kubernetes-prod' })).toHaveAttribute(
      'href',
      `/catalog/scrapers/${SCRAPER_ID}`,
    );
    expect(value('External IDs')).toHaveTextContent('shop/checkout-api');
    const medium = (date: string) => formatDate(date, { format: 'medium', timezone: 'browser' });
    expect(value('Created')).toHaveTextContent(medium(ITEM.created_at!));
    expect(value('Last scraped')).toHaveTextContent(medium(ITEM.last_scraped_time!));
    expect(within(details).queryByText('Deleted', { selector: 'dt' })).toBeNull();
    // Every tag is shown (no "+N" in the panel).
    expect(
      within(value('Tags'))
        .getAllByText(/: /)
        .map((tag) => tag.textContent),
    ).toEqual(['account: acme', 'namespace: shop', 'cluster: prod-eu', 'team: payments']);
    expect(value('Labels')).toHaveTextContent('app: checkout');
    expect(value('Cost')).toHaveTextContent('Per minute $0.01');
    expect(value('Cost')).toHaveTextContent('7 days $124.00');
    expect(value('Cost')).toHaveTextContent('30 days $1,521');
    const components = await within(details).findByRole('link', { name: 'Checkout' }, SLOW);
    expect(components).toHaveAttribute('href', `/topology/${COMPONENT_ID}`);
    expect(backend.components.reads[0]!.url.searchParams.get('select')).toBe(
      'components!config_component_relationships_component_id_fkey(id, icon, name)',
    );
  });

  it('marks a deleted item with "Deleted: {time}"', async () => {
    const { user } = renderItem(`${base(DELETED_ID)}/spec`);
    await itemShown(DELETED_ITEM.name!);
    const text = `Deleted: ${formatDate(DELETED_ITEM.deleted_at, { format: 'medium', timezone: 'browser' })}`;
    const marker = screen.getByLabelText(text);
    await user.hover(marker);
    expect(
      await screen.findByText(text, { selector: `.${Classes.POPOVER_CONTENT}` }, SLOW),
    ).toBeVisible();
    // No summary: the tabs carry no counts.
    expect(ui.tab('Changes')).toBeInTheDocument();
  });

  it('says when the item does not exist, with a way back to the catalog', async () => {
    renderItem(`${base(MISSING_ID)}/spec`);
    expect(await screen.findByText('Config item not found', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the catalog' })).toHaveAttribute(
      'href',
      '/catalog',
    );
    expect(ui.title()).toHaveTextContent('Catalog');
  });

  it("shows the server's reason when the item cannot be loaded, and retries", async () => {
    const { backend, user } = renderItem(`${base()}/spec`);
    backend.detail.fail('GET', 500, { code: 'XX000', message: 'database is down' });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('database is down');
    backend.detail.recover();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await itemShown();
  });
});

describe('spec tab', () => {
  it('shows the document as YAML, switches to JSON and copies what is shown', async () => {
    const { user } = renderItem(`${base()}/spec`);
    expect(await ui.code()).toHaveTextContent('kind: Deployment');
    expect((await ui.code()).textContent).toContain('spec:\n  replicas: 3');

    await user.click(screen.getByRole('radio', { name: 'JSON' }));
    const json = JSON.stringify(ITEM.config, null, 2);
    await waitFor(() => expect(screen.getByTestId('code').textContent).toBe(json));

    const writeText = jest.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Copied to clipboard', {}, SLOW)).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(json);
  });

  it('says there is no data for an empty document', async () => {
    renderItem(`${base(EMPTY_ID)}/spec`);
    await itemShown('empty-config');
    expect(screen.getByText('No data available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
  });
});

describe('changes tab', () => {
  it('asks for the last 2 days of the item alone, then its upstream and downstream', async () => {
    const { backend, user, currentUrl } = renderItem(`${base()}/changes`);
    const table = await ui.table('Changes');
    expect(lastBody(backend.changeBodies)).toEqual({ id: ITEM_ID, ...DEFAULT_CHANGES_BODY });
    const rows = ui.bodyRows(table);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('replicas 2 → 3');
    expect(rows[0]).toHaveTextContent('kubectl');
    // A change of another config links to it; the item's own does not.
    expect(within(rows[1]!).getByRole('link', { name: /checkout-api-5d8/ })).toHaveAttribute(
      'href',
      `/catalog/${POD_ID}`,
    );
    expect(within(rows[0]!).queryByRole('link')).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Upstream' }));
    await waitFor(() =>
      expect(lastBody(backend.changeBodies)).toMatchObject({ recursive: 'upstream', depth: 5 }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Downstream' }));
    await waitFor(() =>
      expect(lastBody(backend.changeBodies)).toMatchObject({ recursive: 'all', depth: 5 }),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Upstream' }));
    await waitFor(() =>
      expect(lastBody(backend.changeBodies)).toMatchObject({ recursive: 'downstream', depth: 5 }),
    );
    expect(new URL(currentUrl(), 'http://x').searchParams.get('downstream')).toBe('true');
    await user.click(screen.getByRole('checkbox', { name: 'Downstream' }));
    await waitFor(() => expect(currentUrl()).toBe(`${base()}/changes`));
    // Back to the first request's arguments, answered from the cache.
    expect(backend.changeBodies.map((body) => [body.recursive, body.depth])).toEqual([
      ['none', undefined],
      ['upstream', 5],
      ['all', 5],
      ['downstream', 5],
    ]);
  });

  it('sends the chosen time range, page and sort', async () => {
    const { backend, user } = renderItem(`${base()}/changes`);
    await ui.table('Changes');
    await user.click(screen.getByRole('button', { name: 'Last 2 days' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Last 7 days' }, SLOW));
    await waitFor(() =>
      expect(lastBody(backend.changeBodies)).toMatchObject({ from: 'now-7d', to: 'now' }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastBody(backend.changeBodies)).toMatchObject({ page: 2 }));
    await user.click(screen.getByRole('button', { name: 'Change Type filter' }));
    await user.click(await screen.findByRole('button', { name: 'Include diff' }, SLOW));
    await waitFor(() => expect(lastBody(backend.changeBodies)).toMatchObject({ type: 'diff' }));
    // A new filter starts again at the first page.
    expect(lastBody(backend.changeBodies)).not.toHaveProperty('page');
    await user.click(screen.getByRole('button', { name: /^Summary/ }));
    await waitFor(() =>
      expect(lastBody(backend.changeBodies)).toMatchObject({ sort_by: 'summary' }),
    );
  });

  it('keeps its state in the address, so the same address shows the same changes', async () => {
    const url =
      `${base()}/changes?upstream=true&rangeType=relative&range=now-7d&display=Last+7+days` +
      '&changeType=diff:1,Pulled:-1&severity=high&pageIndex=1&pageSize=25' +
      '&sortBy=change_type&sortOrder=asc';
    const expected = {
      id: ITEM_ID,
      type: 'diff,!Pulled',
      from: 'now-7d',
      to: 'now',
      severity: 'high',
      page: 2,
      page_size: 25,
      sort_by: 'change_type',
      recursive: 'upstream',
      depth: 5,
      include_deleted_configs: false,
    };
    const first = renderItem(url);
    await ui.table('Changes');
    expect(lastBody(first.backend.changeBodies)).toEqual(expected);
    const shown = first.currentUrl();
    first.unmount();

    const again = renderItem(shown);
    await ui.table('Changes');
    expect(lastBody(again.backend.changeBodies)).toEqual(expected);
    expect(screen.getByRole('checkbox', { name: 'Upstream' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Downstream' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Severity' })).toHaveValue('high');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: /Change Type filter, 2 selected/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toHaveTextContent('Page 2 of 3');
  });

  it('adds the changes of softly related items with Soft, once a direction is walked', async () => {
    const { backend, user, currentUrl } = renderItem(`${base()}/changes`);
    await ui.table('Changes');
    expect(lastBody(backend.changeBodies)).not.toHaveProperty('soft');
    // The item alone has no soft walk (as Mission Control's related_changes_recursive).
    expect(screen.getByRole('checkbox', { name: 'Soft' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Downstream' }));
    await user.click(screen.getByRole('checkbox', { name: 'Soft' }));
    await waitFor(() =>
      expect(lastBody(backend.changeBodies)).toMatchObject({
        id: ITEM_ID,
        recursive: 'downstream',
        depth: 5,
        soft: true,
      }),
    );
    expect(new URL(currentUrl(), 'http://x').searchParams.get('soft')).toBe('true');
    // Back to the item alone: Soft has nothing to walk (the item alone's answer is cached).
    await user.click(screen.getByRole('checkbox', { name: 'Downstream' }));
    expect(screen.getByRole('checkbox', { name: 'Soft' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Soft' })).not.toBeChecked();
  });

  it("shows the changed config's tags compactly; a clicked tag filters the list", async () => {
    const { backend, user, currentUrl } = renderItem(`${base()}/changes`);
    const table = await ui.table('Changes');
    const [first, second] = ui.bodyRows(table);
    // One tag shows until the rest are asked for.
    expect(within(first!).getByRole('button', { name: 'Filter by namespace=shop' })).toBeVisible();
    expect(within(first!).queryByRole('button', { name: 'Filter by cluster=prod-eu' })).toBeNull();
    await user.click(within(first!).getByRole('button', { name: 'Show all 2 tags' }));
    expect(within(first!).getByRole('button', { name: 'Filter by cluster=prod-eu' })).toBeVisible();
    expect(within(second!).queryByRole('button', { name: /^Filter by/ })).toBeNull();

    await user.click(within(first!).getByRole('button', { name: 'Filter by cluster=prod-eu' }));
    await waitFor(() =>
      expect(lastBody(backend.changeBodies)).toMatchObject({ tags: 'cluster=prod-eu' }),
    );
    // The click filtered and did not open the change.
    expect(new URL(currentUrl(), 'http://x').searchParams.get('changeId')).toBeNull();
    expect(screen.getByRole('button', { name: /^Tags filter, 1 selected/ })).toBeInTheDocument();

    // A second tag of another key narrows further; a reload of the address sends the same.
    await user.click(
      within(ui.bodyRows(table)[0]!).getByRole('button', { name: 'Filter by namespace=shop' }),
    );
    await waitFor(() =>
      expect(lastBody(backend.changeBodies)).toMatchObject({
        tags: 'cluster=prod-eu,namespace=shop',
      }),
    );
    expect(new URL(currentUrl(), 'http://x').searchParams.get('tags')).toBe(
      'cluster=prod-eu:1,namespace=shop:1',
    );
  });

  it('follows the changes: reloads and marks those that arrive, as the changes page does', async () => {
    const { backend, user, currentUrl } = renderItem(`${base()}/changes`);
    const table = await ui.table('Changes');
    await user.click(screen.getByRole('checkbox', { name: 'Follow' }));
    expect(new URL(currentUrl(), 'http://x').searchParams.get('follow')).toBe('true');
    expect(within(table).queryByText('New')).toBeNull();

    const arrived = { ...CHANGES[0]!, id: 'ch-new', summary: 'replicas 3 → 4' };
    backend.answerChanges([arrived, ...CHANGES]);
    await user.click(await screen.findByRole('button', { name: 'Refresh' }));
    const row = (await within(table).findByText('replicas 3 → 4', {}, SLOW)).closest('tr')!;
    expect(row).toHaveClass('mc-change-row--new');
    expect(within(row).getByText('New')).toBeInTheDocument();
    expect(within(table).getAllByText('New')).toHaveLength(1);
    // Following asks the same search again: it is not a filter.
    expect(lastBody(backend.changeBodies)).toEqual({ id: ITEM_ID, ...DEFAULT_CHANGES_BODY });
  });

  it('offers the change types of CAT-18 and shows an empty answer as no data', async () => {
    const { backend, user } = renderItem(`${base()}/changes`, { changes: [] });
    const table = await ui.table('Changes');
    expect(table).toHaveTextContent('No data available');
    expect([...backend.changeTypes.reads[0]!.url.searchParams]).toEqual([
      ['change_type', 'not.eq.'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Change Type filter' }));
    const list = await screen.findByRole('list', { name: 'Change Type' }, SLOW);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Include diffExclude diffdiff', 'Include PulledExclude PulledPulled']);
  });
});

describe('insights tab', () => {
  it('lists the insights from CAT-24 and opens one in a dialog that Back closes', async () => {
    const { backend, user, currentUrl, router } = renderItem(`${base()}/insights`);
    const table = await ui.table('Insights');
    const { url, prefer } = backend.insights.reads[0]!;
    expect(prefer).toBe('count=exact');
    expect([...url.searchParams]).toEqual([
      [
        'select',
        'id,analyzer,analysis_type,message,severity,analysis,first_observed,config:configs(id,name,config_class,type)',
      ],
      ['config_id', `eq.${ITEM_ID}`],
      ['limit', '50'],
      ['offset', '0'],
    ]);
    const rows = ui.bodyRows(table);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('no-resource-limits');
    expect(rows[0]).toHaveTextContent('Container has no memory limit');

    await user.click(rows[0]!);
    expect(currentUrl()).toBe(`${base()}/insights?insightId=${INSIGHT_ID}`);
    const dialog = await ui.dialog();
    expect(
      await within(dialog).findByText('Container has no memory limit', {}, SLOW),
    ).toBeVisible();
    expect(await within(dialog).findByTestId('code')).toHaveTextContent('container: api');

    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentUrl()).toBe(`${base()}/insights`);
  });

  it('opens the insight named in the address (CAT-25)', async () => {
    const { backend, user, currentUrl } = renderItem(`${base()}/insights?insightId=${INSIGHT_ID}`);
    const dialog = await ui.dialog();
    expect(await within(dialog).findByText('reliability', {}, SLOW)).toBeVisible();
    const read = backend.insights.reads.find((r) => r.url.searchParams.has('id'))!;
    expect([...read.url.searchParams]).toEqual([
      [
        'select',
        'id,source,analyzer,analysis_type,message,summary,severity,status,analysis,properties,first_observed,config:configs(id,name,config_class,type)',
      ],
      ['id', `eq.${INSIGHT_ID}`],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentUrl()).toBe(`${base()}/insights`);
  });
});

// The relationships tab (graph, list, filters, linked components): relationshipsTab.test.tsx.

describe('playbooks tab', () => {
  it('lists the runs from PB-10 with its parameters in order', async () => {
    const { backend } = renderItem(`${base()}/playbooks`);
    const table = await ui.table('Playbook runs');
    const { url, prefer } = backend.runs.reads[0]!;
    expect(prefer).toBe('count=exact');
    expect([...url.searchParams]).toEqual([
      ['config_id', `eq.${ITEM_ID}`],
      ['parent_id', 'is.null'],
      ['limit', '50'],
      ['offset', '0'],
      ['order', 'created_at.desc'],
      [
        'select',
        '*,created_by(id,name,avatar),playbooks(id,name,title,spec,icon),component:components(id,name,icon),check:checks(id,name,icon),config:config_items(id,name,type,config_class)',
      ],
    ]);
    const rows = ui.bodyRows(table).map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      [
        'Restart Deployment',
        'Completed',
        formatDate('2026-01-12T10:00:00Z', { format: 'medium', timezone: 'browser' }),
        '2m 5s',
        'Ada Admin',
      ],
      [
        'scale-up',
        'Failed',
        formatDate('2026-01-11T10:00:00Z', { format: 'medium', timezone: 'browser' }),
        '42s',
        '',
      ],
    ]);
    expect(within(table).queryByRole('link')).toBeNull();
  });
});

describe('checks tab', () => {
  it('lists the checks of CAT-37, each linking to the health page', async () => {
    const { backend } = renderItem(`${base()}/checks`);
    const table = await ui.table('Health checks');
    expect([...backend.checks.reads[0]!.url.searchParams]).toEqual([
      ['config_id', `eq.${ITEM_ID}`],
    ]);
    const [row] = ui.bodyRows(table);
    expect(within(row!).getByRole('link', { name: 'checkout-http' })).toHaveAttribute(
      'href',
      `/health?checkId=${CHECK_ID}&timeRange=1h`,
    );
    expect(row).toHaveTextContent('Healthy');
    expect(row).toHaveTextContent('http');
  });

  it("shows the server's reason with Retry when the checks cannot be loaded", async () => {
    const { backend } = renderItem(`${base()}/checks`);
    backend.checks.fail('GET', 500, { message: 'checks are unavailable' });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('checks are unavailable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('incidents tab', () => {
  it('lists the incidents of INC-04, newest first, each linking to its incident', async () => {
    const { backend, user, currentUrl } = renderItem(`${base()}/spec`);
    await itemShown();
    await user.click(await screen.findByRole('tab', { name: 'Incidents 2' }, SLOW));
    expect(currentUrl()).toBe(`${base()}/incidents`);
    const table = await ui.table('Incidents');
    expect([...backend.incidents.reads[0]!.url.searchParams]).toEqual([
      ['order', 'created_at.desc'],
      ['config_id', `eq.${ITEM_ID}`],
    ]);
    const rows = ui.bodyRows(table);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Checkout is slow' })).toHaveAttribute(
      'href',
      `/incidents/${INCIDENT_ID}`,
    );
    expect(rows[0]).toHaveTextContent('High');
    expect(rows[0]).toHaveTextContent('Open');
    expect(rows[0]).toHaveTextContent('Availability');
    expect(within(rows[1]!).getByRole('link', { name: 'Certificate expired' })).toHaveAttribute(
      'href',
      `/incidents/${OLD_INCIDENT_ID}`,
    );
    expect(rows[1]).toHaveTextContent('Closed');
    await user.click(within(rows[1]!).getByRole('link', { name: 'Certificate expired' }));
    await waitFor(() => expect(currentUrl()).toBe(`/incidents/${OLD_INCIDENT_ID}`));
  });

  it('says there are none for an item without incidents', async () => {
    renderItem(`${base(EMPTY_ID)}/incidents`);
    const table = await ui.table('Incidents');
    expect(table).toHaveTextContent('No incidents');
    expect(ui.tab('Incidents 0')).toHaveAttribute('aria-selected', 'true');
  });

  it("shows the server's reason with Retry when the incidents cannot be loaded", async () => {
    const { backend } = renderItem(`${base()}/incidents`);
    backend.incidents.fail('GET', 500, { message: 'incidents are unavailable' });
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert).toHaveTextContent('incidents are unavailable');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('has no Incidents tab, and asks nothing, when incidents are switched off', async () => {
    const { backend, currentUrl } = renderItem(
      `${base()}/incidents`,
      {},
      { properties: [{ name: 'incidents.disable', value: 'true' }] },
    );
    await waitFor(() => expect(currentUrl()).toBe(`${base()}/spec`), SLOW);
    await itemShown();
    expect(screen.queryByRole('tab', { name: /Incidents/ })).toBeNull();
    expect(ui.tab('Checks 1')).toBeInTheDocument();
    expect(backend.incidents.reads).toHaveLength(0);
  });
});
