import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { ListSort } from '../../../src/lib/listState';
import type { DataTableColumn, DataTableProps } from '../../../src/ui/DataTable/DataTable';
import { DataTable } from '../../../src/ui/DataTable/DataTable';

interface Item {
  id: string;
  name: string;
  size: number;
  children?: Item[];
}

const COLUMNS: DataTableColumn<Item>[] = [
  { id: 'name', header: 'Name', cell: (item) => item.name, sortKey: 'name' },
  { id: 'size', header: 'Size', cell: (item) => String(item.size), sortKey: 'size' },
  { id: 'note', header: 'Note', cell: () => '-' },
];

const ITEMS: Item[] = [
  { id: 'a', name: 'alpha', size: 3 },
  { id: 'b', name: 'beta', size: 1 },
];

const getRowId = (item: Item) => item.id;

function renderTable(props: Partial<DataTableProps<Item>> = {}) {
  const user = userEvent.setup();
  const view = render(
    <DataTable<Item>
      aria-label="Items"
      columns={COLUMNS}
      rows={ITEMS}
      getRowId={getRowId}
      {...props}
    />,
  );
  return { user, ...view };
}

const table = () => screen.getByRole('table', { name: 'Items' });
const bodyRows = () => within(table()).getAllByRole('row').slice(1);

