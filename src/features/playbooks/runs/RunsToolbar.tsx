import { Button, HTMLSelect } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { useState } from 'react';
import { useGetPlaybookNamesQuery } from '../../../api/endpoints/playbooks';
import { PLAYBOOK_RUN_STATUSES } from '../../../api/schemas/playbooks';
import { FilterSelect } from '../../../ui/FilterSelect';
import { TimeRangePicker } from '../../../ui/TimeRangePicker';
import { KindPicker } from '../../../widgets/pickers';
import type { RunResourceKind, RunsFilters } from './model/runs';
import { NO_RESOURCE_FILTER, filteredResource, resourceFilter, statusLabel } from './model/runs';

/** How each resource kind reads, its icon and the search it picks from (MISC-03). */
const RESOURCE_KINDS: Record<
  RunResourceKind,
  { label: string; icon: IconName; search: 'configs' | 'components' | 'checks' }
> = {
  config: { label: 'Config', icon: 'cube', search: 'configs' },
  component: { label: 'Component', icon: 'layout-auto', search: 'components' },
  check: { label: 'Check', icon: 'heart', search: 'checks' },
};
const KIND_ORDER: RunResourceKind[] = ['config', 'component', 'check'];

/** The toolbar's own words. */
export const RUNS_TOOLBAR_LABELS = {
  resourceType: 'Resource type',
  resource: 'Resource',
} as const;

export interface RunsToolbarProps {
  filters: RunsFilters;
  onChange: (changes: Partial<RunsFilters>) => void;
  /** The name of the resource the list is narrowed to, when a shown run tells it. */
  resourceName?: string;
}

/**
 * The runs list's filters: playbook (PB-01), status, time range, and the resource the runs ran
 * on: its kind (config, component or check) and a search of that kind; the chosen resource also
 * shows as a removable button.
 */
export function RunsToolbar({ filters, onChange, resourceName }: RunsToolbarProps) {
  const { data: playbooks = [] } = useGetPlaybookNamesQuery();
  const playbookOptions = playbooks.map((playbook) => ({
    value: playbook.id,
    label: playbook.title || playbook.name || playbook.id,
  }));
  const resource = filteredResource(filters);
  // The option last picked, so the button has a name before a run of it is shown.
  const [picked, setPicked] = useState<{ id: string; name: string }>();
  const name =
    resourceName ||
    (picked && picked.id === resource?.id ? picked.name : undefined) ||
    resource?.id;
  const [chosenKind, setKind] = useState<RunResourceKind>('config');
  const kind = resource?.kind ?? chosenKind;
  return (
    <div className="mc-runs-toolbar" role="group" aria-label="Filters">
      <FilterSelect
        label="Playbook"
        allLabel="All playbooks"
        value={filters.playbook}
        options={playbookOptions}
        onChange={(playbook) => onChange({ playbook })}
      />
      <FilterSelect
        label="Status"
        allLabel="All statuses"
        value={filters.status}
        options={PLAYBOOK_RUN_STATUSES}
        optionLabel={statusLabel}
        onChange={(status) => onChange({ status })}
      />
      <TimeRangePicker
        value={filters.timeRange}
        onChange={(timeRange) => onChange({ timeRange })}
      />
      <HTMLSelect
        aria-label={RUNS_TOOLBAR_LABELS.resourceType}
        value={kind}
        options={KIND_ORDER.map((value) => ({ value, label: RESOURCE_KINDS[value].label }))}
        onChange={(event) => {
          setKind(event.currentTarget.value as RunResourceKind);
          // Another kind: the resource chosen of the previous one no longer applies.
          if (resource) onChange(NO_RESOURCE_FILTER);
        }}
      />
      <KindPicker
        key={kind}
        kind={RESOURCE_KINDS[kind].search}
        label={RUNS_TOOLBAR_LABELS.resource}
        hideLabel
        placeholder={`Search ${RESOURCE_KINDS[kind].label.toLowerCase()}s…`}
        value={resource?.id}
        {...(name ? { valueLabel: name } : {})}
        onChange={(option) => {
          if (option) setPicked({ id: option.value, name: option.label });
          onChange(option ? resourceFilter({ kind, id: option.value }) : NO_RESOURCE_FILTER);
        }}
      />
      {resource && (
        <Button
          variant="outlined"
          icon={RESOURCE_KINDS[resource.kind].icon}
          endIcon="small-cross"
          aria-label={`Remove filter ${RESOURCE_KINDS[resource.kind].label}: ${name}`}
          onClick={() => onChange(NO_RESOURCE_FILTER)}
        >
          {RESOURCE_KINDS[resource.kind].label}: {name}
        </Button>
      )}
    </div>
  );
}
