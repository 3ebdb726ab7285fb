import { Button } from '@blueprintjs/core';
import { useGetConfigTypesQuery } from '../../../api/endpoints/catalog';
import {
  useGetAnalysisTypesQuery,
  useGetAnalyzersQuery,
} from '../../../api/endpoints/catalogInsights';
import { FilterSelect } from '../../../ui/FilterSelect';
import { KindPicker } from '../../../widgets/pickers';
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
 * config type (CAT-14), a component picked by search, and the config of the address as a tag
 * that can be removed.
 */
export function InsightsToolbar({ filters, onChange, configName }: InsightsToolbarProps) {
  const { data: types = [] } = useGetAnalysisTypesQuery();
  const { data: analyzers = [] } = useGetAnalyzersQuery();
  const { data: configTypes = [] } = useGetConfigTypesQuery();
  return (
    <div className="mc-insights-toolbar" role="group" aria-label="Filters">
      <FilterSelect
        label="Status"
        allLabel="All statuses"
        value={filters.status}
        options={INSIGHT_STATUSES}
        optionLabel={statusWord}
        onChange={(status) => onChange({ status })}
      />
      <FilterSelect
        label="Type"
        allLabel="All types"
        value={filters.type}
        options={types}
        onChange={(type) => onChange({ type })}
      />
      <FilterSelect
        label="Severity"
        allLabel="All severities"
        value={filters.severity}
        options={INSIGHT_SEVERITIES}
        optionLabel={statusWord}
        onChange={(severity) => onChange({ severity })}
      />
      <FilterSelect
        label="Analyzer"
        allLabel="All analyzers"
        value={filters.analyzer}
        options={analyzers}
        onChange={(analyzer) => onChange({ analyzer })}
      />
      <FilterSelect
        label="Config type"
        allLabel="All config types"
        value={filters.configType}
        options={configTypes}
        onChange={(configType) => onChange({ configType })}
      />
      <div className="mc-insights-component">
        <KindPicker
          kind="components"
          value={filters.component}
          placeholder="Any component"
          onChange={(option) => onChange({ component: option?.value })}
        />
      </div>
      {filters.configId && (
        <Button
          variant="outlined"
          icon="cube"
          endIcon="small-cross"
          aria-label={`Remove filter Config: ${configName || filters.configId}`}
          onClick={() => onChange({ configId: undefined })}
        >
          Config: {configName || filters.configId}
        </Button>
      )}
    </div>
  );
}
