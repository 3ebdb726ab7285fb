import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  nextSort,
  pageCount,
  pageRange,
  rangeLabel,
  readListState,
  sortRows,
  writeListState,
} from '../../../src/lib/listState';

const params = (query: string) => new URLSearchParams(query);

describe('readListState', () => {
  it('reads page, size and sort from the address', () => {
    expect(readListState(params('pageIndex=2&pageSize=100&sortBy=name&sortOrder=desc'))).toEqual({
      pageIndex: 2,
      pageSize: 100,
      sortBy: 'name',
      sortOrder: 'desc',
    });
  });

  it('falls back to the first page and 50 rows, and to the stored size', () => {
    expect(readListState(params(''))).toEqual({ pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE });
    expect(readListState(params(''), { pageSize: 200 })).toEqual({ pageIndex: 0, pageSize: 200 });
  });

  it('ignores sizes that are not offered and pages that are not whole numbers', () => {
    expect(readListState(params('pageSize=7&pageIndex=-1'))).toEqual({
      pageIndex: 0,
      pageSize: 50,
    });
    expect(readListState(params('pageSize=abc&pageIndex=1.5'), { pageSize: 3 }).pageSize).toBe(50);
  });

  it('sorts ascending when only the column is named, and uses the default sort otherwise', () => {
    expect(readListState(params('sortBy=created_at&sortOrder=sideways'))).toMatchObject({
      sortBy: 'created_at',
      sortOrder: 'asc',
    });
    expect(
      readListState(params(''), { sort: { sortBy: 'created_at', sortOrder: 'desc' } }),
    ).toMatchObject({ sortBy: 'created_at', sortOrder: 'desc' });
  });
});

describe('writeListState', () => {
  it('sets what changed and keeps the other parameters', () => {
    const next = writeListState(params('tab=all&pageIndex=3'), { pageIndex: 0, pageSize: 25 });
    expect(next.toString()).toBe('tab=all&pageIndex=0&pageSize=25');
  });

  it('writes the sort, or removes it', () => {
    expect(writeListState(params(''), { sortBy: 'name', sortOrder: 'desc' }).toString()).toBe(
      'sortBy=name&sortOrder=desc',
    );
    expect(
      writeListState(params('sortBy=name&sortOrder=asc&x=1'), { sortBy: undefined }).toString(),
    ).toBe('x=1');
  });
});

describe('nextSort', () => {
  it('sorts a new column ascending and flips the sorted one', () => {
    expect(nextSort({}, 'name')).toEqual({ sortBy: 'name', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'name', sortOrder: 'asc' }, 'name')).toEqual({
      sortBy: 'name',
      sortOrder: 'desc',
    });
    expect(nextSort({ sortBy: 'name', sortOrder: 'desc' }, 'name').sortOrder).toBe('asc');
    expect(nextSort({ sortBy: 'name', sortOrder: 'desc' }, 'age')).toEqual({
      sortBy: 'age',
      sortOrder: 'asc',
    });
  });
});

describe('pages', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(50, 50)).toBe(1);
    expect(pageCount(51, 50)).toBe(2);
  });

  it('labels the rows shown', () => {
    expect(rangeLabel({ pageIndex: 1, pageSize: 50 }, 172, 50)).toBe('51–100 of 172');
    expect(rangeLabel({ pageIndex: 3, pageSize: 50 }, 172, 22)).toBe('151–172 of 172');
    expect(rangeLabel({ pageIndex: 0, pageSize: 50 }, 0, 0)).toBe('0 of 0');
  });

  it('gives the PostgREST range of a page', () => {
    expect(pageRange({ pageIndex: 2, pageSize: 25 })).toEqual({ offset: 50, limit: 25 });
  });

  it('offers the sizes of spec 002 §9', () => {
    expect(PAGE_SIZES).toEqual([5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000]);
  });
});

describe('sortRows', () => {
  const rows = [
    { name: 'beta', n: 2 },
    { name: 'Alpha', n: 10 },
    { name: '', n: 1 },
    { name: 'gamma', n: 2 },
  ];
  const valueOf = (row: (typeof rows)[number], key: string) => (key === 'name' ? row.name : row.n);

  it('sorts by the column, case-insensitively, empty values last either way', () => {
    expect(
      sortRows(rows, { sortBy: 'name', sortOrder: 'asc' }, valueOf).map((r) => r.name),
    ).toEqual(['Alpha', 'beta', 'gamma', '']);
    expect(
      sortRows(rows, { sortBy: 'name', sortOrder: 'desc' }, valueOf).map((r) => r.name),
    ).toEqual(['gamma', 'beta', 'Alpha', '']);
  });

  it('sorts numbers as numbers and keeps ties in their order', () => {
    expect(sortRows(rows, { sortBy: 'n', sortOrder: 'asc' }, valueOf).map((r) => r.name)).toEqual([
      '',
      'beta',
      'gamma',
      'Alpha',
    ]);
  });

  it('keeps the order without a sort', () => {
    expect(sortRows(rows, {}, valueOf)).toEqual(rows);
  });
});
