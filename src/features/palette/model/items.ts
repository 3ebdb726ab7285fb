import type { IconName, Intent } from '@blueprintjs/core';
import type { FoundItem, PaletteSearchKind } from '../../../../machines/palette/commandPalette';
import { PALETTE_SEARCH_KINDS } from '../../../../machines/palette/commandPalette';
import type { Authorizer, Resource } from '../../../auth/authorizer';
import type { Feature, FeatureFlags } from '../../../auth/featureFlags';
import { paths } from '../../../shell/paths';
import type { RecentItem, RecentItemKind } from '../../../shell/preferencesSlice';
import type { ActionId } from './actions';

/**
 * The palette's groups: recent items, recent searches, suggested searches, actions, pages,
 * each searched kind, time zones.
 */
export type GroupKey =
  'recent' | 'searches' | 'suggestions' | 'actions' | 'pages' | PaletteSearchKind | 'zones';

/** Group titles, as the palette shows them. */
export const GROUP_TITLES: Record<GroupKey, string> = {
  recent: 'Recent',
  searches: 'Recent searches',
  suggestions: 'Try',
  actions: 'Actions',
  pages: 'Pages',
  checks: 'Health checks',
  configs: 'Catalog',
  components: 'Components',
  incidents: 'Incidents',
  playbooks: 'Playbooks',
  connections: 'Connections',
  rules: 'Notification rules',
  views: 'Views',
  canaries: 'Canaries',
  changes: 'Changes',
  teams: 'Teams',
  zones: 'Time zones',
};

/** The groups in their fixed order (ties between equally good groups keep it). */
export const GROUP_ORDER: readonly GroupKey[] = [
  'recent',
  'searches',
  'suggestions',
  'actions',
  'pages',
  ...PALETTE_SEARCH_KINDS,
  'zones',
];

/** One option of the palette. */
export interface PaletteItem {
  /** Unique in the palette: `kind:id`. */
  key: string;
  kind: RecentItemKind | 'action' | 'zone' | 'search';
  id: string;
  name: string;
  /** What it is: "Health check", "Config", a config's type, "Page", "Action". */
  typeLabel: string;
  icon: IconName;
  /** Its health or status. */
  status?: { text: string; intent: Intent };
  /** Its namespace or parent. */
  parent?: string;
  /** Its tags, as `key=value` pills. */
  tags?: string[];
  /** The agent it came from (an id; the palette names it). */
  agent?: string;
  /** Where it opens (Enter), or nothing for actions that act in place. */
  href?: string;
  action?: ActionId;
}

interface KindInfo {
  recentKind: RecentItemKind;
  typeLabel: string;
  icon: IconName;
  /** Who may search it: read on the resource, the feature on. */
  resource: Resource;
  feature?: Feature;
  /** Where an item opens; `authorizer` decides for kinds whose page depends on the user. */
  href: (id: string, authorizer?: Authorizer) => string;
}

