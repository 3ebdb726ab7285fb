import { useMemo } from 'react';
import { useGetInsightFilterOptionsQuery } from '../../../api/endpoints/catalogInsights';
import { ComponentFilter, FilterBar } from '../../../widgets/FilterBar';
import { OwnedByMyTeamsSwitch } from '../../../widgets/ownedByMyTeams';
import { statusWord } from '../item/model/format';
import type { InsightsUrlFilters } from './model/insightsParams';
import { INSIGHT_SEVERITIES, INSIGHT_STATUSES } from './model/insightsParams';

export interface InsightsToolbarProps {
  filters: InsightsUrlFilters;
  /** Changes some filters. */
  onChange: (changes: Partial<InsightsUrlFilters>) => void;
  /** The name of the config the list is narrowed to (`configId`), when known. */
  configName?: string;
}

/**
 * The insights page's filters: status, severity, and the analysis type, analyzer, config type
 * and config item offered by `rpc/config_analysis_filter_options` (the items by name), a
 * component picked by search, and "Owned by my teams".
 */
export function InsightsToolbar({ filters, onChange, configName }: InsightsToolbarProps) {
  const { data: options } = useGetInsightFilterOptionsQuery();
  const configs = useMemo(
    () =>
      (options?.configs ?? []).map((config) => ({
        value: config.id,
        label: config.name ?? config.id,
      })),
    [options],
  );
  return (
    <FilterBar
      className="mc-insights-toolbar"
      filters={filters}
      onChange={onChange}
      selects={[
        {
          field: 'status',
          label: 'Status',
          allLabel: 'All statuses',
          options: INSIGHT_STATUSES,
          optionLabel: statusWord,
        },
        { field: 'type', label: 'Type', allLabel: 'All types', options: options?.types ?? [] },
        {
          field: 'severity',
          label: 'Severity',
          allLabel: 'All severities',
          options: INSIGHT_SEVERITIES,
          optionLabel: statusWord,
        },
        {
          field: 'analyzer',
          label: 'Analyzer',
          allLabel: 'All analyzers',
          options: options?.analyzers ?? [],
        },
        {
          field: 'configType',
          label: 'Config type',
          allLabel: 'All config types',
          options: options?.configTypes ?? [],
        },
        {
          field: 'configId',
          label: 'Config',
          allLabel: 'All configs',
          options: configs,
          optionLabel: (id) => (id === filters.configId && configName) || id,
        },
      ]}
    >
      <ComponentFilter
        className="mc-insights-component"
        value={filters.component}
        onChange={(component) => onChange({ component })}
      />
      <OwnedByMyTeamsSwitch value={filters.owned} onChange={(owned) => onChange({ owned })} />
    </FilterBar>
  );
}
