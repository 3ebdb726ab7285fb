import { LOCAL_AGENT_ID } from '../../../api/schemas/healthSummary';
import { labelValue } from './checkFields';
import type { HealthCheck } from './types';

/** What the tabs split the checks by: namespace, agent, or the values of one label. */
export type TabBy = 'namespace' | 'agent' | `label:${string}`;

export const DEFAULT_TAB_BY: TabBy = 'namespace';

const LABEL_PREFIX = 'label:';

/** `label:{key}` → `key`; undefined for the other choices. */
export function tabLabelKey(tabBy: string): string | undefined {
  return tabBy.startsWith(LABEL_PREFIX) ? tabBy.slice(LABEL_PREFIX.length) : undefined;
}

/** Whether a URL value is a Tab By choice. */
export function isTabBy(value: string): value is TabBy {
  return value === 'namespace' || value === 'agent' || (tabLabelKey(value) ?? '') !== '';
}

/** One tab. `value` null is the All tab. */
export interface TabOption {
  value: string | null;
  label: string;
  /** Checks in the tab. */
  count: number;
}

/** The label of the All tab. */
export const ALL_TAB_LABEL = 'All';
/** Tab label of checks with no namespace. */
export const NO_NAMESPACE_LABEL = '(none)';
/** Tab label of checks that run on the local instance. */
export const LOCAL_AGENT_LABEL = 'local';

/** The tab a check belongs to; undefined when it is only in All (no such label). */
export function tabValueOf(check: HealthCheck, tabBy: TabBy): string | undefined {
  if (tabBy === 'namespace') return check.namespace ?? '';
  if (tabBy === 'agent') return check.agent_id || LOCAL_AGENT_ID;
  return labelValue(check, tabLabelKey(tabBy) ?? '');
}

function tabLabel(value: string, tabBy: TabBy, agentNames: ReadonlyMap<string, string>): string {
  if (tabBy === 'namespace') return value === '' ? NO_NAMESPACE_LABEL : value;
  if (tabBy === 'agent') {
    if (value === LOCAL_AGENT_ID) return LOCAL_AGENT_LABEL;
    return agentNames.get(value) || value;
  }
  return value;
}

/**
 * All (every check), then one tab per value, sorted by label, each with its count. Agent tabs
 * are named from `agentNames` (id → name); the local agent is `local`.
 */
export function tabsOf(
  checks: readonly HealthCheck[],
  tabBy: TabBy,
  agentNames: ReadonlyMap<string, string> = new Map(),
): TabOption[] {
  const counts = new Map<string, number>();
  for (const check of checks) {
    const value = tabValueOf(check, tabBy);
    if (value !== undefined) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  const tabs = [...counts].map(([value, count]) => ({
    value,
    label: tabLabel(value, tabBy, agentNames),
    count,
  }));
  tabs.sort((a, b) => (a.label < b.label ? -1 : a.label > b.label ? 1 : 0));
  return [{ value: null, label: ALL_TAB_LABEL, count: checks.length }, ...tabs];
}

/** The agent ids the checks run on, other than the local one, sorted. */
export function agentIdsOf(checks: readonly HealthCheck[]): string[] {
  const ids = new Set<string>();
  for (const check of checks) {
    if (check.agent_id && check.agent_id !== LOCAL_AGENT_ID) ids.add(check.agent_id);
  }
  return [...ids].sort();
}

/** The checks of one tab; the input itself for All (null). */
export function checksInTab(
  checks: readonly HealthCheck[],
  tabBy: TabBy,
  tab: string | null,
): readonly HealthCheck[] {
  if (tab === null) return checks;
  return checks.filter((check) => tabValueOf(check, tabBy) === tab);
}
