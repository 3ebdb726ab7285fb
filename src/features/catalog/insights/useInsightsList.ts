import { skipToken } from '@reduxjs/toolkit/query';
import { useMemo } from 'react';
import type { CatalogInsightsArgs } from '../../../api/endpoints/catalogInsights';
import {
  useGetCatalogInsightsQuery,
  useGetComponentAnalysisQuery,
  useGetConfigsByIdsQuery,
} from '../../../api/endpoints/catalogInsights';
import type { InsightItem } from '../../../api/schemas/catalogInsights';
import type { ListState } from '../../../lib/listState';
import { useOwnerFilter } from '../../../widgets/ownedByMyTeams';
import { componentInsightsPage, configIdsOf } from './model/componentInsights';
import type { InsightsUrlFilters } from './model/insightsParams';

/** One page of the insights list, however it was read. */
export interface InsightsList {
  rows: InsightItem[];
  /** How many insights match the filters. */
  totalEntries: number;
  /** Nothing to show yet. */
  isLoading: boolean;
  /** A read is under way (a new page, a refresh). */
  isFetching: boolean;
  /** Why the rows could not be read. */
  error?: unknown;
  /** Reads again what failed. */
  refetch: () => void;
}

/** CAT-27's arguments from the address's filters, page and sort. */
export function insightsArgs(filters: InsightsUrlFilters, list: ListState): CatalogInsightsArgs {
  return {
    status: filters.status,
    type: filters.type,
    severity: filters.severity,
    analyzer: filters.analyzer,
    configId: filters.configId,
    configType: filters.configType,
    pageIndex: list.pageIndex,
    pageSize: list.pageSize,
    sortBy: list.sortBy,
    sortOrder: list.sortOrder,
  };
}

/**
 * The insights the page lists. Without a component, a page from the server (CAT-27). With one,
 * every insight of the component's configs (CAT-29) and those configs' names (CAT-05), then
 * filtered, sorted and paged here; CAT-27 is not asked (nor is "Owned by my teams" applied).
 */
export function useInsightsList(filters: InsightsUrlFilters, list: ListState): InsightsList {
  // Both come memoised from the address, so the arguments change only with it.
  const { owners, pending } = useOwnerFilter(filters.owned);
  const args = useMemo(
    () => ({ ...insightsArgs(filters, list), ...(owners ? { owners } : {}) }),
    [filters, list, owners],
  );
  const componentId = filters.component;
  const server = useGetCatalogInsightsQuery(componentId || pending ? skipToken : args);
  const analysis = useGetComponentAnalysisQuery(componentId ?? skipToken);
  const ids = useMemo(() => configIdsOf(analysis.data ?? []), [analysis.data]);
  const wantsConfigs = Boolean(componentId && analysis.data && ids.length > 0);
  const configs = useGetConfigsByIdsQuery(wantsConfigs ? ids : skipToken);

  const local = useMemo(
    () =>
      componentId && analysis.data
        ? componentInsightsPage(analysis.data, wantsConfigs ? (configs.data ?? []) : [], args)
        : undefined,
    [componentId, analysis.data, configs.data, wantsConfigs, args],
  );

  if (!componentId) {
    return {
      rows: server.data?.rows ?? [],
      totalEntries: server.data?.totalEntries ?? 0,
      isLoading: server.isLoading || pending,
      isFetching: server.isFetching,
      error: server.error,
      refetch: () => void server.refetch(),
    };
  }
  const error = analysis.error ?? (wantsConfigs ? configs.error : undefined);
  return {
    rows: local?.rows ?? [],
    totalEntries: local?.totalEntries ?? 0,
    isLoading: (analysis.isLoading || (wantsConfigs && !configs.data)) && !error,
    isFetching: analysis.isFetching || (wantsConfigs && configs.isFetching),
    error,
    refetch: () => {
      if (analysis.error) void analysis.refetch();
      else void configs.refetch();
    },
  };
}
