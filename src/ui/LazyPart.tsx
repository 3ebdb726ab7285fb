import { Spinner } from '@blueprintjs/core';
import type { ComponentType, ReactNode } from 'react';
import { Suspense, lazy, useState } from 'react';

export interface LazyPartProps {
  /** The spinner's accessible name while the code loads, e.g. "Loading the chart". */
  label?: string;
  /**
   * The height the part takes once drawn, in pixels: the spinner keeps it while the code
   * loads, so what follows does not move up and back down (a chart in a dashboard).
   */
  height?: number;
  children: ReactNode;
}

/**
 * The kit's loading state (a spinner) while the code of a part loaded with `React.lazy` (a
 * dialog, a chart, a tab) loads: what the first view does not show leaves the page's chunk.
 */
export function LazyPart({ label = 'Loading', height, children }: LazyPartProps) {
  const spinner = <Spinner size={20} aria-label={label} />;
  const fallback =
    height === undefined ? (
      spinner
    ) : (
      <div className="mc-lazy-part-placeholder" style={{ height }}>
        {spinner}
      </div>
    );
  return <Suspense fallback={fallback}>{children}</Suspense>;
}

export interface LazyDialogProps {
  /** Whether the dialog is open: its code loads the first time it is. */
  isOpen: boolean;
  /** The lazily loaded dialog, given `isOpen`. */
  children: ReactNode;
}

/**
 * A dialog whose code loads when it first opens (on a click or from the address). Once
 * opened it stays mounted, so closing it plays the dialog's transition and gives the focus
 * back as before.
 */
export function LazyDialog({ isOpen, children }: LazyDialogProps) {
  const [opened, setOpened] = useState(isOpen);
  if (isOpen && !opened) setOpened(true);
  return opened ? <LazyPart>{children}</LazyPart> : null;
}

/**
 * A component whose code loads the first time it is drawn, in its own `LazyPart`: a slot's
 * component handed to a page (`lazyPart(async () => (await import('./X')).X)`) or a part drawn
 * where no boundary is.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  label?: string,
  height?: number,
): ComponentType<P> {
  // React.lazy's component takes the loaded component's props as they are.
  const Loaded = lazy(async () => ({ default: await load() })) as unknown as ComponentType<P>;
  return function LazilyLoaded(props: P) {
    return (
      <LazyPart label={label} {...(height === undefined ? {} : { height })}>
        <Loaded {...props} />
      </LazyPart>
    );
  };
}
