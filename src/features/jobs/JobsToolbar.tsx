import { useState } from 'react';
import { useGetJobNamesQuery } from '../../api/endpoints/jobHistory';
import { JOB_STATUSES } from '../../api/schemas/jobHistory';
import { FilterDropdown } from '../../ui/FilterDropdown';
import { TimeRangePicker } from '../../ui/TimeRangePicker';
import { FilterBar, filterBinding } from '../../widgets/FilterBar';
import type { JobFilters } from './model/filters';
import { JOB_RESOURCE_TYPES, RUN_DURATIONS } from './model/filters';
import { jobStatusLabel } from '../../lib/jobStatus';

/** The toolbar's own words. */
export const JOBS_TOOLBAR_LABELS = {
  name: 'Name',
  status: 'Status',
  duration: 'Duration',
  anyDuration: 'Any duration',
  resourceType: 'Resource type',
  allTypes: 'All types',
} as const;

const STATUS_OPTIONS = JOB_STATUSES.map((status) => ({
  value: status,
  label: jobStatusLabel(status),
}));

const DURATION_OPTIONS = RUN_DURATIONS.map(({ value, label }) => ({ value, label: `≥ ${label}` }));

export interface JobsToolbarProps {
  filters: JobFilters;
  onChange: (changes: Partial<JobFilters>) => void;
  /** Leaves out the resource type filter (a list already narrowed to one type). */
  hideResourceType?: boolean;
  /** Leaves out the name filter (one job's page). */
  hideName?: boolean;
}

/**
 * The job history filters (spec 002 §9): job name (JOB-02's names, loaded when the list first
 * opens) and status as include/exclude lists, the least run time, the resource type and the
 * time range. Clearing the time range goes back to the default range.
 */
export function JobsToolbar({
  filters,
  onChange,
  hideResourceType = false,
  hideName = false,
}: JobsToolbarProps) {
  const [namesWanted, setNamesWanted] = useState(false);
  const names = useGetJobNamesQuery(undefined, { skip: !namesWanted });
  const nameOptions = (names.data ?? []).map((name) => ({ value: name, label: name }));
  const bind = filterBinding(filters, onChange);
  return (
    <FilterBar<JobFilters>
      className="mc-jobs-toolbar"
      filters={filters}
      onChange={onChange}
      before={
        <>
          {!hideName && (
            <FilterDropdown
              label={JOBS_TOOLBAR_LABELS.name}
              options={nameOptions}
              {...bind('name')}
              onOpening={() => setNamesWanted(true)}
              loading={names.isFetching}
            />
          )}
          <FilterDropdown
            label={JOBS_TOOLBAR_LABELS.status}
            options={STATUS_OPTIONS}
            {...bind('status')}
          />
        </>
      }
      selects={[
        {
          field: 'runDuration',
          label: JOBS_TOOLBAR_LABELS.duration,
          allLabel: JOBS_TOOLBAR_LABELS.anyDuration,
          options: DURATION_OPTIONS,
        },
        !hideResourceType && {
          field: 'resourceType',
          label: JOBS_TOOLBAR_LABELS.resourceType,
          allLabel: JOBS_TOOLBAR_LABELS.allTypes,
          options: JOB_RESOURCE_TYPES,
        },
      ]}
    >
      <TimeRangePicker {...bind('timeRange')} />
    </FilterBar>
  );
}
