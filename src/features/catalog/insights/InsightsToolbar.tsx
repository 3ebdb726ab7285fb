import { useGetConfigTypesQuery } from '../../../api/endpoints/catalog';
import {
  useGetAnalysisTypesQuery,
  useGetAnalyzersQuery,
} from '../../../api/endpoints/catalogInsights';
import { ComponentFilter, FilterBar, RemovableFilter } from '../../../widgets/FilterBar';
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
 * The insights page's filters: status, analysis type (CAT-16), severity, analyzer (CAT-17),
 * config type (CAT-14), a component picked by search, "Owned by my teams", and the config of the address as a tag
 * that can be removed.
 */
export function InsightsToolbar({ filters, onChange, configName }: InsightsToolbarProps) {
  const { data: types = [] } = useGetAnalysisTypesQuery();
  const { data: analyzers = [] } = useGetAnalyzersQuery();
  const { data: configTypes = [] } = useGetConfigTypesQuery();
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
        { field: 'type', label: 'Type', allLabel: 'All types', options: types },
        {
          field: 'severity',
          label: 'Severity',
          allLabel: 'All severities',
          options: INSIGHT_SEVERITIES,
          optionLabel: statusWord,
        },
        { field: 'analyzer', label: 'Analyzer', allLabel: 'All analyzers', options: analyzers },
        {
          field: 'configType',
          label: 'Config type',
          allLabel: 'All config types',
          options: configTypes,
        },
      ]}
    >
      <ComponentFilter
        className="mc-insights-component"
        value={filters.component}
        onChange={(component) => onChange({ component })}
      />
      <OwnedByMyTeamsSwitch value={filters.owned} onChange={(owned) => onChange({ owned })} />
      {filters.configId && (
        <RemovableFilter
          icon="cube"
          label="Config"
          name={configName || filters.configId}
          onRemove={() => onChange({ configId: undefined })}
        />
      )}
    </FilterBar>
  );
}
