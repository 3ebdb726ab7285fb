import type { InsightFilters } from '../../../../api/endpoints/catalogInsights';

/** The URL parameters of the insights page's filters (the list's page and sort have their own). */
export const INSIGHT_FILTER_PARAMS = {
  status: 'status',
  type: 'type',
  severity: 'severity',
  analyzer: 'analyzer',
  configType: 'configType',
  component: 'component',
  configId: 'configId',
} as const;

export type InsightFilterName = keyof typeof INSIGHT_FILTER_PARAMS;

/** The states an insight can be in. */
export const INSIGHT_STATUSES = ['open', 'resolved', 'silenced'] as const;

/** The severities an insight can have, most severe first. */
export const INSIGHT_SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;

/** The page's filters as its address holds them. */
export interface InsightsUrlFilters extends InsightFilters {
  /**
   * The insights of the configs linked to one topology component: the page then reads them
   * all (CAT-29) and filters, sorts and pages in the browser.
   */
  component?: string;
}

const NAMES = Object.keys(INSIGHT_FILTER_PARAMS) as InsightFilterName[];

/** The filters of `params`; missing and empty parameters are left out. */
export function readInsightFilters(params: URLSearchParams): InsightsUrlFilters {
  const filters: InsightsUrlFilters = {};
  for (const name of NAMES) {
    const value = params.get(INSIGHT_FILTER_PARAMS[name])?.trim();
    if (value) filters[name] = value;
  }
  return filters;
}

/**
 * A copy of `params` with the changed filters written in (an empty or undefined value removes
 * its parameter). Other parameters stay, except the page, which goes back to the first: the
 * rows are no longer the same.
 */
export function writeInsightFilters(
  params: URLSearchParams,
  changes: Partial<InsightsUrlFilters>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of NAMES) {
    if (!(name in changes)) continue;
    const value = changes[name]?.trim();
    if (value) next.set(INSIGHT_FILTER_PARAMS[name], value);
    else next.delete(INSIGHT_FILTER_PARAMS[name]);
  }
  next.delete('pageIndex');
  return next;
}

/** Whether any filter narrows the list. */
export function hasInsightFilters(filters: InsightsUrlFilters): boolean {
  return NAMES.some((name) => Boolean(filters[name]));
}

/** A copy of `params` without any filter, on the first page; the page size and sort stay. */
export function clearInsightFilters(params: URLSearchParams): URLSearchParams {
  return writeInsightFilters(
    params,
    Object.fromEntries(NAMES.map((name) => [name, undefined])) as InsightsUrlFilters,
  );
}