describe('DataTable', () => {
  it('keeps every column readable in a narrow window: the table scrolls sideways instead', () => {
    renderTable({
      columns: [
        { id: 'name', header: 'Name', cell: (item) => item.name, minWidth: 200 },
        { id: 'size', header: 'Size', cell: (item) => String(item.size), width: 80 },
        { id: 'note', header: 'Note', cell: () => '-', width: '10rem' },
      ],
      rowActions: () => null,
    });
    // 200 (least name width) + 80 (fixed) + 120 (a width in rem counts its least) + 96 actions.
    expect(table()).toHaveStyle({ minWidth: '496px' });
  });

  it('gives the actions column the width its buttons need, so a text button is not clipped', () => {
    const { container } = renderTable({ rowActions: () => null, actionsWidth: 140 });
    const cols = container.querySelectorAll('col');
    expect(cols[cols.length - 1]).toHaveStyle({ width: '140px' });
    // 3 columns at their least width (120) + 140 actions.
    expect(table()).toHaveStyle({ minWidth: '500px' });
  });

  it('is a table of rows and cells, one row per item', () => {
    renderTable();
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Size', 'Note']);
    expect(bodyRows()).toHaveLength(2);
    expect(
      within(bodyRows()[0]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['alpha', '3', '-']);
  });

  it('asks for the next sort when a sortable header is clicked', async () => {
    const sorts: ListSort[] = [];
    function Sorted() {
      const [sort, setSort] = useState<ListSort>({});
      return (
        <DataTable<Item>
          aria-label="Items"
          columns={COLUMNS}
          rows={ITEMS}
          getRowId={getRowId}
          sort={sort}
          onSortChange={(next) => {
            sorts.push(next);
            setSort(next);
          }}
        />
      );
    }
    const user = userEvent.setup();
    render(<Sorted />);
    const name = screen.getByRole('columnheader', { name: /Name/ });
    expect(name).toHaveAttribute('aria-sort', 'none');
    await user.click(within(name).getByRole('button'));
    expect(name).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(name).getByRole('button'));
    expect(name).toHaveAttribute('aria-sort', 'descending');
    await user.click(
      within(screen.getByRole('columnheader', { name: /Size/ })).getByRole('button'),
    );
    expect(sorts).toEqual([
      { sortBy: 'name', sortOrder: 'asc' },
      { sortBy: 'name', sortOrder: 'desc' },
      { sortBy: 'size', sortOrder: 'asc' },
    ]);
    // A column without a sort key has no button and no aria-sort.
    const note = screen.getByRole('columnheader', { name: 'Note' });
    expect(within(note).queryByRole('button')).toBeNull();
    expect(note).not.toHaveAttribute('aria-sort');
  });

  it('opens a row on click, and on Enter or Space from the keyboard', async () => {
    const opened: string[] = [];
    const { user } = renderTable({ onRowOpen: (item) => opened.push(item.name) });
    await user.tab();
    expect(bodyRows()[0]).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard('{ArrowDown}');
    expect(bodyRows()[1]).toHaveFocus();
    await user.keyboard(' ');
    await user.click(within(bodyRows()[0]!).getByText('alpha'));
    expect(opened).toEqual(['alpha', 'beta', 'alpha']);
  });

  it('leaves rows out of the tab order when they open nothing', async () => {
    const { user } = renderTable();
    await user.tab();
    expect(document.body).toHaveFocus();
  });

  it('runs row actions without opening the row', async () => {
    const opened: string[] = [];
    const deleted: string[] = [];
    const { user } = renderTable({
      onRowOpen: (item) => opened.push(item.name),
      rowActions: (item) => (
        <button type="button" onClick={() => deleted.push(item.name)}>
          Delete {item.name}
        </button>
      ),
    });
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete beta' }));
    expect(deleted).toEqual(['beta']);
    expect(opened).toEqual([]);
  });

  it('expands and collapses group rows, by the expander or the keyboard', async () => {
    const groups: Item[] = [
      {
        id: 'g',
        name: 'group',
        size: 2,
        children: [
          { id: 'g1', name: 'first', size: 1 },
          { id: 'g2', name: 'second', size: 1 },
        ],
      },
      { id: 'c', name: 'single', size: 1 },
    ];
    const opened: string[] = [];
    function Tree() {
      const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
      return (
        <DataTable<Item>
          aria-label="Items"
          columns={COLUMNS}
          rows={groups}
          getRowId={getRowId}
          getSubRows={(item) => item.children}
          expanded={expanded}
          onExpandedChange={(id, open) =>
            setExpanded((current) => {
              const next = new Set(current);
              if (open) next.add(id);
              else next.delete(id);
              return next;
            })
          }
          onRowOpen={(item) => opened.push(item.name)}
        />
      );
    }
    const user = userEvent.setup();
    render(<Tree />);
    expect(screen.queryByText('first')).toBeNull();
    const group = bodyRows()[0]!;
    expect(group).toHaveAttribute('aria-expanded', 'false');
    await user.click(within(group).getByRole('button', { name: 'Expand row' }));
    expect(screen.getByText('first')).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveAttribute('aria-expanded', 'true');
    expect(bodyRows()[1]).toHaveAttribute('aria-level', '2');
    // Enter on a group toggles it instead of opening it.
    bodyRows()[0]!.focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByText('first')).toBeNull();
    await user.click(screen.getByText('single'));
    expect(opened).toEqual(['single']);
  });

  it('shows a skeleton while loading', () => {
    renderTable({ loading: true });
    expect(table()).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('alpha')).toBeNull();
  });

  it('says "No data available" without rows, or the text it is given', () => {
    const { rerender } = renderTable({ rows: [] });
    expect(screen.getByText('No data available')).toBeInTheDocument();
    rerender(
      <DataTable<Item>
        aria-label="Items"
        columns={COLUMNS}
        rows={[]}
        getRowId={getRowId}
        emptyText="No targets"
      />,
    );
    expect(screen.getByText('No targets')).toBeInTheDocument();
  });

  it("shows the server's reason with Retry instead of rows", async () => {
    let retries = 0;
    const { user } = renderTable({
      error: 'db down',
      errorTitle: 'Error loading items',
      onRetry: () => {
        retries += 1;
      },
    });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error loading items');
    expect(alert).toHaveTextContent('db down');
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retries).toBe(1);
  });

  it('renders fewer than 100 rows of 100,000, and the rest as scroll height', () => {
    const many: Item[] = Array.from({ length: 100_000 }, (_, i) => ({
      id: String(i),
      name: `item ${i}`,
      size: i,
    }));
    renderTable({ rows: many });
    const rendered = within(table())
      .getAllByRole('row')
      .filter((row) => row.getAttribute('aria-hidden') !== 'true');
    expect(rendered.length).toBeGreaterThan(1);
    expect(rendered.length).toBeLessThan(100);
    expect(table()).toHaveAttribute('aria-rowcount', '100001');
    expect(screen.getByText('item 0')).toBeInTheDocument();
    expect(screen.queryByText('item 99999')).toBeNull();
  });

  it('draws the first rows at once, keeps those elements when the window takes over, and follows the scroll', async () => {
    const many: Item[] = Array.from({ length: 1000 }, (_, i) => ({
      id: String(i),
      name: `item ${i}`,
      size: i,
    }));
    const onRowOpen = jest.fn();
    const { user } = renderTable({ rows: many, onRowOpen });
    // Before the windowing code has loaded: the rows a box at the top shows.
    const first = screen.getByText('item 0').closest('tr')!;
    expect(screen.getByText('item 27')).toBeInTheDocument();
    expect(screen.queryByText('item 28')).toBeNull();
    // Scrolled down five rows: the window, once it has loaded, draws three more at the end.
    const box = table().parentElement!;
    Object.defineProperty(box, 'scrollTop', { configurable: true, value: 5 * 35 });
    fireEvent.scroll(box);
    expect(await screen.findByText('item 32')).toBeInTheDocument();
    // The same element, still in the page: a click or focus on it is not lost.
    expect(screen.getByText('item 0').closest('tr')).toBe(first);
    await user.click(first);
    expect(onRowOpen).toHaveBeenCalledWith(many[0]);

    Object.defineProperty(box, 'scrollTop', { configurable: true, value: 500 * 35 });
    fireEvent.scroll(box);
    expect(await screen.findByText('item 500')).toBeInTheDocument();
    expect(screen.queryByText('item 0')).toBeNull();
  });

  it('draws every row of a windowed table of up to 100 rows', () => {
    const some: Item[] = Array.from({ length: 100 }, (_, i) => ({
      id: String(i),
      name: `item ${i}`,
      size: i,
    }));
    renderTable({ rows: some, windowed: true });
    expect(bodyRows()).toHaveLength(100);
    expect(screen.getByText('item 99')).toBeInTheDocument();
  });
});
