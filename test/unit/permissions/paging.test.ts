import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  pageCount,
  rangeLabel,
  readPaging,
  writePaging,
} from '../../../src/features/permissions/model/paging';

describe('paging in the URL', () => {
  it('offers the page sizes of the spec, 50 by default', () => {
    expect([...PAGE_SIZES]).toEqual([5, 10, 25, 50, 100, 150, 200, 250, 300, 500, 1000]);
    expect(DEFAULT_PAGE_SIZE).toBe(50);
  });

  it('reads pageIndex and pageSize', () => {
    expect(readPaging(new URLSearchParams('pageIndex=3&pageSize=25'))).toEqual({
      pageIndex: 3,
      pageSize: 25,
    });
  });

  it('falls back to page 0 and the stored (or default) size', () => {
    expect(readPaging(new URLSearchParams(''))).toEqual({ pageIndex: 0, pageSize: 50 });
    expect(readPaging(new URLSearchParams(''), 100)).toEqual({ pageIndex: 0, pageSize: 100 });
    expect(readPaging(new URLSearchParams('pageIndex=-1&pageSize=7'), 10)).toEqual({
      pageIndex: 0,
      pageSize: 10,
    });
    expect(readPaging(new URLSearchParams('pageIndex=abc&pageSize=1e3'))).toEqual({
      pageIndex: 0,
      pageSize: 50,
    });
  });

  it('writes both and keeps other parameters', () => {
    const next = writePaging(new URLSearchParams('tab=x&pageIndex=9'), {
      pageIndex: 1,
      pageSize: 10,
    });
    expect(next.toString()).toBe('tab=x&pageIndex=1&pageSize=10');
  });

  it('counts pages and describes the rows shown', () => {
    expect(pageCount(0, 50)).toBe(1);
    expect(pageCount(101, 50)).toBe(3);
    expect(rangeLabel({ pageIndex: 1, pageSize: 50 }, 172, 50)).toBe('51–100 of 172');
    expect(rangeLabel({ pageIndex: 0, pageSize: 50 }, 0, 0)).toBe('0 of 0');
  });
});
