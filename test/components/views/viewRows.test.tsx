import { screen, waitFor, within } from '@testing-library/react';
import type { ViewColumn, ViewResult } from '../../../src/api/schemas/views';
import { pagesAt, renderPages } from '../../support/renderPages';
import { disabledFeatures } from '../../support/shellHandlers';
import { SLOW, bodyRows, findTable } from '../../support/tables';
import { viewsBackend } from './viewsBackend';

jest.setTimeout(60_000);

const SERVICES_ID = '018f4b8e-7777-7000-8000-000000000020';
const CHECKOUT_ID = '018f4b8e-6666-7000-8000-0000000000c1';
const CART_ID = '018f4b8e-6666-7000-8000-0000000000c2';

const COLUMNS: ViewColumn[] = [
  { name: 'id', type: 'string', primaryKey: true, hidden: true },
  { name: 'name', type: 'config_item', card: { position: 'title' }, width: '2' },
  { name: 'type', type: 'string', card: { position: 'subtitle' }, width: '120px' },
  { name: 'health', type: 'health', card: { position: 'headerRight', useForAccent: true } },
  { name: 'owner', type: 'string', cardPosition: 'deck' },
  { name: 'labels', type: 'labels', filter: { type: 'multiselect' }, card: { position: 'body' } },
  { name: 'replicas', type: 'number', card: { position: 'footer' } },
  { name: 'status', type: 'status' },
];

const ROWS = [
  {
    id: 'r1',
    name: 'checkout',
    type: 'Deployment',
    health: 'healthy',
    owner: 'payments',
    labels: { app: 'checkout', team: 'payments' },
    replicas: 3,
    status: 'Running',
    // Each row's cell attributes, beside its columns as VIEW-05 answers them.
    __row__attributes: {
      name: { config: { id: CHECKOUT_ID, type: 'Kubernetes::Deployment', class: 'Deployment' } },
      status: { icon: 'healthy', url: `/catalog/${CHECKOUT_ID}/changes` },
      // A config type as the icon, as upstream names them.
      type: { icon: 'Kubernetes::Deployment' },
    },
  },
  {
    id: 'r2',
    name: 'cart',
    type: 'Deployment',
    health: 'unhealthy',
    owner: 'shop',
    labels: { app: 'cart', team: 'payments' },
    replicas: 1,
    status: 'Degraded',
    __row__attributes: JSON.stringify({
      name: { config: { id: CART_ID, type: 'Kubernetes::Deployment' } },
    }),
  },
];

function services(variables: Record<string, string>): ViewResult {
  return {
    namespace: 'mission-control',
    name: 'services',
    title: 'Services',
    requestFingerprint: `fp-services-${variables.namespace ?? ''}`,
    columns: COLUMNS,
    panels: [],
    card: { columns: 2, default: true },
    columnOptions: { labels: { labels: { app: ['cart', 'checkout'], team: ['payments'] } } },
    variables: [
      {
        key: 'namespace',
        label: 'Namespace',
        type: 'multiselect',
        options: ['default', 'shop', 'kube-system'],
        default: 'default',
      },
      // The engine answers no value for a multi-select evaluated with every option.
      { key: 'tier', label: 'Tier', type: 'multiselect', options: ['web', 'db'], value: '' },
    ],
  };
}

function render(url = `/views/${SERVICES_ID}`) {
  const backend = viewsBackend({
    views: { [SERVICES_ID]: services },
    tables: { view_mission_control_services: ROWS },
  });
  return {
    ...renderPages(pagesAt('/views/:id'), url, { properties: disabledFeatures() }),
    backend,
  };
}

const params = (url: string) => new URLSearchParams(url.split('?')[1] ?? '');
const cards = () => screen.findByRole('list', { name: 'View cards' }, SLOW);
const card = async (name: string) => within(await cards()).getByRole('article', { name });

describe("a view's rows as cards", () => {
  it('shows cards first when the view says so, each column at its place', async () => {
    render();
    const checkout = await card('checkout');
    expect(checkout).toHaveAttribute('data-accent', 'healthy');
    expect(await card('cart')).toHaveAttribute('data-accent', 'unhealthy');
    expect(within(checkout).getByRole('heading', { level: 3 })).toHaveTextContent('checkout');
    expect(within(checkout).getByRole('link', { name: 'checkout' })).toHaveAttribute(
      'href',
      `/catalog/${CHECKOUT_ID}`,
    );
    expect(checkout.querySelector('.mc-view-card-subtitle')).toHaveTextContent('Deployment');
    // `cardPosition`, the older spelling, places the owner in the deck.
    expect(checkout.querySelector('.mc-view-card-deck')).toHaveTextContent('payments');
    expect(
      within(checkout.querySelector('.mc-view-card-right') as HTMLElement).getByRole('img', {
        name: 'healthy',
      }),
    ).toBeInTheDocument();
    const body = checkout.querySelector('.mc-view-card-body') as HTMLElement;
    expect(body.style.gridTemplateColumns).toBe('repeat(2, minmax(0, 1fr))');
    expect(within(body).getByText('Labels')).toBeInTheDocument();
    expect(within(body).getByRole('button', { name: 'Filter by app: checkout' })).toBeVisible();
    expect(checkout.querySelector('.mc-view-card-footer')).toHaveTextContent('3');
    expect(screen.queryByRole('table', { name: 'View table' })).not.toBeInTheDocument();
  });

  it('switches between table and cards from the keyboard, kept in the address', async () => {
    const { user, currentUrl } = render();
    await cards();
    const toggle = screen.getByRole('group', { name: 'Show rows as' });
    const tableButton = within(toggle).getByRole('button', { name: 'Table' });
    expect(tableButton).toHaveAttribute('aria-pressed', 'false');
    expect(within(toggle).getByRole('button', { name: 'Cards' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    tableButton.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(params(currentUrl()).get('display')).toBe('table'));
    expect(await findTable('View table')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'View cards' })).not.toBeInTheDocument();

    await user.tab();
    expect(within(toggle).getByRole('button', { name: 'Cards' })).toHaveFocus();
    await user.keyboard('{Enter}');
    // Cards are this view's default: the parameter leaves the address.
    await waitFor(() => expect(params(currentUrl()).has('display')).toBe(false));
    expect(await cards()).toBeVisible();
  });
});

