import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { NEAR_VIEW_MARGIN, useNearView } from '../../../src/ui/useNearView';

function Lazy() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearView(ref);
  return <div ref={ref}>{near ? 'Drawn' : 'Waiting'}</div>;
}

/** A stand-in for the browser's IntersectionObserver that the test moves into view. */
class FakeObserver {
  static made: FakeObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    FakeObserver.made.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  show(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }));
    this.callback(entries as unknown as IntersectionObserverEntry[], this as never);
  }
}

describe('useNearView', () => {
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    FakeObserver.made = [];
  });

  it('draws at once where the browser cannot tell what is in view', () => {
    render(<Lazy />);
    expect(screen.getByText('Drawn')).toBeInTheDocument();
  });

  it('waits until the element comes near the viewport, then stays drawn', () => {
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
    render(<Lazy />);
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    const [observer] = FakeObserver.made;
    expect(observer?.options?.rootMargin).toBe(NEAR_VIEW_MARGIN);
    act(() => observer?.show(false));
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    act(() => observer?.show(true));
    expect(screen.getByText('Drawn')).toBeInTheDocument();
    expect(observer?.disconnected).toBe(true);
  });
});
