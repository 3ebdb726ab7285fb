import './shell.css';
import { Suspense, lazy, useMemo, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import type { PageHeader, PageHeaderSlot } from '../ui/pageHeader';
import { PageHeaderContext } from '../ui/pageHeader';
import { usePaletteOpener } from './commandPaletteOpener';
import type { NavEntry, ShellNavigation } from './navigation';
import { useAppSelector } from './hooks';
import { SessionRenewal } from './SessionRenewal';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { usePageVisits } from './usePageVisits';

/** The narrowest the page gets; below it the window scrolls sideways. */
export const MIN_PAGE_WIDTH_PX = 800;

const NO_PAGES: readonly NavEntry[] = [];

export interface LayoutProps {
  /** Entries and links, derived from the route table. */
  navigation: ShellNavigation;
}

/**
 * The shell around every main-area page: sidebar, top bar and the page (`<Outlet />`), and the
 * command palette (Ctrl+K, `/`, or the top bar's search button), and the dialog that signs the
 * user in again over the page when the session ends. Each page the user goes to is recorded as
 * a visit (`usePageVisits`). The main area carries the address of the page it shows
 * (`data-path`): a script or a test that moves the router can tell when the page has changed.
 */
/** The bar shown while the console is seen as Scopes: loaded only then. */
const ImpersonationBar = lazy(async () => ({
  default: (await import('./ImpersonationBar')).ImpersonationBar,
}));

export function Layout({ navigation }: LayoutProps) {
  const impersonating = useAppSelector((state) => state.impersonation.scopes.length > 0);
  const [header, setHeader] = useState<PageHeader | undefined>();
  const [extras, setExtras] = useState<HTMLElement | null>(null);
  const slot = useMemo<PageHeaderSlot>(() => ({ setHeader, extras }), [extras]);
  const palette = usePaletteOpener(navigation.pages ?? NO_PAGES);
  usePageVisits();
  const { pathname, search } = useLocation();
  return (
    <PageHeaderContext.Provider value={slot}>
      <div className="mc-shell" style={{ minWidth: MIN_PAGE_WIDTH_PX }}>
        <Sidebar navigation={navigation} />
        <div className="mc-main">
          {impersonating && (
            <Suspense fallback={null}>
              <ImpersonationBar />
            </Suspense>
          )}
          <TopBar
            header={header}
            extrasRef={setExtras}
            links={navigation.links}
            {...(palette.available ? { onOpenPalette: palette.open } : {})}
          />
          {/* The address whose page the main area shows, written as that page renders. */}
          <main className="mc-content" data-path={`${pathname}${search}`}>
            <Outlet />
          </main>
        </div>
      </div>
      {palette.palette}
      <SessionRenewal />
    </PageHeaderContext.Provider>
  );
}
