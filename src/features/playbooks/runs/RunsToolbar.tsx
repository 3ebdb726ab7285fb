import type { IconName } from '@blueprintjs/icons';
import { useState } from 'react';
import { useGetPlaybookNamesQuery } from '../../../api/endpoints/playbooks';
import { PLAYBOOK_RUN_STATUSES } from '../../../api/schemas/playbooks';
import { TimeRangePicker } from '../../../ui/TimeRangePicker';
import { FilterBar, RemovableFilter } from '../../../widgets/FilterBar';
import { useResourceLabel } from '../../../widgets/pickers';
import {
  RESOURCE_REF_KINDS,
  ResourceRefPicker,
  refKinds,
} from '../../../widgets/ResourceRefPicker';
import type { RunResourceKind, RunsFilters } from './model/runs';
import { NO_RESOURCE_FILTER, filteredResource, resourceFilter, statusLabel } from './model/runs';

/** The kinds of resource a run ran on, in the order offered (MISC-03). */
const RUN_KINDS = refKinds<RunResourceKind>(['config', 'component', 'check']);
/** The icon of the removable filter, per kind. */
const KIND_ICONS: Record<RunResourceKind, IconName> = {
  config: 'cube',
  component: 'layout-auto',
  check: 'heart',
};

/** The toolbar's own words. */
export const RUNS_TOOLBAR_LABELS = {
  resourceType: 'Resource type',
  resource: 'Resource',
} as const;

export interface RunsToolbarProps {
  filters: RunsFilters;
  onChange: (changes: Partial<RunsFilters>) => void;
}

/**
 * The runs list's filters: playbook (PB-01), status, time range, and the resource the runs ran
 * on: its kind (config, component or check) and a search of that kind; the chosen resource also
 * shows as a removable button.
 */
export function RunsToolbar({ filters, onChange }: RunsToolbarProps) {
  const { data: playbooks = [] } = useGetPlaybookNamesQuery();
  const playbookOptions = playbooks.map((playbook) => ({
    value: playbook.id,
    label: playbook.title || playbook.name || playbook.id,
  }));
  const resource = filteredResource(filters);
  // The name of the option last picked, so the button has one before the lookup answers.
  const [picked, setPicked] = useState<{ id: string; name: string }>();
  const name =
    useResourceLabel(
      resource ? RESOURCE_REF_KINDS[resource.kind].search : 'configs',
      resource?.id,
    ) ??
    (picked?.id === resource?.id ? picked?.name : undefined) ??
    resource?.id;
  return (
    <FilterBar
      className="mc-runs-toolbar"
      filters={filters}
      onChange={onChange}
      selects={[
        {
          field: 'playbook',
          label: 'Playbook',
          allLabel: 'All playbooks',
          options: playbookOptions,
        },
        {
          field: 'status',
          label: 'Status',
          allLabel: 'All statuses',
          options: PLAYBOOK_RUN_STATUSES,
          optionLabel: statusLabel,
        },
      ]}
    >
      <TimeRangePicker
        value={filters.timeRange}
        onChange={(timeRange) => onChange({ timeRange })}
      />
      <ResourceRefPicker
        kinds={RUN_KINDS}
        kindLabel={RUNS_TOOLBAR_LABELS.resourceType}
        label={RUNS_TOOLBAR_LABELS.resource}
        hideLabel
        value={resource}
        onChange={(ref, option) => {
          if (ref && option) setPicked({ id: ref.id, name: option.label });
          onChange(ref ? resourceFilter(ref) : NO_RESOURCE_FILTER);
        }}
      />
      {resource && (
        <RemovableFilter
          icon={KIND_ICONS[resource.kind]}
          label={RUN_KINDS[resource.kind].label}
          name={name ?? ''}
          onRemove={() => onChange(NO_RESOURCE_FILTER)}
        />
      )}
    </FilterBar>
  );
}
