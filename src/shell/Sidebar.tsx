import { Button, Icon } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';
import { useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link, NavLink, useLocation } from 'react-router-dom';
import {
  SIDEBAR_VIEWS_CACHE_SECONDS,
  useGetSidebarViewsQuery,
} from '../api/endpoints/sidebarViews';
import type { SidebarView } from '../api/schemas/sidebarViews';
import { useAuthorizer, useFeatureFlags } from '../auth/hooks';
import { selectAuthMode } from '../auth/sessionSlice';
import type { NavEntry, ShellNavigation } from './navigation';
import { sortByLabel, visibleEntries } from './navigation';
import { selectPreferences, sidebarCollapsedSet, sidebarToggled } from './preferencesSlice';

/** 56 units (of 0.25rem) expanded, 14 collapsed. */
export const SIDEBAR_WIDTH = { expanded: '14rem', collapsed: '3.5rem' } as const;

/** Below this window width a click outside the sidebar collapses it. */
export const AUTO_COLLAPSE_BELOW = 1024;

/**
 * Views without an icon get the "workflow" icon; Blueprint's drawing of it is named `flows`.
 * Icon names Blueprint does not know fall back to it too.
 */
export const DEFAULT_VIEW_ICON: IconName = 'flows';

const KNOWN_ICONS: ReadonlySet<string> = new Set(Object.values(IconNames));

/** The Blueprint icon an icon name names, if Blueprint has one of that name. */
export function blueprintIcon(icon: string | null | undefined): IconName | undefined {
  return icon && KNOWN_ICONS.has(icon) ? (icon as IconName) : undefined;
}

/** The Blueprint icon of a view's `icon` field. */
export function viewIcon(icon: string | null | undefined): IconName {
  return blueprintIcon(icon) ?? DEFAULT_VIEW_ICON;
}

/** Title, else name. */
export function viewLabel(view: SidebarView): string {
  return view.title?.trim() || view.name;
}

interface EntryLinkProps {
  label: string;
  icon: IconName;
  href: string;
  collapsed: boolean;
}

function EntryLink({ label, icon, href, collapsed }: EntryLinkProps) {
  return (
    <li>
      <NavLink
        to={href}
        className="mc-sidebar-link"
        aria-label={collapsed ? label : undefined}
        title={collapsed ? label : undefined}
      >
        <Icon icon={icon} aria-hidden />
        {!collapsed && <span>{label}</span>}
      </NavLink>
    </li>
  );
}

function useSidebarViews(enabled: boolean): SidebarView[] {
  const { data } = useGetSidebarViewsQuery(undefined, {
    skip: !enabled,
    refetchOnMountOrArgChange: SIDEBAR_VIEWS_CACHE_SECONDS,
  });
  return enabled ? (data ?? []) : [];
}

/** Collapses the sidebar on a click outside it when the window is narrow. */
function useAutoCollapse(ref: React.RefObject<HTMLElement | null>, collapsed: boolean): void {
  const dispatch = useDispatch();
  useEffect(() => {
    if (collapsed) return undefined;
    const onPointerDown = (event: MouseEvent) => {
      if (window.innerWidth >= AUTO_COLLAPSE_BELOW) return;
      const target = event.target;
      if (target instanceof Node && ref.current?.contains(target)) return;
      dispatch(sidebarCollapsedSet(true));
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [collapsed, dispatch, ref]);
}

export interface SidebarProps {
  /** The entries of the pages that exist, from the route table. */
  navigation: ShellNavigation;
}

/**
 * The main navigation: logo, main entries, views flagged for the sidebar, and the Settings
 * submenu. An entry shows only when its feature is enabled and the user may read its resource;
 * Settings is hidden from viewers and guests.
 */
export function Sidebar({ navigation }: SidebarProps) {
  const dispatch = useDispatch();
  const collapsed = useSelector(selectPreferences).sidebarCollapsed;
  const authorizer = useAuthorizer();
  const authMode = useSelector(selectAuthMode);
  const { flags, isLoading: flagsLoading } = useFeatureFlags();
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  useAutoCollapse(ref, collapsed);

  const main = visibleEntries(navigation.main, flags, authorizer, authMode);
  const settings: NavEntry[] = authorizer.isViewer
    ? []
    : sortByLabel(visibleEntries(navigation.settings, flags, authorizer, authMode));
  const viewHref = navigation.viewHref;
  const showViews =
    viewHref !== undefined &&
    !flagsLoading &&
    flags.isEnabled('views') &&
    authorizer.can('views', 'read');
  const views = useSidebarViews(showViews);

  const inSettings = settings.some((entry) => pathname.startsWith(entry.href));
  const [settingsOpen, setSettingsOpen] = useState(inSettings);
  const settingsListId = 'mc-sidebar-settings';

  return (
    <nav
      ref={ref}
      aria-label="Main"
      className="mc-sidebar"
      data-collapsed={collapsed}
      style={{ width: collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded }}
    >
      <div className="mc-sidebar-header">
        <Link to={navigation.links.home} className="mc-sidebar-logo" aria-label="Home">
          <Icon icon="layout-auto" size={20} aria-hidden />
          {!collapsed && <span>Mission Control</span>}
        </Link>
      </div>
      <ul className="mc-sidebar-list">
        {main.map((entry) => (
          <EntryLink key={entry.href} {...entry} collapsed={collapsed} />
        ))}
        {viewHref &&
          views.map((view) => (
            <EntryLink
              key={view.id}
              label={viewLabel(view)}
              icon={viewIcon(view.icon)}
              href={viewHref(view)}
              collapsed={collapsed}
            />
          ))}
      </ul>
      {settings.length > 0 && (
        <div className="mc-sidebar-settings">
          <Button
            variant="minimal"
            alignText="start"
            fill
            icon="cog"
            endIcon={collapsed ? undefined : settingsOpen ? 'chevron-up' : 'chevron-down'}
            text={collapsed ? undefined : 'Settings'}
            aria-label="Settings"
            aria-expanded={settingsOpen}
            aria-controls={settingsListId}
            onClick={() => {
              if (collapsed) {
                dispatch(sidebarCollapsedSet(false));
                setSettingsOpen(true);
              } else {
                setSettingsOpen((open) => !open);
              }
            }}
          />
          {settingsOpen && !collapsed && (
            <ul id={settingsListId} className="mc-sidebar-list mc-sidebar-sublist">
              {settings.map((entry) => (
                <EntryLink key={entry.href} {...entry} collapsed={false} />
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="mc-sidebar-footer">
        <Button
          variant="minimal"
          icon={collapsed ? 'chevron-right' : 'chevron-left'}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          onClick={() => dispatch(sidebarToggled())}
        />
      </div>
    </nav>
  );
}
