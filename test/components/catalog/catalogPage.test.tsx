import { act, screen, waitFor, within } from '@testing-library/react';
import { appPages } from '../../../src/app/routes';
import type { RenderPagesOptions } from '../../support/renderPages';
import { renderPages } from '../../support/renderPages';
import { SLOW, bodyRows, findTable } from '../../support/tables';
import { CART, CHECKOUT, OLD_POD, ORDERS_DB, catalogBackend } from './catalogBackend';

jest.setTimeout(60_000);

function renderCatalog(url: string, options: RenderPagesOptions = {}) {
  const backend = catalogBackend();
  return { ...renderPages(appPages, url, options), backend };
}

const ui = {
  list: () => findTable('Config items'),
  summary: () => findTable('Config types'),
  /** The text of each body row's first cell (the second, after the expanders of a tree). */
  names: (table: HTMLElement, column = 0) =>
    bodyRows(table).map((row) => {
      const cell = within(row).getAllByRole('cell')[column];
      // An item's name without its deleted marker (whose icon draws in once loaded).
      const name = cell?.querySelector('.mc-config-name-text');
      return (cell?.querySelector('.mc-config-deleted') ? name : cell)?.textContent ?? '';
    }),
  params: (rendered: { currentUrl: () => string }) =>
    new URLSearchParams(rendered.currentUrl().split('?')[1] ?? ''),
};

/** The sort control of a column header. */
function sortButton(header: string): HTMLElement {
  const cell = screen.getByRole('columnheader', { name: new RegExp(`^${header}`) });
  return within(cell).queryByRole('button') ?? cell;
}

