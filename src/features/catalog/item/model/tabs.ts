import type { ConfigSummary } from '../../../../api/schemas/configItem';

/** The sub-pages of a config item, each at `/catalog/:id/{id}`. */
export const CONFIG_ITEM_TABS = [
  { id: 'spec', label: 'Spec' },
  { id: 'changes', label: 'Changes', count: 'changes' },
  { id: 'insights', label: 'Insights', count: 'analysis' },
  { id: 'relationships', label: 'Relationships', count: 'relationships' },
  { id: 'playbooks', label: 'Playbooks', count: 'playbook_runs' },
  { id: 'checks', label: 'Checks', count: 'checks' },
] as const satisfies ReadonlyArray<{ id: string; label: string; count?: keyof ConfigSummary }>;

export type ConfigItemTabId = (typeof CONFIG_ITEM_TABS)[number]['id'];

/** The tab an item opens on. */
export const DEFAULT_CONFIG_ITEM_TAB: ConfigItemTabId = 'spec';

/** The tab named by the first segment of the path below `/catalog/:id/`, if it is one. */
export function tabFromSubPath(subPath: string | undefined): ConfigItemTabId | undefined {
  const first = (subPath ?? '').split('/')[0] ?? '';
  return CONFIG_ITEM_TABS.find((tab) => tab.id === first)?.id;
}

/** The count a tab shows from the item's summary; undefined when the summary lacks it. */
export function tabCount(
  tab: ConfigItemTabId,
  summary: ConfigSummary | null | undefined,
): number | undefined {
  const definition = CONFIG_ITEM_TABS.find((entry) => entry.id === tab);
  if (!definition || !('count' in definition) || !summary) return undefined;
  const value = summary[definition.count];
  return typeof value === 'number' ? value : undefined;
}
