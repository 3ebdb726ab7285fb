import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ShowMore, useIncrementalCount } from '../../../src/ui/IncrementalList';

function List({ total, resetKey, first }: { total: number; resetKey: string; first?: number }) {
  const { shown, remaining, showMore } = useIncrementalCount(total, resetKey, 10, first);
  return (
    <>
      <ul aria-label="Items">
        {Array.from({ length: shown }, (_, i) => (
          <li key={i}>item {i}</li>
        ))}
      </ul>
      <ShowMore remaining={remaining} onShowMore={showMore} noun="items" />
    </>
  );
}

function Harness({ first }: { first?: number }) {
  const [key, setKey] = useState('a');
  return (
    <>
      <button onClick={() => setKey('b')}>Other filters</button>
      <List total={25} resetKey={key} {...(first === undefined ? {} : { first })} />
    </>
  );
}

const items = () => screen.getAllByRole('listitem');

describe('incremental list', () => {
  afterEach(() => {
    delete (window as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('draws a part, more on request, and starts again with other filters', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(items()).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show 15 more items' }));
    expect(items()).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show 5 more items' }));
    expect(items()).toHaveLength(25);
    expect(screen.queryByRole('button', { name: /^Show \d+ more/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Other filters' }));
    expect(items()).toHaveLength(10);
  });

  it('draws a first part of its own size, then parts of the step', async () => {
    const user = userEvent.setup();
    render(<Harness first={4} />);
    expect(items()).toHaveLength(4);
    await user.click(screen.getByRole('button', { name: 'Show 21 more items' }));
    expect(items()).toHaveLength(14);
    await user.click(screen.getByRole('button', { name: 'Other filters' }));
    expect(items()).toHaveLength(4);
  });

  it('draws more as the end of the list comes into view', () => {
    const observed: Array<(entries: Array<{ isIntersecting: boolean }>) => void> = [];
    (window as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
        observed.push(callback);
      }
      observe() {}
      disconnect() {}
    };
    render(<List total={25} resetKey="a" />);
    expect(items()).toHaveLength(10);
    act(() => observed[observed.length - 1]!([{ isIntersecting: false }]));
    expect(items()).toHaveLength(10);
    act(() => observed[observed.length - 1]!([{ isIntersecting: true }]));
    expect(items()).toHaveLength(20);
  });
});
