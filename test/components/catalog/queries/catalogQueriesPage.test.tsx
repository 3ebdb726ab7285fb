import { screen, waitFor, within } from '@testing-library/react';
import { paths, withState } from '../../../../src/shell/paths';
import { QUERY_PAGE_STATE } from '../../../../src/features/catalog/queries/queryState';
import { confirmDelete } from '../../../support/confirm';
import { expectAlert } from '../../../support/expectations';
import { pagesAt, renderPages } from '../../../support/renderPages';
import { SLOW, cellTexts, findTable, rowWith } from '../../../support/tables';
import { DATABASES, ITEMS, UNHEALTHY, queriesBackend } from './queriesBackend';

const QUERY_PAGES = pagesAt(paths.catalogQueries.path);

const ui = {
  builder: () => screen.findByRole('region', { name: 'Query builder' }, SLOW),
  query: () => screen.getByLabelText('Query'),
  count: () => screen.getByRole('status', { name: 'Matching items' }),
  /** Picks a type once the option list has loaded. */
  pickType: async (
    user: { selectOptions: (e: HTMLElement, v: string) => Promise<void> },
    type: string,
  ) => {
    await screen.findByRole('option', { name: type }, SLOW);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), type);
  },
  labels: () => screen.getByRole('textbox', { name: 'Labels' }),
  run: () => screen.getByRole('button', { name: 'Run' }),
  save: () => screen.queryByRole('button', { name: 'Save query' }),
  results: () => findTable('Query results'),
  saved: () => findTable('Saved queries'),
  params: (currentUrl: () => string) => new URLSearchParams(currentUrl().split('?')[1] ?? ''),
};

function renderQueries(url = '/catalog/queries', roles?: string[]) {
  const backend = queriesBackend();
  return { ...renderPages(QUERY_PAGES, url, roles ? { roles } : {}), backend };
}

/** The names listed by the results table. */
async function resultNames(): Promise<string[]> {
  const table = await ui.results();
  return cellTexts(table, 1).map(([name]) => name ?? '');
}