describe('Catalog summary (/catalog)', () => {
  it('is in the sidebar and lists classes with their types, counts and health, from CAT-02', async () => {
    const rendered = renderCatalog('/catalog');
    const table = await ui.summary();
    const sidebar = screen.getByRole('navigation', { name: 'Main' });
    expect(within(sidebar).getByRole('link', { name: 'Catalog' })).toHaveAttribute(
      'href',
      '/catalog',
    );
    // The catalog's sections, the current one marked.
    const sections = screen.getByRole('navigation', { name: 'Catalog sections' });
    expect(
      within(sections)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Catalog', '/catalog'],
      ['Changes', '/catalog/changes'],
      ['Insights', '/catalog/insights'],
      ['Access', '/catalog/access'],
      ['Queries', '/catalog/queries'],
      ['Scrapers', '/catalog/scrapers'],
      ['Plugins', '/catalog/plugins'],
    ]);
    expect(within(sections).getByRole('link', { name: 'Catalog' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Classes (from the type's part before ::) first, then their types, sorted by name.
    await waitFor(() =>
      expect(ui.names(table, 1)).toEqual([
        'AWS1',
        'AWS::RDS::DBInstance1',
        'Kubernetes42',
        'Kubernetes::Deployment2',
        'Kubernetes::Pod40',
      ]),
    );
    expect(rendered.backend.summaryBodies[0]).toEqual({
      groupBy: ['type'],
      deleted: false,
      changes: { since: '30d' },
      analysis: { since: '30d' },
      cost: '30d',
    });
    const kubernetes = within(table).getAllByRole('row')[3]!;
    expect(
      within(kubernetes).getByRole('img', { name: '39 healthy, 1 unhealthy, 2 unknown' }),
    ).toBeInTheDocument();
    expect(within(kubernetes).getByText('security')).toBeInTheDocument();
    // The cost comes from `cost_30d`, the column the backend sends.
    const aws = within(table).getAllByRole('row')[1]!;
    expect(aws).toHaveTextContent('$310.00');
  });

  it('opens the list of a type from its row, and Catalog in the breadcrumb comes back', async () => {
    const rendered = renderCatalog('/catalog');
    const table = await ui.summary();
    await rendered.user.click(within(table).getByText('Kubernetes::Deployment'));
    const list = await ui.list();
    expect(ui.params(rendered).get('configType')).toBe('Kubernetes::Deployment');
    expect(rendered.backend.lastListQuery()?.get('type')).toBe('eq.Kubernetes::Deployment');
    await waitFor(() => expect(ui.names(list)).toEqual(['checkout-api', 'cart-api']));
    const crumbs = document.querySelector<HTMLElement>('.mc-catalog-crumbs')!;
    await rendered.user.click(within(crumbs).getByRole('link', { name: 'Catalog' }));
    await ui.summary();
    expect(ui.params(rendered).get('configType')).toBeNull();
  });

  it('groups by a tag key as well, sending it to the backend', async () => {
    const rendered = renderCatalog('/catalog');
    await ui.summary();
    await rendered.user.selectOptions(
      screen.getByRole('combobox', { name: 'Group by' }),
      'namespace',
    );
    await waitFor(() =>
      expect(ui.params(rendered).get('groupBy')).toBe('config_class,type,namespace'),
    );
    await waitFor(() =>
      expect(rendered.backend.summaryBodies.at(-1)).toMatchObject({
        groupBy: ['type', 'namespace'],
      }),
    );
  });
});

describe('Catalog list (/catalog?configType=…)', () => {
  it('asks CAT-01 with both selects, live items only, newest first and a counted page', async () => {
    const rendered = renderCatalog('/catalog?configType=Kubernetes::Deployment');
    await ui.list();
    const query = rendered.backend.lastListQuery()!;
    expect(query.getAll('select')).toEqual([
      'id,type,config_class,status,health,labels,name,tags,created_at,updated_at,deleted_at,cost_per_minute,cost_total_1d,cost_total_7d,cost_total_30d,changes,analysis',
      'agent:agents(id,name)',
    ]);
    expect(query.get('order')).toBe('created_at.desc');
    expect(query.get('deleted_at')).toBe('is.null');
    expect(query.get('limit')).toBe('50');
    expect(query.get('offset')).toBe('0');
    expect(rendered.backend.configs.reads.at(-1)?.prefer).toBe('count=exact');
  });

  it('restores every filter from the address (a reload or a shared link)', async () => {
    const url =
      '/catalog?configType=Kubernetes::Deployment&search=api&health=healthy:1,unknown:-1' +
      '&status=Running:1&showDeleted=true&pageSize=100&sortBy=name&sortOrder=asc';
    const rendered = renderCatalog(url);
    const list = await ui.list();
    const query = rendered.backend.lastListQuery()!;
    expect(query.get('type')).toBe('eq.Kubernetes::Deployment');
    expect(query.get('health.filter')).toBe('healthy,!unknown');
    expect(query.get('status.filter')).toBe('Running');
    expect(query.get('or')).toBe(
      '(name.ilike.*api*,type.ilike.*api*,description.ilike.*api*,namespace.ilike.*api*)',
    );
    expect(query.get('order')).toBe('name.asc');
    expect(query.get('deleted_at')).toBeNull();
    expect(query.get('limit')).toBe('100');
    await waitFor(() => expect(ui.names(list)).toEqual(['checkout-api']));
    // The controls show the restored state.
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('api');
    expect(screen.getByRole('combobox', { name: 'Type' })).toHaveValue('Kubernetes::Deployment');
    expect(screen.getByRole('checkbox', { name: 'Show deleted' })).toBeChecked();
    const health = screen.getByRole('button', { name: 'Health filter, 2 selected' });
    expect(within(health).getByTitle('Include healthy')).toBeInTheDocument();
    expect(within(health).getByTitle('Exclude unknown')).toBeInTheDocument();
  });

  it('writes a tri-state health choice to the address and to health.filter', async () => {
    const rendered = renderCatalog('/catalog?configType=Kubernetes::Deployment');
    await ui.list();
    await rendered.user.click(screen.getByRole('button', { name: 'Health filter' }));
    const menu = await screen.findByRole('list', { name: 'Health' });
    await rendered.user.click(
      within(within(menu).getByText('unhealthy').closest('li')!).getByRole('button', {
        name: /include/i,
      }),
    );
    await waitFor(() => expect(ui.params(rendered).get('health')).toBe('unhealthy:1'));
    await waitFor(() =>
      expect(rendered.backend.lastListQuery()?.get('health.filter')).toBe('unhealthy'),
    );
    await waitFor(async () => expect(ui.names(await ui.list())).toEqual(['cart-api']));
  });

  it('sorts on the server by a header; the type column sorts by type then name', async () => {
    const rendered = renderCatalog('/catalog?search=a');
    await ui.list();
    await rendered.user.click(sortButton('Name'));
    await waitFor(() => expect(ui.params(rendered).get('sortBy')).toBe('name'));
    await waitFor(() => expect(rendered.backend.lastListQuery()?.get('order')).toBe('name.asc'));
    await rendered.user.click(sortButton('Type'));
    await waitFor(() =>
      expect(rendered.backend.lastListQuery()?.get('order')).toBe('type,name.asc'),
    );
    const list = await ui.list();
    await waitFor(() => expect(ui.names(list)).toEqual(['orders-db', 'cart-api', 'checkout-api']));
  });

  it('filters by labels with an and() of eq and neq, and shows deleted items with their tooltip', async () => {
    const rendered = renderCatalog(
      '/catalog?labels=app____checkout:1,team____ops:-1&showDeleted=true',
    );
    await ui.list();
    expect(rendered.backend.lastListQuery()?.get('or')).toBe(
      '(and(labels->>app.eq."checkout",labels->>team.neq."ops"))',
    );
    await act(() =>
      rendered.router.navigate('/catalog?configType=Kubernetes::Pod&showDeleted=true'),
    );
    const list = await ui.list();
    await waitFor(() => expect(ui.names(list)).toEqual([OLD_POD.name]));
    expect(within(list).getByLabelText(/^Deleted: /)).toHaveAccessibleName(
      expect.stringMatching(/^Deleted: .*2026/),
    );
  });

  it('offers tags before labels, and filters by a tag on the tags column, values quoted', async () => {
    const rendered = renderCatalog('/catalog?configType=Kubernetes::Deployment');
    await ui.list();
    await rendered.user.click(screen.getByRole('button', { name: /^Labels filter/ }));
    const list = await screen.findByRole('list', { name: 'Labels' }, SLOW);
    // Tags first (with the tag icon), then labels (with the label icon).
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual([
        'Include namespace: shopExclude namespace: shopTagnamespace: shop',
        'Include region: eu-west-1Exclude region: eu-west-1Tagregion: eu-west-1',
        'Include app: cartExclude app: cartLabelapp: cart',
        'Include app: checkoutExclude app: checkoutLabelapp: checkout',
        'Include team: paymentsExclude team: paymentsLabelteam: payments',
      ]),
    );
    await rendered.user.click(
      within(list).getByRole('button', { name: 'Include namespace: shop' }),
    );
    await waitFor(() =>
      expect(rendered.backend.lastListQuery()?.get('or')).toBe('(and(tags->>namespace.eq."shop"))'),
    );
    expect(ui.params(rendered).get('labels')).toBe('#namespace____shop:1');
  });

  it('opens an item from its row', async () => {
    const rendered = renderCatalog('/catalog?configType=AWS::RDS::DBInstance');
    const list = await ui.list();
    await waitFor(() => expect(ui.names(list)).toEqual([ORDERS_DB.name]));
    await rendered.user.click(within(list).getByText(ORDERS_DB.name!));
    await waitFor(() =>
      expect(rendered.currentUrl()).toMatch(new RegExp(`^/catalog/${ORDERS_DB.id}`)),
    );
  });

  it('shows the server reason when the list fails, and Retry recovers', async () => {
    const backend = catalogBackend();
    backend.configs.fail(
      'GET',
      400,
      { message: 'column configs.foo does not exist' },
      { times: 1 },
    );
    const rendered = renderPages(appPages, '/catalog?configType=Kubernetes::Deployment');
    expect(
      await screen.findByText('column configs.foo does not exist', undefined, SLOW),
    ).toBeInTheDocument();
    await rendered.user.click(screen.getByRole('button', { name: 'Retry' }));
    const list = await ui.list();
    await waitFor(() => expect(ui.names(list)).toEqual([CHECKOUT.name, CART.name]));
  });

  it.each(['/configs', '/config-db'])('sends %s on to /catalog with its query', async (old) => {
    const rendered = renderCatalog(`${old}?configType=Kubernetes::Deployment`);
    await ui.list();
    expect(rendered.currentUrl()).toBe('/catalog?configType=Kubernetes::Deployment');
  });
});
