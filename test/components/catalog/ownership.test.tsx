import '../../support/withMonacoMock';
import { screen, waitFor, within } from '@testing-library/react';
import { appPages } from '../../../src/app/routes';
import type { RenderPagesOptions } from '../../support/renderPages';
import { pagesAt, renderPages } from '../../support/renderPages';
import { PAYMENTS_TEAM, ownershipBackend } from '../../support/ownershipBackend';
import { postgrestTable } from '../../support/postgrestTable';
import { DEFAULT_USER } from '../../support/shellHandlers';
import { SLOW, bodyRows, findTable } from '../../support/tables';
import { CART, CHECKOUT, catalogBackend } from './catalogBackend';
import { ITEM, ITEM_ID, configItemBackend } from './item/configItemBackend';

jest.setTimeout(60_000);

const PAYMENTS_ID = PAYMENTS_TEAM.id;

/** The catalog's backend with CHECKOUT owned by Payments (under `key`) and CART unowned. */
function renderOwned(url: string, key = 'owner', options: RenderPagesOptions = {}) {
  const backend = catalogBackend();
  const configs = postgrestTable('configs', [
    { ...CHECKOUT, labels: { ...CHECKOUT.labels, [key]: 'Payments' } },
    CART,
  ]);
  const { teams, memberships } = ownershipBackend();
  return { ...renderPages(appPages, url, options), backend, configs, teams, memberships };
}

/** The Owner cell of the row whose first cell names `name`. */
function ownerCell(table: HTMLElement, name: string): HTMLElement {
  const headers = within(table).getAllByRole('columnheader');
  const column = headers.findIndex((header) => header.textContent?.startsWith('Owner'));
  const row = bodyRows(table).find((r) => within(r).queryByText(name));
  return within(row!).getAllByRole('cell')[column]!;
}

describe('Owner column of the catalog list', () => {
  it("shows the owner label's team, linking to the team's page found by name", async () => {
    const rendered = renderOwned('/catalog?configType=Kubernetes::Deployment');
    const table = await findTable('Config items');
    const link = await within(ownerCell(table, 'checkout-api')).findByRole(
      'link',
      { name: 'Payments' },
      SLOW,
    );
    expect(link).toHaveAttribute('href', `/settings/teams/${PAYMENTS_ID}`);
    expect(ownerCell(table, 'cart-api')).toHaveTextContent('');
    const lookup = rendered.teams.reads.at(-1)!.url.searchParams;
    expect(lookup.get('name')).toBe('eq.Payments');
    expect(lookup.get('deleted_at')).toBe('is.null');
  });

  it('reads the label the runtime config names', async () => {
    renderOwned('/catalog?configType=Kubernetes::Deployment', 'acme.io/team', {
      config: { ownerLabel: 'acme.io/team' },
    });
    const table = await findTable('Config items');
    expect(
      await within(ownerCell(table, 'checkout-api')).findByRole('link', { name: 'Payments' }, SLOW),
    ).toBeInTheDocument();
  });

  it('shows the name alone when no team has it', async () => {
    const rendered = renderOwned('/catalog?configType=Kubernetes::Deployment');
    rendered.teams.rows.splice(0);
    const table = await findTable('Config items');
    await screen.findAllByRole('row');
    expect(
      await within(ownerCell(table, 'checkout-api')).findByText('Payments'),
    ).toBeInTheDocument();
    expect(within(ownerCell(table, 'checkout-api')).queryByRole('link')).toBeNull();
  });
});

describe('Owned by my teams on the catalog', () => {
  it("lists the items whose owner label names one of the user's live teams", async () => {
    const rendered = renderOwned('/catalog?owned=mine');
    const table = await findTable('Config items');
    expect(await within(table).findByText('checkout-api', {}, SLOW)).toBeInTheDocument();
    expect(bodyRows(table)).toHaveLength(1);
    const query = rendered.configs.reads.at(-1)!.url.searchParams;
    expect(query.get('labels->>owner')).toBe('in.(Checkout,Payments)');
    const teams = rendered.memberships.reads.at(-1)!.url.searchParams;
    expect(teams.get('select')).toBe('team:team_id(id,name,icon,deleted_at)');
    expect(teams.get('person_id')).toBe(`eq.${DEFAULT_USER.id}`);
    expect(screen.getByRole('checkbox', { name: 'Owned by my teams' })).toBeChecked();
  });

  it('is kept in the address from the summary, and turned off again', async () => {
    const rendered = renderOwned('/catalog');
    await findTable('Config types');
    await rendered.user.click(screen.getByRole('checkbox', { name: 'Owned by my teams' }));
    await waitFor(() => expect(rendered.currentUrl()).toBe('/catalog?owned=mine'));
    await findTable('Config items');
    await rendered.user.click(screen.getByRole('checkbox', { name: 'Owned by my teams' }));
    await waitFor(() => expect(rendered.currentUrl()).toBe('/catalog'));
    await findTable('Config types');
  });

  it('quotes an owner label key with dots or slashes', async () => {
    const rendered = renderOwned('/catalog?owned=mine', 'acme.io/team', {
      config: { ownerLabel: 'acme.io/team' },
    });
    const table = await findTable('Config items');
    expect(await within(table).findByText('checkout-api', {}, SLOW)).toBeInTheDocument();
    expect(bodyRows(table)).toHaveLength(1);
    const query = rendered.configs.reads.at(-1)!.url.searchParams;
    expect(query.get('labels->>"acme.io/team"')).toBe('in.(Checkout,Payments)');
  });
});

describe('Owner on the item page', () => {
  function renderItem(labels: Record<string, string>) {
    configItemBackend({ items: [{ ...ITEM, labels }] });
    ownershipBackend();
    renderPages(pagesAt('/catalog/:id/*'), `/catalog/${ITEM_ID}/spec`);
  }
  const details = () => screen.findByRole('complementary', { name: 'Details' }, SLOW);

  it("shows the owner team in the details, linking to the team's page", async () => {
    renderItem({ app: 'checkout', owner: 'Payments' });
    const panel = await details();
    const owner = within(panel).getByText('Owner', { selector: 'dt' })
      .nextElementSibling as HTMLElement;
    expect(await within(owner).findByRole('link', { name: 'Payments' })).toHaveAttribute(
      'href',
      `/settings/teams/${PAYMENTS_ID}`,
    );
  });

  it('has no Owner field when the item has no owner label', async () => {
    renderItem({ app: 'checkout' });
    const panel = await details();
    expect(within(panel).getByText('Class', { selector: 'dt' })).toBeInTheDocument();
    expect(within(panel).queryByText('Owner', { selector: 'dt' })).toBeNull();
  });
});
