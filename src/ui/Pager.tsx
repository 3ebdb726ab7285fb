import { Button, ButtonGroup, Classes, HTMLSelect } from '@blueprintjs/core';
import { useId } from 'react';
import type { ListPaging } from '../lib/listState';
import { PAGE_SIZES, pageCount, rangeLabel } from '../lib/listState';
import './ui.css';

export interface PagerProps {
  /** The page shown and the page size. */
  paging: ListPaging;
  /** All rows on every page. */
  total: number;
  /** Rows on this page. */
  shown: number;
  onPageIndexChange: (pageIndex: number) => void;
  /** Offers the page sizes when given; without it the size is fixed. */
  onPageSizeChange?: (pageSize: number) => void;
  /** Disables the buttons (while a page loads). Default false. */
  disabled?: boolean;
}

/** The one pager of the console: which rows are shown, the page size, previous and next. */
export function Pager({
  paging,
  total,
  shown,
  onPageIndexChange,
  onPageSizeChange,
  disabled = false,
}: PagerProps) {
  const sizeId = useId();
  const pages = pageCount(total, paging.pageSize);
  return (
    <nav aria-label="Pagination" className="mc-pager">
      <span className={Classes.TEXT_MUTED}>{rangeLabel(paging, total, shown)}</span>
      {onPageSizeChange && (
        <>
          <label htmlFor={sizeId} className={Classes.TEXT_MUTED}>
            Page size
          </label>
          <HTMLSelect
            id={sizeId}
            value={paging.pageSize}
            options={PAGE_SIZES.map((size) => ({ value: size, label: String(size) }))}
            onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
          />
        </>
      )}
      <ButtonGroup>
        <Button
          icon="chevron-left"
          aria-label="Previous page"
          disabled={disabled || paging.pageIndex <= 0}
          onClick={() => onPageIndexChange(paging.pageIndex - 1)}
        />
        <Button
          icon="chevron-right"
          aria-label="Next page"
          disabled={disabled || paging.pageIndex + 1 >= pages}
          onClick={() => onPageIndexChange(paging.pageIndex + 1)}
        />
      </ButtonGroup>
      <span>
        Page {Math.min(paging.pageIndex + 1, pages)} of {pages}
      </span>
    </nav>
  );
}
