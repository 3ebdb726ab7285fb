import type {
  CatalogInsightsArgs,
  InsightFilters,
} from '../../../../api/endpoints/catalogInsights';
import { insightOrder } from '../../../../api/endpoints/catalogInsights';
import type { ItemPage } from '../../../../api/endpoints/configItem';
import type {
  ComponentAnalysis,
  ConfigRef,
  InsightItem,
} from '../../../../api/schemas/catalogInsights';
import type { ListPaging } from '../../../../lib/listState';
import { sortRows } from '../../../../lib/listState';

/**
 * The insights of a component's configs, worked on in the browser: CAT-29 gives every insight
 * of the configs linked to the component, unfiltered and unnamed; CAT-05 names the configs.
 * These functions turn them into the rows of the insights list and filter, sort and page them
 * the way CAT-27 does on the server. Pure.
 */

/** The distinct config ids of the insights, sorted (CAT-05's argument). */
export function configIdsOf(analyses: readonly ComponentAnalysis[]): string[] {
  const ids = new Set<string>();
  for (const analysis of analyses) if (analysis.config_id) ids.add(analysis.config_id);
  return [...ids].sort();
}

/**
 * The insights as rows of the list, each with its config embedded as CAT-27 embeds it. A
 * config CAT-05 did not return keeps its id, without a name.
 */
export function toInsightItems(
  analyses: readonly ComponentAnalysis[],
  configs: readonly ConfigRef[],
): InsightItem[] {
  const byId = new Map(configs.map((config) => [config.id, config]));
  return analyses.map((analysis) => {
    const configId = analysis.config_id;
    const config = configId ? (byId.get(configId) ?? { id: configId }) : null;
    return {
      id: analysis.id,
      analysis_type: analysis.analysis_type,
      analyzer: analysis.analyzer,
      severity: analysis.severity,
      summary: analysis.summary,
      status: analysis.status,
      first_observed: analysis.first_observed,
      last_observed: analysis.last_observed,
      config,
    };
  });
}

/**
 * The rows every set filter matches: status, analysis type, analyzer, config and config type
 * exactly, severity whatever its case (CAT-27 sends it lower-cased).
 */
export function filterInsightItems(
  rows: readonly InsightItem[],
  filters: InsightFilters,
): InsightItem[] {
  const severity = filters.severity?.toLowerCase();
  return rows.filter(
    (row) =>
      (!filters.status || row.status === filters.status) &&
      (!filters.type || row.analysis_type === filters.type) &&
      (!severity || row.severity?.toLowerCase() === severity) &&
      (!filters.analyzer || row.analyzer === filters.analyzer) &&
      (!filters.configId || row.config?.id === filters.configId) &&
      (!filters.configType || row.config?.type === filters.configType),
  );
}

/** How severe a severity is: critical 5 … info 1, any other 0. */
const SEVERITY_RANKS: Readonly<Record<string, number>> = {
  critical: 5,
  high: 4,
  medium: 3,
  low: 2,
  info: 1,
};

/** The rank of a severity; undefined without one (such rows sort last). */
export function severityRank(severity: string | null | undefined): number | undefined {
  if (!severity) return undefined;
  return SEVERITY_RANKS[severity.toLowerCase()] ?? 0;
}

/** The time of a timestamp column, so that any ISO form sorts by time. */
function timeOf(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * The rows in the order of the list's sort (the default, first observed newest first, when it
 * names a column the list cannot sort by). Severity sorts by how severe it is, so descending
 * puts critical first; rows without a value go last either way.
 */
export function sortInsightItems(
  rows: readonly InsightItem[],
  sortBy: string | undefined,
  sortOrder: 'asc' | 'desc' | undefined,
): InsightItem[] {
  const sort = insightOrder(sortBy, sortOrder);
  return sortRows(rows, sort, (row, column) => {
    switch (column) {
      case 'severity':
        return severityRank(row.severity);
      case 'first_observed':
        return timeOf(row.first_observed);
      case 'last_observed':
        return timeOf(row.last_observed);
      case 'analyzer':
        return row.analyzer;
      case 'analysis_type':
        return row.analysis_type;
      case 'status':
        return row.status;
      default:
        return undefined;
    }
  });
}

/** The rows of one page. */
export function pageOfItems<Row>(rows: readonly Row[], { pageIndex, pageSize }: ListPaging): Row[] {
  const start = pageIndex * pageSize;
  return rows.slice(start, start + pageSize);
}

/**
 * One page of a component's insights as the list shows it: named, filtered, sorted and paged
 * by the same arguments CAT-27 takes, with the number of rows the filters match.
 */
export function componentInsightsPage(
  analyses: readonly ComponentAnalysis[],
  configs: readonly ConfigRef[],
  args: CatalogInsightsArgs,
): ItemPage<InsightItem> {
  const matching = filterInsightItems(toInsightItems(analyses, configs), args);
  const sorted = sortInsightItems(matching, args.sortBy, args.sortOrder);
  return { rows: pageOfItems(sorted, args), totalEntries: matching.length };
}
