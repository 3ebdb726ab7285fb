import { Button } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { createContext, useContext, useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';

/** What a page puts in the top bar. */
export interface PageHeader {
  /** The page title. */
  title: string;
  /**
   * Shows the refresh button, which calls it: pages pass `useInvalidateTags(...)` so that
   * refreshing is invalidating the page's cache tags (the one refresh model of the console).
   */
  onRefresh?: () => void;
}

export interface PageHeaderSlot {
  setHeader: (header: PageHeader | undefined) => void;
  /** The element of the top bar where `PageExtras` render. */
  extras: HTMLElement | null;
}

export const PageHeaderContext = createContext<PageHeaderSlot | undefined>(undefined);

/** Sets the top bar's title (and refresh button) while the calling page is shown. */
export function usePageHeader({ title, onRefresh }: PageHeader): void {
  const slot = useContext(PageHeaderContext);
  const setHeader = slot?.setHeader;
  // The latest callback is called; a new function each render does not reset the header.
  const refresh = useRef(onRefresh);
  useEffect(() => {
    refresh.current = onRefresh;
  });
  const canRefresh = onRefresh !== undefined;
  useEffect(() => {
    if (!setHeader) return undefined;
    setHeader(canRefresh ? { title, onRefresh: () => refresh.current?.() } : { title });
    return () => setHeader(undefined);
  }, [setHeader, title, canRefresh]);
}

export interface PageExtrasProps {
  /** Controls shown in the top bar, next to the title. */
  children: ReactNode;
}

/** Renders its children into the top bar's extras slot (nothing outside the shell). */
export function PageExtras({ children }: PageExtrasProps) {
  const slot = useContext(PageHeaderContext);
  if (!slot?.extras) return null;
  return createPortal(children, slot.extras);
}

export interface PageActionProps {
  /** The button's text, e.g. "Add Scope". */
  text: string;
  /** Default plus. */
  icon?: IconName;
  onClick: () => void;
  /** Default true; false leaves the top bar without the button (no write access). */
  allowed?: boolean;
}

/** The page's primary action in the top bar (Add, Invite, Register...). */
export function PageAction({ text, icon = 'plus', onClick, allowed = true }: PageActionProps) {
  if (!allowed) return null;
  return (
    <PageExtras>
      <Button intent="primary" icon={icon} text={text} onClick={onClick} />
    </PageExtras>
  );
}