/** What each searched kind is, who may search it and where its items open. */
export const KIND_INFO: Record<PaletteSearchKind, KindInfo> = {
  checks: {
    recentKind: 'check',
    typeLabel: 'Health check',
    icon: 'heart',
    resource: 'canaries',
    feature: 'health',
    href: (checkId) => paths.check.getHref(checkId),
  },
  configs: {
    recentKind: 'config',
    typeLabel: 'Config',
    icon: 'database',
    resource: 'database',
    feature: 'config',
    href: (id) => paths.catalogItem.getHref(id),
  },
  components: {
    recentKind: 'component',
    typeLabel: 'Component',
    icon: 'cube',
    resource: 'topologies',
    feature: 'topology',
    href: (id) => paths.topologyComponent.getHref(id),
  },
  incidents: {
    recentKind: 'incident',
    typeLabel: 'Incident',
    icon: 'error',
    resource: 'incident',
    feature: 'incidents',
    href: (id) => paths.incident.getHref(id),
  },
  playbooks: {
    recentKind: 'playbook',
    typeLabel: 'Playbook',
    icon: 'play',
    resource: 'playbooks',
    feature: 'playbooks',
    // Its run dialog for those who may run it, its page for the others.
    href: (id, authorizer) =>
      !authorizer || authorizer.can('playbook_runs', 'write')
        ? paths.playbookRunDialog.getHref(id)
        : paths.playbook.getHref(id),
  },
  connections: {
    recentKind: 'connection',
    typeLabel: 'Connection',
    icon: 'data-connection',
    resource: 'connections',
    feature: 'settings.connections',
    href: (id) => paths.settingsConnections.getHref(id),
  },
  rules: {
    recentKind: 'rule',
    typeLabel: 'Notification rule',
    icon: 'notifications',
    resource: 'notifications',
    href: (id) => paths.notificationRules.getHref(id),
  },
  views: {
    recentKind: 'view',
    typeLabel: 'View',
    icon: 'panel-table',
    resource: 'views',
    feature: 'views',
    href: (id) => paths.view.getHref(id),
  },
  canaries: {
    recentKind: 'canary',
    typeLabel: 'Canary',
    icon: 'pulse',
    resource: 'canaries',
    feature: 'health',
    href: (id) => paths.settingsCanary.getHref(id),
  },
  // A config's changes, grouped: the option is the config, opening on its Changes tab.
  changes: {
    recentKind: 'change',
    typeLabel: 'Changes',
    icon: 'changes',
    resource: 'database',
    feature: 'config',
    href: (configId) => paths.catalogItemTab.getHref(configId, 'changes'),
  },
  teams: {
    recentKind: 'team',
    typeLabel: 'Team',
    icon: 'people',
    resource: 'teams',
    feature: 'settings.teams',
    href: (id) => paths.settingsResource.getHref('teams', id),
  },
};

/** Tags shown as pills at most, and those left out (already shown as the parent). */
export const TAG_PILLS_MAX = 3;
const TAGS_SHOWN_ELSEWHERE = new Set(['namespace', 'cluster']);

/** An item's tags as `key=value` pills, those its parent shows left out, at most three. */
export function tagPills(tags: Readonly<Record<string, string>> | undefined): string[] {
  if (!tags) return [];
  return Object.entries(tags)
    .filter(([key]) => !TAGS_SHOWN_ELSEWHERE.has(key))
    .slice(0, TAG_PILLS_MAX)
    .map(([key, value]) => `${key}=${value}`);
}

const KIND_OF_RECENT = Object.fromEntries(
  Object.entries(KIND_INFO).map(([kind, info]) => [info.recentKind, kind]),
) as Record<Exclude<RecentItemKind, 'page'>, PaletteSearchKind>;

/** The kinds this user may search: the resource readable and its feature on. */
export function searchableKinds(flags: FeatureFlags, authorizer: Authorizer): PaletteSearchKind[] {
  return (Object.keys(KIND_INFO) as PaletteSearchKind[]).filter((kind) => {
    const { resource, feature } = KIND_INFO[kind];
    return (!feature || flags.isEnabled(feature)) && authorizer.can(resource, 'read');
  });
}

const GOOD = new Set(['healthy', 'passing', 'ok', 'resolved', 'closed', 'mitigated', 'successful']);
const BAD = new Set(['unhealthy', 'failing', 'error', 'critical', 'blocker', 'high', 'failed']);
const WARN = new Set(['warning', 'medium', 'investigating', 'open', 'new', 'degraded']);

/** A health or status word as a tag: green, red, orange or plain. */
export function statusTag(text: string): { text: string; intent: Intent } {
  const word = text.toLowerCase();
  if (GOOD.has(word)) return { text, intent: 'success' };
  if (BAD.has(word)) return { text, intent: 'danger' };
  if (WARN.has(word)) return { text, intent: 'warning' };
  return { text, intent: 'none' };
}

