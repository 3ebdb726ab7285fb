import { act, screen, waitFor } from '@testing-library/react';
import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { baseApi, listTags } from '../../../src/api/baseApi';
import type { PageHeader, PageHeaderSlot } from '../../../src/ui/pageHeader';
import { PageHeaderContext } from '../../../src/ui/pageHeader';
import { useListScreen } from '../../../src/widgets/useListScreen';
import { renderApp } from '../../support/renderApp';

let header: PageHeader | undefined;

let reads = 0;
/** A query providing the checks' list tag: what it answers counts the times it was asked. */
const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listScreenChecksRead: build.query<number, void>({
      queryFn: () => ({ data: ++reads }),
      providesTags: listTags('Checks'),
    }),
  }),
});

/** A top bar that keeps what the page set, as the shell's does. */
function TopBar({ children }: { children: ReactNode }) {
  const [, rerender] = useState(0);
  const slot = useMemo<PageHeaderSlot>(
    () => ({
      setHeader: (next) => {
        header = next;
        rerender((n) => n + 1);
      },
      extras: null,
    }),
    [],
  );
  return <PageHeaderContext.Provider value={slot}>{children}</PageHeaderContext.Provider>;
}

function Checks() {
  const list = useListScreen({
    title: 'Checks',
    refreshTags: listTags('Checks'),
    defaultSort: { sortBy: 'name', sortOrder: 'desc' },
  });
  const { data } = testApi.useListScreenChecksReadQuery();
  return (
    <>
      <output aria-label="List state">{JSON.stringify(list.state)}</output>
      <output aria-label="Reads">{data}</output>
    </>
  );
}

describe('useListScreen', () => {
  beforeEach(() => {
    header = undefined;
    reads = 0;
  });

  it("puts the page's title in the top bar, and Refresh invalidates the list's tags", async () => {
    renderApp(
      <TopBar>
        <Checks />
      </TopBar>,
      { url: '/checks' },
    );
    const readCount = () => screen.getByRole('status', { name: 'Reads' });
    await waitFor(() => expect(readCount()).toHaveTextContent('1'));
    expect(header?.title).toBe('Checks');
    act(() => header?.onRefresh?.());
    await waitFor(() => expect(readCount()).toHaveTextContent('2'));
  });

  it('reads the page, size and sort from the address, with the default sort when none is named', async () => {
    const { unmount } = renderApp(
      <TopBar>
        <Checks />
      </TopBar>,
      { url: '/checks?pageIndex=2&pageSize=25' },
    );
    expect(
      JSON.parse((await screen.findByRole('status', { name: 'List state' })).textContent ?? ''),
    ).toEqual({
      pageIndex: 2,
      pageSize: 25,
      sortBy: 'name',
      sortOrder: 'desc',
    });
    unmount();
    renderApp(
      <TopBar>
        <Checks />
      </TopBar>,
      { url: '/checks?sortBy=status' },
    );
    expect(
      JSON.parse((await screen.findByRole('status', { name: 'List state' })).textContent ?? ''),
    ).toMatchObject({
      sortBy: 'status',
      sortOrder: 'asc',
    });
  });
});
