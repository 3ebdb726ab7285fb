import { screen, within } from '@testing-library/react';
import { DataTable } from '../../../src/ui/DataTable/DataTable';
import { Pager } from '../../../src/ui/Pager';
import { defaultPreferences } from '../../../src/shell/preferencesSlice';
import { useListPage } from '../../../src/widgets/useListPage';
import type { Fruit } from '../../support/fruits';
import { FRUITS, FRUIT_COLUMNS, fruitNames as names, fruitSortValue } from '../../support/fruits';
import { renderApp } from '../../support/renderApp';

/** A list loaded whole: sorted in the browser by the address's sort, paged by the pager. */
function FruitList({ pageSize }: { pageSize?: number }) {
  const list = useListPage(pageSize === undefined ? {} : { pageSize });
  const sorted = list.sortLocally(FRUITS, fruitSortValue);
  return (
    <>
      <DataTable<Fruit>
        aria-label="Fruits"
        columns={FRUIT_COLUMNS}
        rows={sorted}
        getRowId={(fruit) => fruit.name}
        sort={list.sort}
        onSortChange={list.setSort}
      />
      <Pager {...list.pagerProps(FRUITS.length, FRUITS.length)} />
      <output aria-label="Range">{`${list.range.offset}+${list.range.limit}`}</output>
    </>
  );
}

const sortButton = (name: string) =>
  within(screen.getByRole('columnheader', { name: new RegExp(name) })).getByRole('button');

describe('useListPage', () => {
  it('keeps the sort in the address: a click sorts ascending, a second descending', async () => {
    const { user, currentUrl } = renderApp(<FruitList />, { url: '/fruits?tab=all' });
    expect(names()).toEqual(['pear', 'apple', 'fig']);
    await user.click(sortButton('Name'));
    expect(currentUrl()).toBe('/fruits?tab=all&sortBy=name&sortOrder=asc');
    expect(names()).toEqual(['apple', 'fig', 'pear']);
    await user.click(sortButton('Name'));
    expect(currentUrl()).toBe('/fruits?tab=all&sortBy=name&sortOrder=desc');
    expect(names()).toEqual(['pear', 'fig', 'apple']);
  });

  it('reads the sort of a shared address', () => {
    renderApp(<FruitList />, { url: '/fruits?sortBy=weight&sortOrder=asc' });
    expect(names()).toEqual(['fig', 'apple', 'pear']);
    expect(screen.getByRole('columnheader', { name: /Weight/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
  });

  it('keeps the page in the address and remembers the page size as a preference', async () => {
    const { user, currentUrl, store } = renderApp(<FruitList />, {
      url: '/fruits?pageIndex=2',
    });
    expect(screen.getByLabelText('Range')).toHaveTextContent('100+50');
    await user.selectOptions(screen.getByLabelText('Page size'), '25');
    expect(currentUrl()).toBe('/fruits?pageIndex=0&pageSize=25');
    expect(store.getState().preferences.pageSize).toBe(25);
    expect(screen.getByLabelText('Range')).toHaveTextContent('0+25');
  });

  it('uses 50 rows, or the preferred page size, when the address names none', () => {
    const first = renderApp(<FruitList />, { url: '/fruits' });
    expect(screen.getByLabelText('Page size')).toHaveValue('50');
    first.unmount();
    renderApp(<FruitList />, {
      url: '/fruits',
      preloadedState: { preferences: { ...defaultPreferences, pageSize: 200 } },
    });
    expect(screen.getByLabelText('Page size')).toHaveValue('200');
    expect(screen.getByLabelText('Range')).toHaveTextContent('0+200');
  });

  it('uses a list’s own page size over the preference, and does not change the preference', async () => {
    const { user, currentUrl, store } = renderApp(<FruitList pageSize={150} />, {
      url: '/fruits',
      preloadedState: { preferences: { ...defaultPreferences, pageSize: 25 } },
    });
    expect(screen.getByLabelText('Page size')).toHaveValue('150');
    expect(screen.getByLabelText('Range')).toHaveTextContent('0+150');
    await user.selectOptions(screen.getByLabelText('Page size'), '50');
    expect(currentUrl()).toBe('/fruits?pageIndex=0&pageSize=50');
    expect(screen.getByLabelText('Range')).toHaveTextContent('0+50');
    expect(store.getState().preferences.pageSize).toBe(25);
  });

  it('starts a paged list again at its first page when the sort changes', async () => {
    const { user, currentUrl } = renderApp(<FruitList />, { url: '/fruits?pageIndex=3' });
    await user.click(sortButton('Weight'));
    expect(currentUrl()).toBe('/fruits?pageIndex=0&sortBy=weight&sortOrder=asc');
  });
});
