import { useEffect, useMemo } from 'react';
import { useGetAgentNamesQuery } from '../../api/endpoints/agents';
import { filterChecks, prepareSearch } from './model/filterChecks';
import { groupChecks } from './model/groupChecks';
import { NO_PIVOT, pivotChoice } from './model/pivot';
import type { LabelCatalog } from './model/labels';
import { collectLabels, labelFilterOf } from './model/labels';
import { sortRows } from './model/sortRows';
import type { TabOption } from './model/tabs';
import { checksInTab, tabsOf } from './model/tabs';
import type { CheckRow, HealthCheck, HealthRow } from './model/types';
import type { HealthUrlState } from './model/urlState';

export interface HealthView {
  /** Labels of every check, for the filters and the Group By / Tab By choices. */
  catalog: LabelCatalog;
  /** All, then a tab per value of the checks that pass the filters. */
  tabs: TabOption[];
  /** The tab shown: the URL's when it exists, else All (null). */
  selectedTab: string | null;
  /** Table rows (grouped and sorted). */
  rows: HealthRow[];
  /** Card layout: the checks of the tab, sorted, ungrouped. */
  cards: CheckRow[];
  /** Checks that pass the filters, in every tab. */
  matching: number;
  /** The checks of the tab shown that pass the filters (the pivot's columns are their values). */
  shown: readonly HealthCheck[];
}

/** Agent id → name, asked for only while the tabs are by agent. */
function useAgentNames(enabled: boolean): ReadonlyMap<string, string> {
  const { data } = useGetAgentNamesQuery(undefined, { skip: !enabled });
  return useMemo(() => new Map((data ?? []).map((agent) => [agent.id, agent.name])), [data]);
}

/**
 * The checks as the page shows them: filtered by search, Hide Passing and labels, split into
 * tabs, grouped and sorted. Each step is memoised on its own inputs, so typing in the search
 * does not regroup unless the matches change, and sorting does not refilter.
 */
export function useHealthView(checks: readonly HealthCheck[], state: HealthUrlState): HealthView {
  const { query, hidePassing, labels, tabBy, tab, groupBy, sort, layout, pivotBy } = state;
  // The pivot's rows are the table's, whatever the layout.
  const grouping = layout === 'table' || pivotChoice(pivotBy) !== NO_PIVOT;
  const agentNames = useAgentNames(tabBy === 'agent');
  const catalog = useMemo(() => collectLabels(checks), [checks]);
  // Ready the search texts once the new list is on screen, so the next keystroke is cheap.
  useEffect(() => prepareSearch(checks), [checks]);
  const labelFilter = useMemo(() => labelFilterOf(labels, catalog), [labels, catalog]);
  const filtered = useMemo(
    () => filterChecks(checks, { query, hidePassing, labels: labelFilter }),
    [checks, query, hidePassing, labelFilter],
  );
  const tabs = useMemo(() => tabsOf(filtered, tabBy, agentNames), [filtered, tabBy, agentNames]);
  const selectedTab = tab !== undefined && tabs.some((option) => option.value === tab) ? tab : null;
  const inTab = useMemo(
    () => checksInTab(filtered, tabBy, selectedTab),
    [filtered, tabBy, selectedTab],
  );
  const grouped = useMemo(
    () => groupChecks(inTab, grouping ? groupBy : 'no-group'),
    [inTab, groupBy, grouping],
  );
  const rows = useMemo(() => sortRows(grouped, sort), [grouped, sort]);
  const cards = useMemo(
    () => (grouping ? [] : rows.filter((row): row is CheckRow => row.kind === 'check')),
    [rows, grouping],
  );
  return { catalog, tabs, selectedTab, rows, cards, matching: filtered.length, shown: inTab };
}
