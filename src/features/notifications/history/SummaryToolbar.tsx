import { useCallback } from 'react';
import {
  NOTIFICATION_RESOURCE_TYPES,
  SEND_STATUSES,
} from '../../../api/schemas/notificationHistory';
import type { FilterOption } from '../../../ui/FilterDropdown';
import { FilterDropdown } from '../../../ui/FilterDropdown';
import { SearchBox } from '../../../ui/SearchBox';
import { ClearFiltersButton, FilterSwitch, filterBinding } from '../../../widgets/FilterBar';
import type { SummaryFilters } from './model/historyParams';
import { RESOURCE_KIND_LABELS, sendStatusLabel } from './model/sends';

/** The toolbar's own words. */
export const SUMMARY_TOOLBAR_LABELS = {
  search: 'Search by resource name',
  status: 'Status',
  resourceType: 'Resource type',
  includeDeleted: 'Include deleted resources',
} as const;

/** The send statuses of api.md NOTIF-07, as the status filter offers them. */
export const STATUS_OPTIONS: FilterOption[] = SEND_STATUSES.map((status) => ({
  value: status,
  label: sendStatusLabel(status),
}));

/** The resource types a notification can be about. */
export const RESOURCE_TYPE_OPTIONS: FilterOption[] = NOTIFICATION_RESOURCE_TYPES.map((type) => ({
  value: type,
  label: RESOURCE_KIND_LABELS[type],
}));

export interface SummaryToolbarProps {
  filters: SummaryFilters;
  /** Whether any filter is set. */
  filtered: boolean;
  onChange: (changes: Partial<SummaryFilters>) => void;
  /** Back to no filter. */
  onClear: () => void;
}

/**
 * The summary's filters: the search by resource name, the status and resource type tri-state
 * dropdowns, the "Include deleted resources" switch, and "Clear filters" once any is set.
 */
export function SummaryToolbar({ filters, filtered, onChange, onClear }: SummaryToolbarProps) {
  const onSearch = useCallback((search: string) => onChange({ search }), [onChange]);
  const bind = filterBinding(filters, onChange);
  return (
    <div className="mc-notif-toolbar" role="group" aria-label="Notification filters">
      <SearchBox
        value={filters.search}
        onSearch={onSearch}
        placeholder={SUMMARY_TOOLBAR_LABELS.search}
        className="mc-notif-search"
      />
      <FilterDropdown
        label={SUMMARY_TOOLBAR_LABELS.status}
        options={STATUS_OPTIONS}
        {...bind('status')}
      />
      <FilterDropdown
        label={SUMMARY_TOOLBAR_LABELS.resourceType}
        options={RESOURCE_TYPE_OPTIONS}
        {...bind('resourceType')}
      />
      <FilterSwitch
        className="mc-notif-switch"
        label={SUMMARY_TOOLBAR_LABELS.includeDeleted}
        checked={filters.includeDeleted}
        onChange={(includeDeleted) => onChange({ includeDeleted })}
      />
      {filtered && <ClearFiltersButton onClick={onClear} />}
    </div>
  );
}
