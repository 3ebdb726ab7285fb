import type { ConfigSummary } from '../../../../api/schemas/configItem';

/** The sub-pages of a config item, each at `/catalog/:id/{id}`. */
export const CONFIG_ITEM_TABS = [
  { id: 'spec', label: 'Spec' },
  { id: 'changes', label: 'Changes', count: 'changes' },
  { id: 'insights', label: 'Insights', count: 'analysis' },
  { id: 'relationships', label: 'Relationships', count: 'relationships' },
  { id: 'playbooks', label: 'Playbooks', count: 'playbook_runs' },
  { id: 'checks', label: 'Checks', count: 'checks' },
  { id: 'incidents', label: 'Incidents' },
  { id: 'access', label: 'Access' },
  { id: 'access-logs', label: 'Access Logs' },
] as const satisfies ReadonlyArray<{ id: string; label: string; count?: keyof ConfigSummary }>;

/** A view of the item (VIEW-06), at `/catalog/:id/view/{viewId}`. */
export type ViewTabId = `view/${string}`;

export type ConfigItemTabId = (typeof CONFIG_ITEM_TABS)[number]['id'] | ViewTabId;

/** The tab of a view of the item. */
export function viewTabId(viewId: string): ViewTabId {
  return `view/${viewId}`;
}

/** The view's id of a view tab; undefined for the other tabs. */
export function viewIdOfTab(tab: ConfigItemTabId): string | undefined {
  return tab.startsWith('view/') ? tab.slice('view/'.length) : undefined;
}

/** The tab an item opens on. */
export const DEFAULT_CONFIG_ITEM_TAB: ConfigItemTabId = 'spec';

/** The tab named by the first segment of the path below `/catalog/:id/`, if it is one. */
export function tabFromSubPath(subPath: string | undefined): ConfigItemTabId | undefined {
  const [first = '', second = ''] = (subPath ?? '').split('/');
  if (first === 'view') return second === '' ? undefined : viewTabId(second);
  return CONFIG_ITEM_TABS.find((tab) => tab.id === first)?.id;
}

/** Counts of tabs the summary does not count, taken from their own lists (incidents, access). */
export type ListedCounts = Partial<Record<ConfigItemTabId, number>>;

/**
 * The count a tab shows: from its own list when given, else from the item's summary; undefined
 * when neither has it.
 */
export function tabCount(
  tab: ConfigItemTabId,
  summary: ConfigSummary | null | undefined,
  listed: ListedCounts = {},
): number | undefined {
  const fromList = listed[tab];
  if (fromList !== undefined) return fromList;
  const definition = CONFIG_ITEM_TABS.find((entry) => entry.id === tab);
  if (!definition || !('count' in definition) || !summary) return undefined;
  const value = summary[definition.count];
  return typeof value === 'number' ? value : undefined;
}