describe("a view's columns", () => {
  const cellOf = async (row: string, column: number) => {
    const table = await findTable('View table');
    const found = bodyRows(table).find((r) => within(r).queryByText(row));
    if (!found) throw new Error(`No row ${row}`);
    return within(found).getAllByRole('cell')[column]!;
  };

  it("draws config items as links with their icon, widths, and cells styled by each row's __row__attributes", async () => {
    render(`/views/${SERVICES_ID}?display=table`);
    const table = await findTable('View table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent?.trim()),
    ).toEqual(['Name', 'Type', 'Health', 'Owner', 'Labels', 'Replicas', 'Status']);
    const name = await cellOf('checkout', 0);
    const link = within(name).getByRole('link', { name: 'checkout' });
    expect(link).toHaveAttribute('href', `/catalog/${CHECKOUT_ID}`);
    expect(link.querySelector('[data-icon="layers"]')).not.toBeNull();
    // Attributes sent as JSON text are read too.
    expect(within(await cellOf('cart', 0)).getByRole('link', { name: 'cart' })).toHaveAttribute(
      'href',
      `/catalog/${CART_ID}`,
    );
    const status = await cellOf('checkout', 6);
    expect(within(status).getByRole('img', { name: 'healthy' })).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: /Running/ })).toHaveAttribute(
      'href',
      `/catalog/${CHECKOUT_ID}/changes`,
    );
    expect(within(await cellOf('cart', 6)).queryByRole('link')).not.toBeInTheDocument();
    // An icon Blueprint does not know is the icon of the config type it names.
    expect((await cellOf('checkout', 1)).querySelector('[data-icon="layers"]')).not.toBeNull();

    const cols = [...table.querySelectorAll('col')].map((col) => col.style.width);
    // A weight of 2 among seven columns of weight 1 (8 in all); 120px as it is.
    expect(cols[0]).toBe('25%');
    expect(cols[1]).toBe('120px');
    expect(cols[2]).toBe('');
  });

  it('filters the table by a label clicked in a labels cell, through the column filter', async () => {
    const { backend, user, currentUrl } = render(`/views/${SERVICES_ID}?display=table`);
    await cellOf('cart', 4);
    await user.click(
      within(await cellOf('cart', 4)).getByRole('button', { name: 'Filter by app: cart' }),
    );
    await waitFor(() => expect(params(currentUrl()).get('labels')).toBe('app____cart:1'));
    await waitFor(() =>
      expect(backend.tableReads.at(-1)!.searchParams.get('labels.filter')).toBe('app:cart'),
    );
    await waitFor(async () => expect(bodyRows(await findTable('View table'))).toHaveLength(1));
    // The column's filter shows the label chosen, among the labels the view offers.
    expect(screen.getByRole('button', { name: 'Labels filter, 1 selected' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Labels filter, 1 selected' }));
    expect(await screen.findByRole('button', { name: 'Include app: checkout' })).toBeVisible();
  });
});

describe('multi-select variables', () => {
  it('offers All and several values; the choice goes to the address and re-evaluates the view', async () => {
    const { backend, user, currentUrl } = render(`/views/${SERVICES_ID}?other=1`);
    await cards();
    expect(backend.evaluations[0]!.body).toEqual({ variables: {} });
    // No value is every option; the view's default is shown chosen.
    expect(screen.getByRole('button', { name: 'Tier: All' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Namespace: default' }));
    const choices = await screen.findByRole('group', { name: 'Namespace' });
    expect(
      within(choices)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['All', 'default', 'shop', 'kube-system']);

    expect(within(choices).getByRole('checkbox', { name: 'default' })).toBeChecked();
    await user.click(within(choices).getByRole('checkbox', { name: 'shop' }));
    await waitFor(() => expect(params(currentUrl()).get('var-namespace')).toBe('default,shop'));
    await user.click(within(choices).getByRole('checkbox', { name: 'default' }));
    await waitFor(() => expect(params(currentUrl()).get('var-namespace')).toBe('shop'));
    await user.click(within(choices).getByRole('checkbox', { name: 'kube-system' }));
    await waitFor(() => expect(params(currentUrl()).get('var-namespace')).toBe('shop,kube-system'));
    await waitFor(() =>
      expect(backend.evaluations.at(-1)!.body).toEqual({
        variables: { namespace: 'shop,kube-system' },
      }),
    );

    await user.click(within(choices).getByRole('checkbox', { name: 'All' }));
    await waitFor(() => expect(params(currentUrl()).get('var-namespace')).toBe('All'));
    await waitFor(() =>
      expect(backend.evaluations.at(-1)!.body).toEqual({ variables: { namespace: 'All' } }),
    );
    expect(within(choices).getByRole('checkbox', { name: 'shop' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Namespace: All' })).toBeVisible();
    // Unticking one value of All keeps the others.
    await user.click(within(choices).getByRole('checkbox', { name: 'default' }));
    await waitFor(() => expect(params(currentUrl()).get('var-namespace')).toBe('shop,kube-system'));
    // No other parameter of the address was ever sent.
    for (const call of backend.evaluations) {
      expect(Object.keys((call.body as { variables: object }).variables)).not.toContain('other');
    }
  });
});