/** A found resource as an option of its kind's group. */
export function foundToItem(
  kind: PaletteSearchKind,
  found: FoundItem,
  authorizer?: Authorizer,
): PaletteItem {
  const info = KIND_INFO[kind];
  const state = found.health || found.status;
  return {
    key: `${info.recentKind}:${found.id}`,
    kind: info.recentKind,
    id: found.id,
    name: found.name || found.id,
    typeLabel: found.type ? `${info.typeLabel} · ${found.type}` : info.typeLabel,
    icon: info.icon,
    ...(state ? { status: statusTag(state) } : {}),
    ...(found.parent ? { parent: found.parent } : {}),
    ...(found.tags && tagPills(found.tags).length > 0 ? { tags: tagPills(found.tags) } : {}),
    ...(found.agent ? { agent: found.agent } : {}),
    href: info.href(found.id, authorizer),
  };
}

/** A recently opened item as an option of the Recent group. */
export function recentToItem(recent: RecentItem): PaletteItem {
  const kind = recent.kind === 'page' ? undefined : KIND_OF_RECENT[recent.kind];
  const info = kind ? KIND_INFO[kind] : undefined;
  return {
    key: `${recent.kind}:${recent.id}`,
    kind: recent.kind,
    id: recent.id,
    name: recent.name,
    typeLabel: info ? info.typeLabel : 'Page',
    icon: info ? info.icon : 'document',
    ...(recent.type ? { typeLabel: `${info?.typeLabel ?? 'Page'} · ${recent.type}` } : {}),
    ...(recent.parent ? { parent: recent.parent } : {}),
    href: recent.href,
  };
}

/** What is kept of an opened item (pages and resources; actions are not kept). */
export function toRecent(item: PaletteItem): RecentItem | undefined {
  if (item.kind === 'action' || item.kind === 'zone' || item.kind === 'search' || !item.href) {
    return undefined;
  }
  const info = item.kind === 'page' ? undefined : KIND_INFO[KIND_OF_RECENT[item.kind]];
  const type =
    info && item.typeLabel.startsWith(`${info.typeLabel} · `)
      ? item.typeLabel.slice(info.typeLabel.length + 3)
      : undefined;
  return {
    kind: item.kind,
    id: item.id,
    name: item.name,
    href: item.href,
    ...(type ? { type } : {}),
    ...(item.parent ? { parent: item.parent } : {}),
  };
}

/**
 * Where a found resource lives: its cluster (a `cluster` tag, as config items of several
 * clusters carry) and its namespace, so items of the same name tell apart.
 */
export function parentOf(row: { namespace?: string | null; tags?: unknown }): string | undefined {
  const tags = row.tags;
  const cluster =
    typeof tags === 'object' && tags !== null && !Array.isArray(tags)
      ? (tags as Record<string, unknown>).cluster
      : undefined;
  const parts = [typeof cluster === 'string' ? cluster : undefined, row.namespace ?? undefined];
  const parent = parts.filter((part): part is string => !!part).join(' / ');
  return parent === '' ? undefined : parent;
}

/** A search to type into the palette: a suggestion, or one of the user's recent searches. */
export function searchItem(text: string, typeLabel: string, icon: IconName): PaletteItem {
  return {
    key: `search:${typeLabel}:${text}`,
    kind: 'search',
    id: text,
    name: text,
    typeLabel,
    icon,
  };
}

/** The searches the empty palette suggests, each with the kind it needs and what it finds. */
export const STARTER_SEARCHES: ReadonlyArray<{
  text: string;
  kind: PaletteSearchKind;
  finds: string;
}> = [
  { text: '#config health=unhealthy', kind: 'configs', finds: 'Unhealthy catalog items' },
  {
    text: '#config type=Kubernetes::Deployment',
    kind: 'configs',
    finds: 'Kubernetes deployments',
  },
  { text: '#check health=unhealthy', kind: 'checks', finds: 'Failing health checks' },
  { text: '#change created_at>now-24h', kind: 'changes', finds: 'Changes of the last day' },
];

/** The suggestions for the kinds the user may search. */
export function starterItems(kinds: readonly PaletteSearchKind[]): PaletteItem[] {
  return STARTER_SEARCHES.filter((starter) => kinds.includes(starter.kind)).map((starter) =>
    searchItem(starter.text, starter.finds, 'lightbulb'),
  );
}

/** The user's recent searches as options. */
export function historyItems(searches: readonly string[]): PaletteItem[] {
  return searches.map((text) => searchItem(text, 'Recent search', 'history'));
}
