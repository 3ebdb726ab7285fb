import type { IconName } from '@blueprintjs/core';
import type { SidebarView } from '../api/schemas/sidebarViews';
import type { Authorizer, Resource } from '../auth/authorizer';
import type { Feature, FeatureFlags } from '../auth/featureFlags';
import type { SessionAuthMode } from '../auth/sessionSlice';

/** One entry of the sidebar, for a page that exists in the route table. */
export interface NavEntry {
  /** Text of the entry. */
  label: string;
  icon: IconName;
  /** Where it links. */
  href: string;
  /** Hidden when this feature is disabled. */
  feature?: Feature;
  /** Hidden when the user may not read this resource group. */
  resource: Resource;
  /** Shown only in these sign-in modes; default every mode. */
  authModes?: readonly SessionAuthMode[];
}

/** Links of the shell itself, from the typed route table. */
export interface ShellLinks {
  /** The logo. */
  home: string;
  /** The bell of the top bar. */
  notifications: string;
  /** "Your Profile" of the user menu. */
  profile: string;
}

/** What the shell shows, derived from the route table by the app. */
export interface ShellNavigation {
  /** Main entries, in order. */
  main: readonly NavEntry[];
  /** Entries of the Settings submenu (shown sorted by label). */
  settings: readonly NavEntry[];
  /**
   * Link to a view flagged for the sidebar. Present only when the view page is in the route
   * table; without it the sidebar lists no views.
   */
  viewHref?: (view: SidebarView) => string;
  links: ShellLinks;
  /** The pages the command palette offers (sidebar entries and a few more); default none. */
  pages?: readonly NavEntry[];
}

/**
 * The entries the user gets: feature enabled, resource readable and, when the sign-in mode is
 * given, an entry of that mode.
 */
export function visibleEntries(
  entries: readonly NavEntry[],
  flags: FeatureFlags,
  authorizer: Authorizer,
  authMode?: SessionAuthMode,
): NavEntry[] {
  return entries.filter(
    (entry) =>
      (!entry.feature || flags.isEnabled(entry.feature)) &&
      authorizer.can(entry.resource, 'read') &&
      (!entry.authModes || authMode === undefined || entry.authModes.includes(authMode)),
  );
}

/** Settings entries sorted by label. */
export function sortByLabel(entries: readonly NavEntry[]): NavEntry[] {
  return [...entries].sort((a, b) => a.label.localeCompare(b.label));
}
