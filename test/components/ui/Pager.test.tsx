import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { Pager } from '../../../src/ui/Pager';

/** The pager of a page of `pageSize` rows, `shown` of them shown, `total` in all. */
function renderPager({
  pageIndex,
  pageSize,
  onPageIndexChange = () => undefined,
  ...props
}: Omit<ComponentProps<typeof Pager>, 'paging' | 'onPageIndexChange'> & {
  pageIndex: number;
  pageSize: number;
  onPageIndexChange?: (index: number) => void;
}) {
  render(
    <Pager paging={{ pageIndex, pageSize }} onPageIndexChange={onPageIndexChange} {...props} />,
  );
}

describe('Pager', () => {
  it('shows the rows of the page and moves between pages', async () => {
    const pages: number[] = [];
    const user = userEvent.setup();
    renderPager({
      pageIndex: 1,
      pageSize: 50,
      total: 172,
      shown: 50,
      onPageIndexChange: (index) => pages.push(index),
    });
    const nav = screen.getByRole('navigation', { name: 'Pagination' });
    expect(nav).toHaveTextContent('51–100 of 172');
    expect(nav).toHaveTextContent('Page 2 of 4');
    expect(screen.queryByLabelText('Page size')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(pages).toEqual([0, 2]);
  });

  it('cannot go before the first page or after the last', () => {
    renderPager({ pageIndex: 0, pageSize: 50, total: 20, shown: 20 });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('offers the page sizes of spec 002 §9 when the size may change', async () => {
    const sizes: number[] = [];
    const user = userEvent.setup();
    renderPager({
      pageIndex: 0,
      pageSize: 50,
      total: 500,
      shown: 50,
      onPageSizeChange: (size) => sizes.push(size),
    });
    const select = screen.getByLabelText('Page size');
    expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '5',
      '10',
      '25',
      '50',
      '100',
      '150',
      '200',
      '250',
      '300',
      '500',
      '1000',
    ]);
    await user.selectOptions(select, '100');
    expect(sizes).toEqual([100]);
  });

  it('disables its buttons while a page loads', () => {
    renderPager({ pageIndex: 1, pageSize: 5, total: 20, shown: 5, disabled: true });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });
});
