import { Button, HTMLSelect } from '@blueprintjs/core';
import { useGetPlaybookNamesQuery } from '../../../api/endpoints/playbooks';
import { PLAYBOOK_RUN_STATUSES } from '../../../api/schemas/playbooks';
import { TimeRangePicker } from '../../../ui/TimeRangePicker';
import type { RunsFilters } from './model/runs';
import { statusLabel } from './model/runs';

export interface RunsToolbarProps {
  filters: RunsFilters;
  onChange: (changes: Partial<RunsFilters>) => void;
  /** The name of the resource the list is narrowed to, when a shown run tells it. */
  resourceName?: string;
}

/**
 * The runs list's filters: playbook (PB-01), status, time range and, when the address narrows
 * the list to a config item or component, that resource as a removable button.
 */
export function RunsToolbar({ filters, onChange, resourceName }: RunsToolbarProps) {
  const { data: playbooks = [] } = useGetPlaybookNamesQuery();
  const playbookOptions = playbooks.map((playbook) => ({
    value: playbook.id,
    label: playbook.title || playbook.name || playbook.id,
  }));
  if (filters.playbook && !playbooks.some((playbook) => playbook.id === filters.playbook)) {
    playbookOptions.unshift({ value: filters.playbook, label: filters.playbook });
  }
  const resourceId = filters.configId ?? filters.componentId;
  const resourceKind = filters.configId ? 'Config' : 'Component';
  return (
    <div className="mc-runs-toolbar" role="group" aria-label="Filters">
      <HTMLSelect
        aria-label="Playbook"
        value={filters.playbook ?? ''}
        onChange={(event) => onChange({ playbook: event.currentTarget.value || undefined })}
        options={[{ value: '', label: 'All playbooks' }, ...playbookOptions]}
      />
      <HTMLSelect
        aria-label="Status"
        value={filters.status ?? ''}
        onChange={(event) => onChange({ status: event.currentTarget.value || undefined })}
        options={[
          { value: '', label: 'All statuses' },
          ...PLAYBOOK_RUN_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
        ]}
      />
      <TimeRangePicker
        value={filters.timeRange}
        onChange={(timeRange) => onChange({ timeRange })}
      />
      {resourceId && (
        <Button
          variant="outlined"
          icon={filters.configId ? 'cube' : 'layout-auto'}
          endIcon="small-cross"
          aria-label={`Remove filter ${resourceKind}: ${resourceName || resourceId}`}
          onClick={() => onChange({ configId: undefined, componentId: undefined })}
        >
          {resourceKind}: {resourceName || resourceId}
        </Button>
      )}
    </div>
  );
}
