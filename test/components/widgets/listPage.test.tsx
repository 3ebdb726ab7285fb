import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { PageHeaderContext } from '../../../src/ui/pageHeader';
import type { ListPageEmpty, ListTableProps } from '../../../src/widgets/ListPage';
import { ListPage, ListTable } from '../../../src/widgets/ListPage';
import type { TableQueryResult } from '../../../src/widgets/tableQueryState';
import { useListPage } from '../../../src/widgets/useListPage';
import { useRowDeletion } from '../../../src/widgets/useRowDeletion';
import type { Fruit } from '../../support/fruits';
import { FRUITS, FRUIT_COLUMNS, fruitNames as names, fruitSortValue } from '../../support/fruits';
import { renderApp } from '../../support/renderApp';

const EMPTY: ListPageEmpty = {
  icon: 'list',
  emptyTitle: 'No fruit',
  filteredTitle: 'No fruit matches these filters',
};

const LOADED: TableQueryResult = { isLoading: false, isFetching: false, refetch: () => {} };

interface FruitPageProps {
  rows?: Fruit[];
  query?: TableQueryResult;
  filtered?: boolean;
  resetFilters?: () => void;
  total?: number;
  onDelete?: (fruit: Fruit) => Promise<unknown>;
}

/** A list page of the kit: its query, columns, words and a Delete row action. */
function FruitPage({
  rows = FRUITS,
  query = LOADED,
  filtered = false,
  resetFilters = () => {},
  total,
  onDelete = async () => undefined,
}: FruitPageProps) {
  const list = useListPage();
  const [added, setAdded] = useState(false);
  const deletion = useRowDeletion<Fruit>({
    title: 'Delete fruit',
    question: (fruit) => `Delete the fruit ${fruit.name}?`,
    onConfirm: onDelete,
  });
  return (
    <ListPage<Fruit>
      action={{ text: 'Add fruit', onClick: () => setAdded(true) }}
      toolbar={<p>Fruit filters</p>}
      aria-label="Fruits"
      columns={FRUIT_COLUMNS}
      rows={list.sortLocally(rows, fruitSortValue)}
      getRowId={(fruit) => fruit.name}
      list={list}
      total={total}
      query={query}
      errorTitle="Fruit could not be loaded"
      empty={EMPTY}
      filters={{ filtered, resetFilters }}
      rowActions={(fruit) => (
        <button type="button" onClick={() => deletion.ask(fruit)}>{`Delete ${fruit.name}`}</button>
      )}
    >
      {added && <p>Adding a fruit</p>}
      {deletion.dialog}
    </ListPage>
  );
}

const topBars: HTMLElement[] = [];
afterEach(() => topBars.splice(0).forEach((bar) => bar.remove()));

/** The page inside a top bar, as the shell renders it. */
function renderPage(props: FruitPageProps = {}, url = '/fruits') {
  const extras = document.createElement('div');
  document.body.appendChild(extras);
  topBars.push(extras);
  return renderApp(
    <PageHeaderContext.Provider value={{ setHeader: () => {}, extras }}>
      <FruitPage {...props} />
    </PageHeaderContext.Provider>,
    { url },
  );
}

const table = () => screen.getByRole('table', { name: 'Fruits' });

describe('ListPage', () => {
  it('shows the action, the toolbar, the rows sorted by the address, and the dialogs', async () => {
    const { user, currentUrl } = renderPage();
    expect(screen.getByText('Fruit filters')).toBeInTheDocument();
    expect(names()).toEqual(['pear', 'apple', 'fig']);
    await user.click(
      within(screen.getByRole('columnheader', { name: /Weight/ })).getByRole('button'),
    );
    expect(currentUrl()).toBe('/fruits?sortBy=weight&sortOrder=asc');
    expect(names()).toEqual(['fig', 'apple', 'pear']);
    await user.click(screen.getByRole('button', { name: 'Add fruit' }));
    expect(screen.getByText('Adding a fruit')).toBeInTheDocument();
  });

  it('shows a skeleton while the query loads, and no pager', () => {
    renderPage({ rows: [], query: { ...LOADED, isLoading: true, isFetching: true }, total: 0 });
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it("shows the server's reason with Retry, which asks again, and no pager", async () => {
    const refetch = jest.fn();
    const { user } = renderPage({
      rows: [],
      query: { ...LOADED, error: { status: 500, data: { message: 'fruit store down' } }, refetch },
      total: 0,
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Fruit could not be loaded');
    expect(alert).toHaveTextContent('fruit store down');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('says the list is empty, or that the filters match nothing with Clear filters', async () => {
    const { unmount } = renderPage({ rows: [] });
    expect(screen.getByText('No fruit')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
    unmount();

    const resetFilters = jest.fn();
    const { user } = renderPage({ rows: [], filtered: true, resetFilters });
    expect(screen.getByText('No fruit matches these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(resetFilters).toHaveBeenCalledTimes(1);
  });

  it('pages a list with a total: the pager reads and writes the page in the address', async () => {
    const { user, currentUrl } = renderPage({ total: 103 }, '/fruits?pageSize=50');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    await user.click(within(pager).getByRole('button', { name: 'Next page' }));
    expect(currentUrl()).toContain('pageIndex=1');
  });
});

/** The fruit table with no rows, loaded: what it shows when empty is up to `props`. */
function NoFruits(props: Pick<ListTableProps<Fruit>, 'empty' | 'filters'>) {
  return (
    <ListTable<Fruit>
      aria-label="Fruits"
      columns={FRUIT_COLUMNS}
      rows={[]}
      getRowId={(fruit) => fruit.name}
      query={LOADED}
      {...props}
    />
  );
}

describe('ListTable', () => {
  it('is the list alone inside a tab: its own empty text, and no page around it', () => {
    const { container } = renderApp(
      <section aria-label="Tab">
        <NoFruits empty={<strong>Nothing picked yet</strong>} />
      </section>,
    );
    expect(within(table()).getByText('Nothing picked yet')).toBeInTheDocument();
    expect(container.querySelector('.mc-page')).toBeNull();
  });

  it('says the empty title when the words name no filtered title', () => {
    renderApp(
      <NoFruits
        empty={{ icon: 'list', emptyTitle: 'No fruit' }}
        filters={{ filtered: true, resetFilters: () => {} }}
      />,
    );
    expect(screen.getByText('No fruit')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeInTheDocument();
  });
});

describe('useRowDeletion', () => {
  it('asks about the row, deletes it on Delete and closes', async () => {
    const onDelete = jest.fn(async () => undefined);
    const { user } = renderPage({ onDelete });
    await user.click(screen.getByRole('button', { name: 'Delete apple' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete fruit' });
    expect(dialog).toHaveTextContent('Delete the fruit apple?');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(FRUITS[1]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('stays open when the deletion fails, and Cancel closes it without deleting', async () => {
    const onDelete = jest.fn(() => Promise.reject(new Error('in use')));
    const { user } = renderPage({ onDelete });
    await user.click(screen.getByRole('button', { name: 'Delete fig' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete fruit' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(await within(dialog).findByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.getByRole('alertdialog', { name: 'Delete fruit' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});
