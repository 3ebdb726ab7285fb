import type { ReactNode } from 'react';
import { createContext, useContext, useEffect } from 'react';
import { createPortal } from 'react-dom';

/** What a page puts in the top bar. Only plain values, so pages can set it on every render. */
export interface PageHeader {
  /** The page title. */
  title: string;
  /**
   * Shows the refresh button; pressing it bumps the refresh counter of this key
   * (`selectRefreshCount(state, key)` in the shell's UI state).
   */
  refreshKey?: string;
}

export interface PageHeaderSlot {
  setHeader: (header: PageHeader | undefined) => void;
  /** The element of the top bar where `PageExtras` render. */
  extras: HTMLElement | null;
}

export const PageHeaderContext = createContext<PageHeaderSlot | undefined>(undefined);

/** Sets the top bar's title (and refresh button) while the calling page is shown. */
export function usePageHeader({ title, refreshKey }: PageHeader): void {
  const slot = useContext(PageHeaderContext);
  const setHeader = slot?.setHeader;
  useEffect(() => {
    if (!setHeader) return undefined;
    setHeader(refreshKey === undefined ? { title } : { title, refreshKey });
    return () => setHeader(undefined);
  }, [setHeader, title, refreshKey]);
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
