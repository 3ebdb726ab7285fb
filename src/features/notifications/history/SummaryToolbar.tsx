import { useCallback, useMemo } from 'react';
import {
  useGetSendHistoryTagsQuery,
  useGetSendHistoryTypesQuery,
} from '../../../api/endpoints/notificationHistory';
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
  resourceKind: 'Resource kind',
  resourceType: 'Resource type',
  tags: 'Tags',
  includeDeleted: 'Include deleted resources',
  suppressed: 'Show suppressed',
} as const;

/** What the suppressed switch's tooltip says it hides. */
export const SUPPRESSED_HINT =
  'Sends held back (skipped, silenced, inhibited or within the repeat interval) are hidden unless shown';

/** The send statuses of api.md NOTIF-07, as the status filter offers them. */
export const STATUS_OPTIONS: FilterOption[] = SEND_STATUSES.map((status) => ({
  value: status,
  label: sendStatusLabel(status),
}));

/** The kinds of resource a notification can be about. */
export const RESOURCE_KIND_OPTIONS: FilterOption[] = NOTIFICATION_RESOURCE_TYPES.map((type) => ({
  value: type,
  label: RESOURCE_KIND_LABELS[type],
}));

const asOptions = (values: readonly string[] | undefined): FilterOption[] =>
  (values ?? []).map((value) => ({ value, label: value }));

export interface SummaryToolbarProps {
  filters: SummaryFilters;
  /** Whether any filter is set. */
  filtered: boolean;
  onChange: (changes: Partial<SummaryFilters>) => void;
  /** Back to no filter. */
  onClear: () => void;
}

/**
 * The summary's filters: the search by resource name; the status, resource kind, resource type
 * and tags tri-state dropdowns (types and tags those of the resources notified about); the
 * "Include deleted resources" and "Show suppressed" switches; "Clear filters" once any is set.
 */
export function SummaryToolbar({ filters, filtered, onChange, onClear }: SummaryToolbarProps) {
  const onSearch = useCallback((search: string) => onChange({ search }), [onChange]);
  const bind = filterBinding(filters, onChange);
  const { data: types } = useGetSendHistoryTypesQuery();
  const { data: tags } = useGetSendHistoryTagsQuery();
  const typeOptions = useMemo(() => asOptions(types), [types]);
  const tagOptions = useMemo(
    () => (tags ?? []).map((tag) => ({ value: tag, label: tag.replace('=', ': ') })),
    [tags],
  );
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
        label={SUMMARY_TOOLBAR_LABELS.resourceKind}
        options={RESOURCE_KIND_OPTIONS}
        {...bind('resourceKind')}
      />
      <FilterDropdown
        label={SUMMARY_TOOLBAR_LABELS.resourceType}
        options={typeOptions}
        {...bind('resourceType')}
      />
      <FilterDropdown
        label={SUMMARY_TOOLBAR_LABELS.tags}
        options={tagOptions}
        tagStyle
        {...bind('tags')}
      />
      <FilterSwitch
        className="mc-notif-switch"
        label={SUMMARY_TOOLBAR_LABELS.includeDeleted}
        checked={filters.includeDeleted}
        onChange={(includeDeleted) => onChange({ includeDeleted })}
      />
      <SuppressedSwitch
        checked={filters.suppressed}
        onChange={(suppressed) => onChange({ suppressed })}
      />
      {filtered && <ClearFiltersButton onClick={onClear} />}
    </div>
  );
}

/** The switch that shows the sends held back (hidden by default). */
export function SuppressedSwitch({
  checked,
  onChange,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <span title={SUPPRESSED_HINT}>
      <FilterSwitch
        className="mc-notif-switch"
        label={SUMMARY_TOOLBAR_LABELS.suppressed}
        checked={checked}
        onChange={onChange}
      />
    </span>
  );
}
