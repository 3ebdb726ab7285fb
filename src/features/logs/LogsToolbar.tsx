import { TagInput } from '@blueprintjs/core';
import { useState } from 'react';
import type { ComponentWithLogs } from '../../api/schemas/logs';
import { FilterSelect } from '../../ui/FilterSelect';
import { TimeRangePicker } from '../../ui/TimeRangePicker';
import type { LabelFilter, LogSearchState } from './model/search';
import { DEFAULT_LOG_TIME_RANGE, labelFilterText, parseLabelFilter } from './model/search';

/** The toolbar's own words. */
export const LOGS_TOOLBAR_LABELS = {
  component: 'Component',
  chooseComponent: 'Select a component',
  selector: 'Log selector',
  chooseSelector: 'Select a log selector',
  labels: 'Label filters',
  labelsPlaceholder: 'key=value, then Enter',
  badLabel: 'A label filter is written key=value',
} as const;

export interface LogsToolbarProps {
  search: LogSearchState;
  /** The components with log selectors (TOPO-06). */
  components: readonly ComponentWithLogs[];
  /** The chosen component's selector names (TOPO-01 `logs[].name`). */
  selectors: readonly string[];
  onChange: (changes: Partial<LogSearchState>) => void;
}

/**
 * What to search: the component, one of its log selectors, the time range and label filters
 * (`key=value` tags; a tag that is not `key=value` is refused with a hint).
 */
export function LogsToolbar({ search, components, selectors, onChange }: LogsToolbarProps) {
  const [labelError, setLabelError] = useState(false);
  const setLabels = (values: readonly unknown[]) => {
    const filters: LabelFilter[] = [];
    let refused = false;
    for (const value of values) {
      const filter = typeof value === 'string' ? parseLabelFilter(value) : undefined;
      if (!filter) {
        refused = true;
        continue;
      }
      // A key filtered again takes the new value.
      const at = filters.findIndex((f) => f.key === filter.key);
      if (at >= 0) filters.splice(at, 1);
      filters.push(filter);
    }
    setLabelError(refused);
    onChange({ labels: filters });
  };
  return (
    <div className="mc-logs-toolbar" role="group" aria-label="Log search">
      <FilterSelect
        label={LOGS_TOOLBAR_LABELS.component}
        allLabel={LOGS_TOOLBAR_LABELS.chooseComponent}
        value={search.componentId}
        options={components.map((component) => ({
          value: component.id,
          label: component.name ?? component.id,
        }))}
        onChange={(componentId) => onChange({ componentId })}
      />
      <FilterSelect
        label={LOGS_TOOLBAR_LABELS.selector}
        allLabel={LOGS_TOOLBAR_LABELS.chooseSelector}
        value={search.selector}
        options={[...selectors]}
        onChange={(selector) => onChange({ selector })}
      />
      <TimeRangePicker
        value={search.timeRange}
        onChange={(timeRange) => onChange({ timeRange: timeRange ?? DEFAULT_LOG_TIME_RANGE })}
      />
      <div className="mc-logs-labels">
        <TagInput
          values={search.labels.map(labelFilterText)}
          onChange={setLabels}
          addOnBlur
          leftIcon="tag"
          placeholder={LOGS_TOOLBAR_LABELS.labelsPlaceholder}
          intent={labelError ? 'danger' : 'none'}
          inputProps={{ 'aria-label': LOGS_TOOLBAR_LABELS.labels }}
        />
        {labelError && (
          <span role="alert" className="mc-logs-label-error">
            {LOGS_TOOLBAR_LABELS.badLabel}
          </span>
        )}
      </div>
    </div>
  );
}
