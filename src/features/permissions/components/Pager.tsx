import { Button, ButtonGroup, Classes, HTMLSelect } from '@blueprintjs/core';
import { useId } from 'react';
import type { Paging } from '../model/paging';
import { PAGE_SIZES, pageCount, rangeLabel } from '../model/paging';

export interface PagerProps {
  paging: Paging;
  /** All rows on every page. */
  total: number;
  /** Rows on this page. */
  shown: number;
  onPageIndexChange: (pageIndex: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

/** Previous and next page, the page size, and which rows are shown. */
export function Pager({ paging, total, shown, onPageIndexChange, onPageSizeChange }: PagerProps) {
  const sizeId = useId();
  const pages = pageCount(total, paging.pageSize);
  return (
    <nav aria-label="Pagination" className="mc-pager">
      <span className={Classes.TEXT_MUTED}>{rangeLabel(paging, total, shown)}</span>
      <label htmlFor={sizeId} className={Classes.TEXT_MUTED}>
        Page size
      </label>
      <HTMLSelect
        id={sizeId}
        value={paging.pageSize}
        options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
        onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
      />
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label="Previous page"
          disabled={paging.pageIndex <= 0}
          onClick={() => onPageIndexChange(paging.pageIndex - 1)}
        />
        <Button
          icon="chevron-right"
          aria-label="Next page"
          disabled={paging.pageIndex + 1 >= pages}
          onClick={() => onPageIndexChange(paging.pageIndex + 1)}
        />
      </ButtonGroup>
      <span>
        Page {Math.min(paging.pageIndex + 1, pages)} of {pages}
      </span>
    </nav>
  );
}