describe('Queries page (/catalog/queries)', () => {
  it('builds a query from its fields with a live count, and runs it into a catalog list', async () => {
    const { backend, user, currentUrl } = renderQueries();
    await ui.builder();
    expect(ui.query()).toHaveTextContent('SELECT * FROM config_items WHERE deleted_at IS NULL');
    await waitFor(() => expect(ui.count()).toHaveTextContent('3 matching items'));

    await ui.pickType(user, 'Kubernetes::Pod');
    await user.click(screen.getByRole('checkbox', { name: 'unhealthy' }));
    await user.type(ui.labels(), 'app=orders-api{Enter}');
    const built =
      "SELECT * FROM config_items WHERE deleted_at IS NULL AND type = 'Kubernetes::Pod'" +
      " AND health = 'unhealthy' AND labels->>'app' = 'orders-api'";
    expect(ui.query()).toHaveTextContent(built);
    await waitFor(() => expect(ui.count()).toHaveTextContent('1 matching item'));
    expect(backend.queries).toContain(built.replace('SELECT *', 'SELECT count(*)'));
    // The fields are in the address.
    expect(ui.params(currentUrl).getAll('label')).toEqual(['app=orders-api']);
    expect(ui.params(currentUrl).get('health')).toBe('unhealthy');

    await user.click(ui.run());
    expect(await resultNames()).toEqual(['orders-api']);
    expect(backend.queries).toContain(built);
    expect(ui.params(currentUrl).get('q')).toBe(built);
    expect(screen.getByLabelText('Query run')).toHaveTextContent(built);
  });

  it('keeps only key=value items in the labels, tags and properties fields', async () => {
    const { user, currentUrl } = renderQueries();
    await ui.builder();
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'cluster{Enter}');
    expect(ui.params(currentUrl).getAll('tag')).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Tags' })).toHaveValue('cluster');
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), '=prod{Enter}');
    expect(ui.params(currentUrl).getAll('tag')).toEqual(['cluster=prod']);
    expect(ui.query()).toHaveTextContent("tags->>'cluster' = 'prod'");
  });

  it('saves the built query under a name and lists its rows as that saved query', async () => {
    const { backend, user, currentUrl } = renderQueries();
    await ui.builder();
    await ui.pickType(user, 'AWS::RDS::DBInstance');
    await user.click(ui.save()!);
    const dialog = await screen.findByRole('dialog', { name: 'Save query' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'My databases');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const query =
      "SELECT * FROM config_items WHERE deleted_at IS NULL AND type = 'AWS::RDS::DBInstance'";
    expect(backend.savedQueries.writes).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: expect.objectContaining({ query, description: 'My databases' }),
      }),
    ]);
    expect(ui.params(currentUrl).get('saved')).toBe('018f4b8e-4444-7000-8000-00000000000f');
    expect(ui.params(currentUrl).get('q')).toBe(query);
    expect(await resultNames()).toEqual(['orders-db']);
    expect(await screen.findByRole('heading', { name: /My databases/ }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText('Query saved successfully')).toBeInTheDocument();
  });

  it('lists the saved queries by name; a row opens its list, and the address reopens it', async () => {
    const { user, currentUrl } = renderQueries();
    const saved = await ui.saved();
    expect(cellTexts(saved, 1)).toEqual([['Databases'], ['Unhealthy items']]);
    await user.click(rowWith('Saved queries', 'Unhealthy items'));
    expect(await resultNames()).toEqual(['orders-api']);
    expect(screen.getByRole('heading', { name: /Unhealthy items/ })).toBeInTheDocument();
    expect(ui.params(currentUrl).get('saved')).toBe(UNHEALTHY.id);
    expect(ui.params(currentUrl).get('q')).toBe(UNHEALTHY.query);
  });

  it('opens a deep link to a saved query as the same list; a row opens its item', async () => {
    const { user, currentUrl } = renderQueries(
      withState(paths.catalogQueries.getHref(), QUERY_PAGE_STATE, {
        q: DATABASES.query,
        saved: DATABASES.id,
      }),
    );
    expect(await resultNames()).toEqual(['orders-db']);
    expect(await screen.findByRole('heading', { name: /Databases/ }, SLOW)).toHaveTextContent(
      '1 item',
    );
    await user.click(rowWith('Query results', 'orders-db'));
    expect(currentUrl()).toBe(paths.catalogItem.getHref(ITEMS[2]!.id));
  });

  it('renames a saved query (its description) and deletes one after asking', async () => {
    const { backend, user } = renderQueries();
    await ui.saved();
    await user.click(screen.getByRole('button', { name: 'Edit Databases' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename query' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    expect(name).toHaveValue('Databases');
    await user.clear(name);
    await user.type(name, 'RDS instances');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(backend.savedQueries.writes[0]).toMatchObject({
      method: 'PATCH',
      filters: { id: `eq.${DATABASES.id}` },
      body: { description: 'RDS instances' },
    });
    await waitFor(() =>
      expect(cellTexts('Saved queries', 1)).toEqual([['RDS instances'], ['Unhealthy items']]),
    );

    await user.click(screen.getByRole('button', { name: 'Delete Unhealthy items' }));
    await confirmDelete(user, 'Are you sure you want to delete the saved query "Unhealthy items"?');
    await waitFor(() => expect(cellTexts('Saved queries', 1)).toEqual([['RDS instances']]));
    expect(backend.savedQueries.writes[1]).toMatchObject({
      method: 'DELETE',
      filters: { id: `eq.${UNHEALTHY.id}` },
    });
  });

  it('offers no Save, Rename or Delete to a viewer', async () => {
    renderQueries('/catalog/queries', ['viewer']);
    await ui.saved();
    expect(ui.save()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Databases' })).not.toBeInTheDocument();
    expect(ui.run()).toBeEnabled();
  });

  it('shows the server’s reason when a query cannot run', async () => {
    renderQueries(
      withState(paths.catalogQueries.getHref(), QUERY_PAGE_STATE, {
        q: 'SELECT broken FROM config_items',
      }),
    );
    await screen.findByRole('alert', {}, SLOW);
    expectAlert('Error running the query', 'query: unknown column "broken"');
  });
});
